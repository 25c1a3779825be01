import { hmacHex } from "../crypto.server";

/**
 * The download token of an approval: `{request uuid}.{HMAC-SHA256(secret, uuid + seed)}`. The
 * seed is 256 random bits stored with the row, so the token can be shown to the requester again
 * (the requester is not there when the owner approves) while the database alone cannot produce
 * it; only its SHA-256 is stored for the look-up. The uuid lets a refusal name its reason.
 */
export async function tokenFor(secret: string, uuid: string, seed: string): Promise<string> {
  return `${uuid}.${await hmacHex(secret, `access-request-token:${uuid}:${seed}`)}`;
}
export const TOKEN_PATTERN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.[0-9a-f]{64}$/;
export const hashPrefix = (hash: string | null) => hash?.slice(0, 12) ?? null;
