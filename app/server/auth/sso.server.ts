import { sql } from "kysely";
import { DomainError } from "~/domain/errors";
import { ROLES, type RoleName } from "~/domain/roles";
import { USERNAME_PATTERN } from "~/domain/users";
import type { RequestContext, SessionUser } from "../context.server";
import type { SsoClaimMapping, SsoLinkBy } from "../env.server";
import { toSessionUser, usersWithRole } from "./session.server";
import { commit } from "../audit/commit.server";
import { startSession, type LoginResult } from "./service.server";
import { applySsoClaims, createSsoViewer } from "../users/service.server";

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
  /** Every claim of the verified id_token (SSO claim mapping reads the configured ones). */
  claims: Readonly<Record<string, unknown>>;
};

/**
 * Why an SSO identity did not open a session (audited, never shown to the user in detail):
 * no account matched (`unknown_user`), the matched account is linked to another subject
 * (`subject_mismatch`), automatic linking is off (`not_linked`), or, linking by email, the token
 * has no email (`email_missing`), does not vouch for it (`email_unverified`), or more than one
 * account has it (`email_ambiguous`). With SSO_CREATE_VIEWERS, the new account could not be
 * named: no usable `preferred_username` (`username_unusable`) or it is taken (`username_taken`).
 * With claim mapping: the claims make a Satuan Kerja without a known work unit
 * (`unit_unresolved`), or the users service refused the change (`claims_refused`, e.g. the last
 * Super Admin would lose the role). The account found is deactivated (`deactivated`).
 */
export type SsoRefusal =
  | "unknown_user"
  | "subject_mismatch"
  | "not_linked"
  | "email_missing"
  | "email_unverified"
  | "email_ambiguous"
  | "username_unusable"
  | "username_taken"
  | "unit_unresolved"
  | "claims_refused"
  | "deactivated";

/** The refusals that are about what the claims say, not about who signed in (their own notice). */
export const CLAIM_REFUSALS: ReadonlySet<SsoRefusal> = new Set(["unit_unresolved", "claims_refused"]);

/**
 * The first sign-ins that may create an account (SSO_CREATE_VIEWERS): no account was found for
 * the identity. Not a conflict (`subject_mismatch`, `email_ambiguous`): those need an administrator.
 */
const CREATABLE: ReadonlySet<SsoRefusal> = new Set(["unknown_user", "not_linked", "email_missing", "email_unverified"]);

export class SsoUserNotFoundError extends Error {
  constructor(readonly reason: SsoRefusal) {
    super(`SSO identity not mapped to an E-Arsip user (${reason})`);
    this.name = "SsoUserNotFoundError";
  }
}

/**
 * Sign in with an identity the IdP has vouched for (the id_token is verified by the caller).
 * Anyone may call it; only existing E-Arsip users get in, unless SSO_CREATE_VIEWERS is on.
 *
 * Mapping rule: the user whose `sso_subject` is the identity's subject. Otherwise, by
 * SSO_LINK_BY (`ctx.config.sso.linkBy`): `subject` refuses; `email` takes the one user whose
 * email equals the `email` claim (case ignored) when `email_verified` is true; `username` takes
 * the user whose username equals `preferred_username` (case ignored). The user found must not be
 * linked to another subject yet; the subject is linked now. Once linked, a renamed IdP account
 * (or a changed email) still finds its user, and another IdP account that later takes the same
 * username or email does not. When no account is found (see CREATABLE) and SSO_CREATE_VIEWERS is
 * on, a Viewer account is created, linked to the subject (`createSsoViewer`).
 *
 * Claim mapping (`ctx.config.sso.claims`), when on, then gives the user the role and work unit
 * the claims name, through the users service (see `applyClaims`), before the session opens.
 *
 * Side effects: a session row, a LOGIN audit row and, on first use, `users.sso_subject` plus an
 * SSO_LINKED audit row, all in one D1 batch; before it, the claims' changes (SSO_CLAIMS_APPLIED)
 * and a created account (SSO_USER_CREATE). On refusal: a LOGIN_FAILED audit row with the reason
 * and SsoUserNotFoundError.
 */
