import type { ApiTokenListQuery } from "~/domain/api-tokens";
import type { Db } from "../db/db.server";
import { offsetPage } from "../db/offset-page.server";

/** Reusable reads of personal API tokens (`fn({ db }, …)`). */
type Deps = { db: Db };

export function selectApiTokens({ db }: Deps) {
  return db
    .selectFrom("api_tokens as t")
    .innerJoin("users as u", "u.id", "t.user_id")
    .select([
      "t.id",
      "t.uuid",
      "t.user_id",
      "t.name",
      "t.scope",
      "t.token_prefix",
      "t.role_id",
      "t.unit_kerja_id",
      "t.created_at",
      "t.expires_at",
      "t.last_used_at",
      "t.revoked_at",
      "t.revoked_reason",
      "u.full_name as owner_full_name",
      "u.username as owner_username",
      "u.role_id as owner_role_id",
      "u.unit_kerja_id as owner_unit_kerja_id",
    ]);
}
export type ApiTokenRow = NonNullable<Awaited<ReturnType<ReturnType<typeof selectApiTokens>["executeTakeFirst"]>>>;

/** Whose tokens a list shows: everyone's (Super Admin) or one owner's. */
export type ApiTokenScopeFilter = { all: true } | { all: false; userId: number };

const SORT_COLUMNS = { createdAt: "t.created_at", name: "t.name", expiresAt: "t.expires_at", lastUsedAt: "t.last_used_at" } as const;

/** One page of tokens (search in the token's name and its owner's names) and the number of matches. */
export function listApiTokenRows(deps: Deps, scope: ApiTokenScopeFilter, query: ApiTokenListQuery, nowIso: string) {
  return offsetPage(
    () =>
      selectApiTokens(deps)
        .$if(!scope.all, (qb) => qb.where("t.user_id", "=", (scope as { userId: number }).userId))
        .$if(query.status === "revoked", (qb) => qb.where("t.revoked_at", "is not", null))
        .$if(query.status === "expired", (qb) => qb.where("t.revoked_at", "is", null).where("t.expires_at", "<=", nowIso))
        .$if(query.status === "active", (qb) => qb.where("t.revoked_at", "is", null).where("t.expires_at", ">", nowIso)),
    { search: ["t.name", "u.username", "u.full_name"], sort: SORT_COLUMNS[query.sort], id: "t.id" },
    query,
  );
}

export function findApiToken(deps: Deps, uuid: string): Promise<ApiTokenRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(uuid)) return Promise.resolve(undefined);
  return selectApiTokens(deps).where("t.uuid", "=", uuid.toLowerCase()).executeTakeFirst();
}

/** Tokens of a user that still work (not revoked, not expired). */
export async function countLiveTokens({ db }: Deps, userId: number, nowIso: string): Promise<number> {
  const row = await db
    .selectFrom("api_tokens")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", nowIso)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
