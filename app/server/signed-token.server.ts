import { hmacHex } from "./crypto.server";

/**
 * A download token the holder can be shown again without the database being able to forge it:
 * `{row uuid}.{HMAC-SHA256(secret, purpose:uuid:seed)}`. The seed is 256 random bits stored with
 * the row; only a hash of the token (or the recomputed HMAC) is ever compared. The uuid lets a
 * refusal name its reason; the purpose keeps one kind of token from ever passing for another.
 */
export async function signedToken(secret: string, purpose: string, uuid: string, seed: string): Promise<string> {
  return `${uuid}.${await hmacHex(secret, `${purpose}:${uuid}:${seed}`)}`;
}
export const SIGNED_TOKEN_PATTERN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.[0-9a-f]{64}$/;
export const hashPrefix = (hash: string | null) => hash?.slice(0, 12) ?? null;