export async function signInWithSso(ctx: RequestContext, identity: SsoIdentity): Promise<LoginResult> {
  const linkBy = ctx.config.sso?.linkBy ?? "subject";
  const mapping = ctx.config.sso?.claims ?? null;
  const refuse = async (reason: SsoRefusal, error?: string): Promise<never> => {
    await recordSsoFailure(ctx, reason, {
      username: identity.preferredUsername,
      email: identity.email,
      subject: identity.subject,
      linkBy,
      ...(error ? { error } : {}),
    });
    throw new SsoUserNotFoundError(reason);
  };

  const bySubject = await findUser(ctx).where("u.sso_subject", "=", identity.subject).executeTakeFirst();
  if (bySubject?.deactivated_at) return refuse("deactivated");
  if (bySubject) return startSession(ctx, await applyClaims(ctx, identity, bySubject, mapping, refuse), "sso");

  const found = await findUserToLink(ctx, identity, linkBy);
  const candidate = "user" in found && found.user.sso_subject !== null ? { refusal: "subject_mismatch" as const } : found;
  if ("user" in candidate && candidate.user.deactivated_at) return refuse("deactivated");
  if ("refusal" in candidate) {
    if (!mapping?.createViewers || !CREATABLE.has(candidate.refusal)) return refuse(candidate.refusal);
    return startSession(ctx, await createViewer(ctx, identity, mapping, refuse), "sso");
  }

  const user = await applyClaims(ctx, identity, candidate.user, mapping, refuse);
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

type Refuse = (reason: SsoRefusal, error?: string) => Promise<never>;
type UserRow = NonNullable<Awaited<ReturnType<ReturnType<typeof findUser>["executeTakeFirst"]>>>;

/**
 * The role and work unit the claims give a user who is `current`, or the refusal. The role: the
 * highest of the roles SSO_ROLE_MAP gives the role claim's values (Super Admin > Satuan Kerja >
 * Viewer), Viewer when none maps: with mapping on, the IdP decides, and a person removed from
 * every group must not keep a role. The unit (Satuan Kerja only): the unit claim's value,
 * through SSO_UNIT_MAP when set, matched to a unit's name; without unit mapping, the user's own.
 */
async function claimedRoleAndUnit(
  ctx: RequestContext,
  identity: SsoIdentity,
  current: { role: RoleName; unit_kerja_id: number | null },
  mapping: SsoClaimMapping,
): Promise<{ roleName: RoleName; unit: { id: number; nama: string } | null } | { refusal: SsoRefusal }> {
  const roleName = mapping.role ? highestRole(claimValues(identity.claims[mapping.role.claim]).map((value) => mapping.role!.map[value])) : current.role;
  if (roleName !== ROLES.satuanKerja) return { roleName, unit: null };
  if (!mapping.unit) {
    if (current.unit_kerja_id === null) return { refusal: "unit_unresolved" };
    const own = await ctx.db.selectFrom("unit_kerja").select(["id", "nama"]).where("id", "=", current.unit_kerja_id).executeTakeFirstOrThrow();
    return { roleName, unit: own };
  }
  // A unit claim with several values is ambiguous: only a single one is taken.
  const values = claimValues(identity.claims[mapping.unit.claim]);
  const value = values.length === 1 ? values[0]! : null;
  const name = value === null ? null : mapping.unit.map ? (Object.hasOwn(mapping.unit.map, value) ? mapping.unit.map[value]! : null) : value;
  // unit_kerja.nama is unique ignoring case (index unit_kerja_nama_nocase).
  const unit = name ? await ctx.db.selectFrom("unit_kerja").select(["id", "nama"]).where(sql<string>`nama COLLATE NOCASE`, "=", name.trim()).executeTakeFirst() : undefined;
  return unit ? { roleName, unit } : { refusal: "unit_unresolved" };
}

/** A claim's values: a string, or the strings of an array (anything else counts as none). */
function claimValues(claim: unknown): string[] {
  const values = Array.isArray(claim) ? claim : [claim];
  return values.filter((value): value is string => typeof value === "string" && value.trim() !== "").map((value) => value.trim());
}

const ROLE_PRECEDENCE: readonly RoleName[] = [ROLES.superAdmin, ROLES.satuanKerja, ROLES.viewer];

const highestRole = (roles: (RoleName | undefined)[]): RoleName => ROLE_PRECEDENCE.find((role) => roles.includes(role)) ?? ROLES.viewer;

/**
 * Give `row` the role and unit its claims name (nothing when mapping is off or nothing differs),
 * through the users service so that an SSO change ends what an administrator's change ends.
 * A Satuan Kerja without a resolvable unit, or a change the service refuses, refuses the sign-in.
 */
async function applyClaims(ctx: RequestContext, identity: SsoIdentity, row: UserRow, mapping: SsoClaimMapping | null, refuse: Refuse): Promise<SessionUser> {
  if (!mapping?.role && !mapping?.unit) return toSessionUser(row);
  const claimed = await claimedRoleAndUnit(ctx, identity, row, mapping);
  if ("refusal" in claimed) return refuse(claimed.refusal);
  if (claimed.roleName === row.role && (claimed.unit === null || claimed.unit.id === row.unit_kerja_id)) return toSessionUser(row);
  try {
    await applySsoClaims(ctx, row.uuid, claimed);
  } catch (error) {
    if (error instanceof DomainError) return refuse("claims_refused", error.message);
    throw error;
  }
  return toSessionUser(await findUser(ctx).where("u.id", "=", row.id).executeTakeFirstOrThrow());
}

/**
 * SSO_CREATE_VIEWERS: a Viewer account for an identity that links to none, named by its
 * `preferred_username`, with its email only when the IdP vouches for it; then the claims apply.
 * The claims are checked first, so a refused sign-in leaves no account behind.
 */
async function createViewer(ctx: RequestContext, identity: SsoIdentity, mapping: SsoClaimMapping, refuse: Refuse): Promise<SessionUser> {
  const username = identity.preferredUsername ?? "";
  if (!USERNAME_PATTERN.test(username)) return refuse("username_unusable");
  const claimed = await claimedRoleAndUnit(ctx, identity, { role: ROLES.viewer, unit_kerja_id: null }, mapping);
  if ("refusal" in claimed) return refuse(claimed.refusal);
  try {
    await createSsoViewer(ctx, {
      username,
      fullName: (identity.name ?? username).slice(0, 100),
      email: identity.emailVerified && identity.email ? identity.email.slice(0, 254) : null,
      subject: identity.subject,
    });
  } catch (error) {
    if (error instanceof DomainError) return refuse("username_taken", error.message);
    throw error;
  }
  const created = await findUser(ctx).where("u.sso_subject", "=", identity.subject).executeTakeFirstOrThrow();
  return applyClaims(ctx, identity, created, mapping, refuse);
}

type LinkCandidate = { user: UserRow } | { refusal: SsoRefusal };

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

const findUser = (ctx: RequestContext) => usersWithRole(ctx.db).select(["u.sso_subject", "u.deactivated_at"]);
