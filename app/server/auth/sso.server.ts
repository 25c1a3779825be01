import { sql } from "kysely";
import type { RequestContext } from "../context.server";
import type { SsoLinkBy } from "../env.server";
import { toSessionUser, usersWithRole } from "./session.server";
import { commit } from "../audit/commit.server";
import { startSession, type LoginResult } from "./service.server";

/** Who the identity provider says signed in, from a verified id_token. */
export type SsoIdentity = {
  /** The `sub` claim: stable and unique at the issuer. */
  subject: string;
  /** The `preferred_username` claim, used once to find the account to link (SSO_LINK_BY=username). */
  preferredUsername: string | null;
  /** The `email` claim, used once to find the account to link (SSO_LINK_BY=email). */
  email: string | null;
  /** True only when the id_token says `email_verified: true` (the boolean, not a string). */
  emailVerified: boolean;
  name: string | null;
};

/**
 * Why an SSO identity did not open a session (audited, never shown to the user in detail):
 * no account matched (`unknown_user`), the matched account is linked to another subject
 * (`subject_mismatch`), automatic linking is off (`not_linked`), or, linking by email, the token
 * has no email (`email_missing`), does not vouch for it (`email_unverified`), or more than one
 * account has it (`email_ambiguous`).
 */
export type SsoRefusal = "unknown_user" | "subject_mismatch" | "not_linked" | "email_missing" | "email_unverified" | "email_ambiguous";

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
 * Mapping rule: the user whose `sso_subject` is the identity's subject. Otherwise, by
 * SSO_LINK_BY (`ctx.config.sso.linkBy`): `subject` refuses; `email` takes the one user whose
 * email equals the `email` claim (case ignored) when `email_verified` is true; `username` takes
 * the user whose username equals `preferred_username` (case ignored). The user found must not be
 * linked to another subject yet; the subject is linked now. Once linked, a renamed IdP account
 * (or a changed email) still finds its user, and another IdP account that later takes the same
 * username or email does not.
 *
 * Side effects: a session row, a LOGIN audit row and, on first use, `users.sso_subject` plus an
 * SSO_LINKED audit row, all in one D1 batch. On refusal: a LOGIN_FAILED audit row with the
 * reason and SsoUserNotFoundError.
 */
export async function signInWithSso(ctx: RequestContext, identity: SsoIdentity): Promise<LoginResult> {
  const bySubject = await findUser(ctx).where("u.sso_subject", "=", identity.subject).executeTakeFirst();
  if (bySubject) return startSession(ctx, toSessionUser(bySubject), "sso");

  const linkBy = ctx.config.sso?.linkBy ?? "subject";
  const found = await findUserToLink(ctx, identity, linkBy);
  const candidate = "user" in found && found.user.sso_subject !== null ? { refusal: "subject_mismatch" as const } : found;
  if ("refusal" in candidate) {
    await recordSsoFailure(ctx, candidate.refusal, {
      username: identity.preferredUsername,
      email: identity.email,
      subject: identity.subject,
      linkBy,
    });
    throw new SsoUserNotFoundError(candidate.refusal);
  }

  const user = toSessionUser(candidate.user);
  return startSession(ctx, user, "sso", {
    // `sso_subject IS NULL` keeps a concurrent first sign-in from overwriting another link.
    writes: [ctx.db.updateTable("users").set({ sso_subject: identity.subject }).where("id", "=", user.userId).where("sso_subject", "is", null)],
    audit: [
      {
        action: "SSO_LINKED",
        params: { name: user.name, username: user.username },
        details: { method: "sso", subject: identity.subject, linkBy },
        actorId: user.userId,
        targetType: "user",
        targetId: user.uuid,
      },
    ],
  });
}

type LinkCandidate = { user: NonNullable<Awaited<ReturnType<ReturnType<typeof findUser>["executeTakeFirst"]>>> } | { refusal: SsoRefusal };

/** The account an identity not linked yet may be linked to under `linkBy`, or why there is none. */
async function findUserToLink(ctx: RequestContext, identity: SsoIdentity, linkBy: SsoLinkBy): Promise<LinkCandidate> {
  switch (linkBy) {
    case "subject":
      return { refusal: "not_linked" };
    case "username": {
      const username = identity.preferredUsername?.trim() ?? "";
      // users.username is COLLATE NOCASE: this comparison ignores case.
      const user = username ? await findUser(ctx).where("u.username", "=", username).executeTakeFirst() : undefined;
      return user ? { user } : { refusal: "unknown_user" };
    }
    case "email": {
      const email = identity.email?.trim() ?? "";
      if (!email) return { refusal: "email_missing" };
      // An unverified email is whatever the person typed at the IdP: linking by it would hand
      // them the account of whoever has that address here.
      if (!identity.emailVerified) return { refusal: "email_unverified" };
      // users.email is neither unique nor NOCASE; lower() folds ASCII, which is what addresses
      // use in practice (a non-ASCII case difference just does not match: a refusal, not a risk).
      const users = await findUser(ctx)
        .where(sql<string>`lower(trim(u.email))`, "=", email.toLowerCase())
        .limit(2)
        .execute();
      if (users.length > 1) return { refusal: "email_ambiguous" };
      return users[0] ? { user: users[0] } : { refusal: "unknown_user" };
    }
  }
}

/**
 * Audit a single sign-on that did not complete: a refused identity, or a protocol failure
 * (bad state, an error from the IdP, a failed token exchange, an invalid id_token).
 * Side effect: one LOGIN_FAILED audit row with `details.method = "sso"`.
 */
export async function recordSsoFailure(
  ctx: RequestContext,
  reason: string,
  details: { username?: string | null; email?: string | null; subject?: string; linkBy?: SsoLinkBy; error?: string } = {},
): Promise<void> {
  await commit(ctx, [
    {
      action: "LOGIN_FAILED",
      params: { method: "sso", reason, username: details.username, email: details.email },
      details: { method: "sso", reason, ...details },
      actorId: null,
    },
  ]);
}

const findUser = (ctx: RequestContext) => usersWithRole(ctx.db).select("u.sso_subject");
