/**
 * PBKDF2-SHA256 password hashing through WebCrypto. Self-contained (no imports) so the Node
 * seed script can load it too. 100,000 iterations is the most production Workers allow.
 */
export const PASSWORD_ITERATIONS = 100_000;

export type PasswordHash = { hash: string; salt: string; iterations: number };

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
const fromHex = (text: string) => new Uint8Array(text.match(/../g)?.map((h) => parseInt(h, 16)) ?? []);

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, [
    "deriveBits",
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: salt as BufferSource, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(password: string): Promise<PasswordHash> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, PASSWORD_ITERATIONS);
  return { hash: hex(hash), salt: hex(salt), iterations: PASSWORD_ITERATIONS };
}

export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const actual = await derive(password, fromHex(stored.salt), stored.iterations);
  const expected = fromHex(stored.hash);
  let diff = actual.length ^ expected.length;
  for (let i = 0; i < actual.length; i++) diff |= actual[i]! ^ (expected[i] ?? 0);
  return diff === 0;
}

/** A fixed hash to verify against when the username is unknown, so both paths cost the same. */
export const DUMMY_PASSWORD_HASH: PasswordHash = {
  hash: "0".repeat(64),
  salt: "00000000000000000000000000000000",
  iterations: PASSWORD_ITERATIONS,
};
