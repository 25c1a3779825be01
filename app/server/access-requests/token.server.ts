import { signedToken } from "../signed-token.server";

export { SIGNED_TOKEN_PATTERN as TOKEN_PATTERN, hashPrefix } from "../signed-token.server";

/**
 * The download token of an approval (see `signedToken`): shown to the requester again (the
 * requester is not there when the owner approves), only its SHA-256 stored for the look-up.
 */
export const tokenFor = (secret: string, uuid: string, seed: string): Promise<string> => signedToken(secret, "access-request-token", uuid, seed);
