import type { RequestContext } from "../context.server";
import { toSessionUser, usersWithRole } from "./session.server";
import { commit } from "../audit/commit.server";
import { startSession, type LoginResult } from "./service.server";

/** Who the identity provider says signed in, from a verified id_token. */
export type SsoIdentity = {
  /** The `sub` claim: stable and unique at the issuer. */
  subject: string;
  /** The `preferred_username` claim, used once to find the account to link. */
  preferredUsername: string | null;
  name: string | null;
};

/** Why an SSO identity did not open a session (never shown to the user in detail). */
export type SsoRefusal = "unknown_user" | "subject_mismatch";

export class SsoUserNotFoundError extends Error {
  constructor(readonly reason: SsoRefusal) {
    super(`SSO identity not mapped to an E-Arsip user (${reason})`);
    this.name = "SsoUserNotFoundError";
  }
}

/**
 * Sign in with an identity the IdP has vouched for (the id_token is verified by the caller).
 * Anyone may call it; only existing E-Arsip users get in — SSO never creates accounts.
 *
 * Mapping rule: the user whose `sso_subject` is the identity's subject; otherwise the user whose
 * username equals `preferred_username` (case-insensitive) and who is not yet linked to another
 * subject, in which case the subject is linked now. Once linked, a renamed IdP account still
 * finds its user, and another IdP account that later takes the same username does not.
 *
 * Side effects: a session row, a LOGIN audit row and, on first use, `users.sso_subject` plus an
 * SSO_LINKED audit row, all in one D1 batch. On refusal: a LOGIN_FAILED audit row and
 * SsoUserNotFoundError.
 */
export async function signInWithSso(ctx: RequestContext, identity: SsoIdentity): Promise<LoginResult> {
  const bySubject = await findUser(ctx).where("u.sso_subject", "=", identity.subject).executeTakeFirst();
  if (bySubject) return startSession(ctx, toSessionUser(bySubject), "sso");

  const username = identity.preferredUsername?.trim() ?? "";
  // users.username is COLLATE NOCASE: this comparison ignores case.
  const byUsername = username ? await findUser(ctx).where("u.username", "=", username).executeTakeFirst() : undefined;
  if (!byUsername || byUsername.sso_subject !== null) {
    const reason: SsoRefusal = byUsername ? "subject_mismatch" : "unknown_user";
    await recordSsoFailure(ctx, reason, { username: username || null, subject: identity.subject });
    throw new SsoUserNotFoundError(reason);
  }

  const user = toSessionUser(byUsername);
  return startSession(ctx, user, "sso", {
    // `sso_subject IS NULL` keeps a concurrent first sign-in from overwriting another link.
    writes: [ctx.db.updateTable("users").set({ sso_subject: identity.subject }).where("id", "=", user.userId).where("sso_subject", "is", null)],
    audit: [
      {
        action: "SSO_LINKED",
        params: { name: user.name, username: user.username },
        details: { method: "sso", subject: identity.subject },
        actorId: user.userId,
        targetType: "user",
        targetId: user.uuid,
      },
    ],
  });
}

/**
 * Audit a single sign-on that did not complete: a refused identity, or a protocol failure
 * (bad state, an error from the IdP, a failed token exchange, an invalid id_token).
 * Side effect: one LOGIN_FAILED audit row with `details.method = "sso"`.
 */
export async function recordSsoFailure(
  ctx: RequestContext,
  reason: string,
  details: { username?: string | null; subject?: string; error?: string } = {},
): Promise<void> {
  await commit(ctx, [
    {
      action: "LOGIN_FAILED",
      params: { method: "sso", reason, username: details.username },
      details: { method: "sso", reason, ...details },
      actorId: null,
    },
  ]);
}

const findUser = (ctx: RequestContext) => usersWithRole(ctx.db).select("u.sso_subject");
