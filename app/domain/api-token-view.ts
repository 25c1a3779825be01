import { DEFAULT_PAGE_SIZE, type SortDir } from "./list-page";

/**
 * The zod-free half of the API-token domain (scopes, lifetimes, the view type, list defaults):
 * the 'Token API' page imports it without pulling zod into the browser.
 */

/** `read`: safe methods only (GET); `read_write`: everything the owner may do. */
export const API_TOKEN_SCOPES = ["read", "read_write"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** The lifetimes a token may be given, in days: a year at most. */
export const API_TOKEN_LIFETIMES = [7, 30, 90, 180, 365] as const;
export const DEFAULT_API_TOKEN_LIFETIME = 90;

/** Every token starts with this, so a leaked one is easy to recognise (and to search for in code). */
export const API_TOKEN_PREFIX = "earsip_";

export type ApiTokenStatus = "active" | "expired" | "revoked";

/**
 * Why a token was revoked: by its owner, by a Super Admin, or with all of its owner's tokens at
 * once (a new role or unit, a password reset, 'Akhiri Sesi' with the tokens, a deactivation).
 */
export type ApiTokenRevokeReason = "OWNER" | "ADMIN" | "OWNER_CHANGED" | "PASSWORD_RESET" | "SESSIONS_ENDED" | "OWNER_DEACTIVATED";

/** One token as the 'Token API' page lists it (never the token itself, which is shown once). */
export type ApiTokenView = {
  uuid: string;
  name: string;
  scope: ApiTokenScope;
  /** The token's public start (`earsip_AbCd…`), to tell tokens apart. */
  prefix: string;
  /** The owner's full name and username (the Super Admin's list shows everyone's). */
  owner: { fullName: string; username: string };
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  revokedReason: ApiTokenRevokeReason | null;
  status: ApiTokenStatus;
  canRevoke: boolean;
};

/** A token just created: the only moment its value is known. */
export type CreatedApiToken = { token: string; view: ApiTokenView };

export const API_TOKEN_SORTS = ["createdAt", "name", "expiresAt", "lastUsedAt"] as const;
export type ApiTokenSort = (typeof API_TOKEN_SORTS)[number];

/** What an empty list URL means (the schema's defaults). */
export const API_TOKEN_LIST_DEFAULTS = { q: "", sort: "createdAt" as ApiTokenSort, dir: "desc" as SortDir, page: 1, size: DEFAULT_PAGE_SIZE };
