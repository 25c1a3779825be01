import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { AccessRequestListQuery } from "~/domain/access-requests";
import type { AccessRequestScope } from "~/domain/policy";
import type { Database } from "../db/schema";
import type { Db } from "../db/db.server";
import { liveDocuments, type Audience } from "../documents/queries.server";
import { audienceValues, viewableWhere } from "../documents/access.server";
import { containsAny } from "../db/like-pattern.server";
import { preparedQuery } from "../db/prepared.server";

type Deps = { db: Db };
type Tables = Database & {
  r: Database["access_requests"];
  a: Database["archives"];
  u: Database["users"];
  uk: Database["unit_kerja"];
  rv: Database["users"];
};

/**
 * The requests whose document is live: a request about a document in the trash is out of sight
 * (lists, counts, answers, token downloads) until the document is restored.
 */
function requestsOnLiveDocuments({ db }: Deps) {
  return db.selectFrom("access_requests as r").innerJoin("archives as a", "a.id", "r.archive_id").where("a.deleted_at", "is", null);
}

/** An access request with its document, requester name and owning unit name. */
function baseQuery({ db }: Deps) {
  return requestsOnLiveDocuments({ db })
    .innerJoin("users as u", "u.id", "r.requester_id")
    .leftJoin("unit_kerja as uk", "uk.id", "r.owner_unit_kerja_id")
    .leftJoin("users as rv", "rv.id", "r.revoked_by")
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
      "r.requester_role",
      "r.requester_unit_kerja_id",
      "a.id as archive_id",
      "a.uuid as archive_uuid",
      "a.title as archive_title",
      "a.access_level as archive_access_level",
      "a.security_class as archive_security_class",
      "a.uploader_id as archive_uploader_id",
      "a.unit_kerja_id as archive_unit_kerja_id",
      "a.r2_key",
      "a.current_file_id",
      "a.file_name",
      "a.file_size",
      "a.mime_type",
      "a.sha256",
      "u.full_name as requester_name",
      "uk.nama as owner_name",
      "rv.full_name as revoked_by_name",
    ]);
}
export type AccessRequestRow = NonNullable<Awaited<ReturnType<ReturnType<typeof baseQuery>["executeTakeFirst"]>>>;

export function findAccessRequest(deps: Deps, uuid: string): Promise<AccessRequestRow | undefined> {
  return baseQuery(deps).where("r.uuid", "=", uuid).executeTakeFirst();
}

/** The requester's open (PENDING or APPROVED) request for a document (at most one). */
export function openRequestQuery(deps: Deps, archiveUuid: string, requesterId: number) {
  return baseQuery(deps).where("a.uuid", "=", archiveUuid).where("r.requester_id", "=", requesterId).where("r.status", "in", ["PENDING", "APPROVED"]);
}

/** The document fields a new request needs (live documents only: nobody asks for a trashed one). */
export function findArchiveForRequest({ db }: Deps, uuid: string) {
  return liveDocuments({ db })
    .select(["a.id", "a.uuid", "a.title", "a.access_level", "a.security_class", "a.uploader_id", "a.unit_kerja_id", "a.current_file_id"])
    .where("a.uuid", "=", uuid)
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

function listFilter(scope: AccessRequestScope & { actorId: number; audience: Audience }, query: AccessRequestListQuery) {
  return (eb: ExpressionBuilder<Tables, "r" | "a" | "u" | "uk">) => {
    // A request about a document the reader may not see (another unit's SANGAT_RAHASIA one) is
    // not listed. (rv, the revoker, is only joined for display: no filter reads it.)
    const conditions: Expression<SqlBool>[] = [viewableWhere(scope.audience.kind, audienceValues(scope.audience))(eb as never)];
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
    if (query.owner === "none") conditions.push(eb("r.owner_unit_kerja_id", "is", null));
    if (query.q) {
      const searched = ["a.title", "r.request_message", "r.response_message", "u.full_name", "uk.nama"];
      conditions.push(containsAny(searched.map((column) => sql.ref(column)), query.q));
    }
    return eb.and(conditions);
  };
}

/** One page of the requests `scope` allows, filtered, searched and sorted; with the total. */
export async function listAccessRequestRows(
  deps: Deps,
  scope: AccessRequestScope & { actorId: number; audience: Audience },
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
    requestsOnLiveDocuments(deps)
      .innerJoin("users as u", "u.id", "r.requester_id")
      .leftJoin("unit_kerja as uk", "uk.id", "r.owner_unit_kerja_id")
      .where(filter)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** PENDING requests on live documents addressed to one unit (the sidebar's badge on every page), compiled once per isolate. */
export const pendingForUnitStatement = preparedQuery((db, _shape: null, unitKerjaId: number) =>
  requestsOnLiveDocuments({ db })
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("r.owner_unit_kerja_id", "=", unitKerjaId)
    .where("r.status", "=", "PENDING"),
);

/** PENDING requests on live documents without an owning unit (Super Admin's dashboard panel). */
export const unownedPendingStatement = preparedQuery((db, _shape: null) =>
  requestsOnLiveDocuments({ db })
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("r.owner_unit_kerja_id", "is", null)
    .where("r.status", "=", "PENDING"),
);
