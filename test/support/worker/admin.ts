import { expect } from "vitest";
import { createUnitKerja, createUser, type CreatedUser, type RoleName } from "./factories";
import { call, login, type CallOptions, type SignedIn } from "./http";

/** A signed-in user of a role (Satuan Kerja get a fresh unit unless one is given). */
export async function signedIn(role: RoleName, unitKerjaId?: number): Promise<{ user: CreatedUser; session: SignedIn }> {
  const unit = role === "Satuan Kerja" && unitKerjaId === undefined ? (await createUnitKerja()).id : (unitKerjaId ?? null);
  const user = await createUser({ role, unitKerjaId: unit });
  return { user, session: await login(user.username, user.password) };
}

/** One API call as `session` (null: a visitor), with its CSRF header; `json` or a raw `body`. */
export function send(session: SignedIn | null, method: string, path: string, body?: { json?: unknown; raw?: string }): Promise<Response> {
  const options: CallOptions = {
    method,
    cookie: session?.cookie,
    csrfToken: session?.csrfToken,
    ip: session?.ip,
  };
  if (body?.json !== undefined) options.json = body.json;
  if (body?.raw !== undefined) {
    options.body = body.raw;
    options.headers = { "content-type": "application/json" };
  }
  return call(path, options);
}

/** Parse a JSON body after checking the status (the body is shown when it differs). */
export async function expectJson<T>(response: Response, status: number, label = ""): Promise<T> {
  const text = await response.text();
  expect(response.status, `${label} ${text}`).toBe(status);
  return JSON.parse(text) as T;
}

/** Is this session still accepted? (`GET /api/v1/users/me`: 200 or 401.) */
export async function sessionWorks(session: SignedIn): Promise<boolean> {
  const response = await send(session, "GET", "/api/v1/users/me");
  await response.body?.cancel();
  return response.status === 200;
}

/** No response may carry a password hash, salt or iteration count, under any key. */
export function expectNoSecrets(text: string, hashes: string[] = []): void {
  expect(text).not.toMatch(/password|salt|iterations/i);
  for (const hash of hashes) expect(text).not.toContain(hash);
}
