import { sql, type ExpressionBuilder } from "kysely";
import type { AccessRequestListQuery } from "~/domain/access-requests";
import type { AccessRequestScope } from "~/domain/policy";
import type { Database } from "../db-schema";
import type { Db } from "../db.server";

type Deps = { db: Db };
type Tables = Database & {
  r: Database["access_requests"];
  a: Database["archives"];
  u: Database["users"];
  uk: Database["unit_kerja"];
};

/** An access request with its document, requester name and owning unit name. */
function baseQuery({ db }: Deps) {
  return db
    .selectFrom("access_requests as r")
    .innerJoin("archives as a", "a.id", "r.archive_id")
    .innerJoin("users as u", "u.id", "r.requester_id")
    .leftJoin("unit_kerja as uk", "uk.id", "r.owner_unit_kerja_id")
    .select([
      "r.id",
      "r.uuid",
      "r.status",
      "r.request_message",
      "r.response_message",
      "r.requester_id",
      "r.owner_unit_kerja_id",
      "r.token_hash",
      "r.token_seed",
      "r.download_count",
      "r.last_downloaded_at",
      "r.created_at",
      "r.responded_at",
      "r.expires_at",
      "r.revoked_at",
      "a.id as archive_id",
      "a.uuid as archive_uuid",
      "a.title as archive_title",
      "a.r2_key",
      "a.file_name",
      "a.file_size",
      "a.mime_type",
      "a.sha256",
      "u.full_name as requester_name",
      "uk.nama as owner_name",
    ]);
}
export type AccessRequestRow = NonNullable<Awaited<ReturnType<ReturnType<typeof baseQuery>["executeTakeFirst"]>>>;

export function findAccessRequest(deps: Deps, uuid: string): Promise<AccessRequestRow | undefined> {
  return baseQuery(deps).where("r.uuid", "=", uuid).executeTakeFirst();
}

/** The requester's open (PENDING or APPROVED) request for a document, if any. */
export function findOpenRequest(deps: Deps, archiveUuid: string, requesterId: number): Promise<AccessRequestRow | undefined> {
  return baseQuery(deps)
    .where("a.uuid", "=", archiveUuid)
    .where("r.requester_id", "=", requesterId)
    .where("r.status", "in", ["PENDING", "APPROVED"])
    .executeTakeFirst();
}

/** The document fields a new request needs. */
export function findArchiveForRequest({ db }: Deps, uuid: string) {
  return db
    .selectFrom("archives")
    .select(["id", "uuid", "title", "access_level", "uploader_id", "unit_kerja_id"])
    .where("uuid", "=", uuid)
    .executeTakeFirst();
}

const SORT_COLUMNS = {
  createdAt: "r.created_at",
  archiveTitle: "a.title",
  status: "r.status",
  requester: "u.full_name",
  owner: "uk.nama",
  expiresAt: "r.expires_at",
} as const satisfies Record<AccessRequestListQuery["sort"], string>;

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function listFilter(scope: AccessRequestScope & { actorId: number }, query: AccessRequestListQuery) {
  return (eb: ExpressionBuilder<Tables, "r" | "a" | "u" | "uk">) => {
    const conditions = [];
    if (!scope.all) {
      conditions.push(
        scope.unitKerjaId === null
          ? eb("r.requester_id", "=", scope.requesterId)
          : eb.or([eb("r.requester_id", "=", scope.requesterId), eb("r.owner_unit_kerja_id", "=", scope.unitKerjaId)]),
      );
    }
    if (query.box === "sent") conditions.push(eb("r.requester_id", "=", scope.actorId));
    if (query.box === "received") conditions.push(eb("r.requester_id", "<>", scope.actorId));
    if (query.status) conditions.push(eb("r.status", "=", query.status));
    if (query.q) {
      const pattern = likePattern(query.q);
      const like = (column: string) => sql<boolean>`${sql.ref(column)} LIKE ${pattern} ESCAPE '\\'`;
      conditions.push(
        eb.or([like("a.title"), like("r.request_message"), like("r.response_message"), like("u.full_name"), like("uk.nama")]),
      );
    }
    return eb.and(conditions);
  };
}

/** One page of the requests `scope` allows, filtered, searched and sorted; with the total. */
export async function listAccessRequestRows(
  deps: Deps,
  scope: AccessRequestScope & { actorId: number },
  query: AccessRequestListQuery,
): Promise<{ rows: AccessRequestRow[]; total: number }> {
  const filter = listFilter(scope, query);
  const [rows, count] = await Promise.all([
    baseQuery(deps)
      .where(filter)
      .orderBy(sql.ref(SORT_COLUMNS[query.sort]), query.dir)
      .orderBy("r.id", query.dir)
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
    deps.db
      .selectFrom("access_requests as r")
      .innerJoin("archives as a", "a.id", "r.archive_id")
      .innerJoin("users as u", "u.id", "r.requester_id")
      .leftJoin("unit_kerja as uk", "uk.id", "r.owner_unit_kerja_id")
      .where(filter)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** PENDING requests addressed to a unit (the sidebar badge). */
export async function countPendingForUnit({ db }: Deps, unitKerjaId: number): Promise<number> {
  const row = await db
    .selectFrom("access_requests")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("owner_unit_kerja_id", "=", unitKerjaId)
    .where("status", "=", "PENDING")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
