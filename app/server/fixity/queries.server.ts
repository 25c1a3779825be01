import { FIXITY_CARD_PROBLEMS, type FixityDocumentRef, type FixityOverview, type FixityProblem } from "~/domain/fixity";
import type { Db } from "../db/db.server";
import { inListChunks } from "../db/in-list.server";
import { batchedRead, preparedQuery, type BatchedRead } from "../db/prepared.server";

/** Plain reads of the fixity records, reusable by any service: each takes its dependencies first. */
export type Deps = { db: Db };

export type FixityRow = {
  r2_key: string;
  sha256: string;
  file_size: number;
  status: "OK" | "MISMATCH" | "MISSING" | null;
};

/**
 * The next objects to check: never checked first, then the longest unchecked (the index
 * `file_fixity_due` gives this order without sorting; NULLs sort first).
 */
export function dueObjects({ db }: Deps, limit: number): Promise<FixityRow[]> {
  return db
    .selectFrom("file_fixity")
    .select(["r2_key", "sha256", "file_size", "status"])
    .orderBy("checked_at")
    .orderBy("r2_key")
    .limit(limit)
    .execute();
}

/** The fixity rows of the given objects (a document has as many as it has versions: no bound). */
export async function fixityRows({ db }: Deps, keys: string[]): Promise<FixityRow[]> {
  const rows: FixityRow[] = [];
  for (const chunk of inListChunks(keys)) {
    rows.push(...(await db.selectFrom("file_fixity").select(["r2_key", "sha256", "file_size", "status"]).where("r2_key", "in", chunk).execute()));
  }
  return rows;
}

/**
 * The document that first stored an object (its earliest version naming the key), in the trash
 * or not: fixity concerns what is stored, and a document in the trash still has its objects.
 */
export function documentOfObject({ db }: Deps, key: string): Promise<FixityDocumentRef | null> {
  return db
    .selectFrom("archive_files as f")
    .innerJoin("archives as a", "a.id", "f.archive_id")
    .select(["a.uuid", "a.title", "f.version", "a.deleted_at"])
    .where("f.r2_key", "=", key)
    .orderBy("f.id")
    .limit(1)
    .executeTakeFirst()
    .then((row) => (row ? { uuid: row.uuid, title: row.title, version: row.version, inTrash: row.deleted_at !== null } : null));
}

/** The card's five reads, compiled once per isolate (they take no values). */
const fixityProblemsStatement = preparedQuery((db, _shape: null) =>
  db
    .selectFrom("file_fixity as x")
    .select((eb) => [
      "x.status",
      "x.failing_since",
      "x.checked_at",
      "x.sha256",
      "x.actual_sha256",
      eb
        .selectFrom("archive_files as f")
        .innerJoin("archives as a", "a.id", "f.archive_id")
        .select((inner) => inner.fn<string>("json_array", ["a.uuid", "a.title", "f.version", "a.deleted_at"]).as("doc"))
        .whereRef("f.r2_key", "=", "x.r2_key")
        .orderBy("f.id")
        .limit(1)
        .as("document"),
    ])
    .where("x.failing_since", "is not", null)
    .orderBy("x.failing_since", "desc")
    .limit(FIXITY_CARD_PROBLEMS),
);
const fixityFailingStatement = preparedQuery((db, _shape: null) =>
  db.selectFrom("file_fixity").select((eb) => eb.fn.countAll<number>().as("n")).where("failing_since", "is not", null),
);
const fixityNewestStatement = preparedQuery((db, _shape: null) => db.selectFrom("file_fixity").select((eb) => eb.fn.max("checked_at").as("at")));
const fixityOldestStatement = preparedQuery((db, _shape: null) =>
  db.selectFrom("file_fixity").select((eb) => eb.fn.min("checked_at").as("at")).where("checked_at", "is not", null),
);
const fixityUncheckedStatement = preparedQuery((db, _shape: null) => db.selectFrom("file_fixity").select("r2_key").where("checked_at", "is", null).limit(1));

/**
 * The Super Admin dashboard card: failing objects (newest failures first, with the document each
 * belongs to) and when checks last ran. Only indexed reads of a few rows: no count over every
 * stored object per page view; one round trip, which the dashboard shares with its other cards.
 */
export function fixityOverviewQuery({ d1 }: { d1: D1Database }): BatchedRead<FixityOverview> {
  return batchedRead(
    [
      fixityProblemsStatement(d1, null),
      fixityFailingStatement(d1, null),
      fixityNewestStatement(d1, null),
      fixityOldestStatement(d1, null),
      fixityUncheckedStatement(d1, null),
    ],
    ([problemRows, failingRows, newestRows, oldestRows, uncheckedRows]) => ({
      failing: Number(failingRows[0]?.n ?? 0),
      lastCheckAt: (newestRows[0]?.at as string | null | undefined) ?? null,
      oldestCheckAt: (oldestRows[0]?.at as string | null | undefined) ?? null,
      someNeverChecked: uncheckedRows.length > 0,
      problems: problemRows.map((row): FixityProblem => {
        const doc = row.document ? (JSON.parse(row.document) as [string, string, number, string | null]) : null;
        return {
          outcome: row.status === "MISSING" ? "MISSING" : "MISMATCH",
          failingSince: row.failing_since!,
          checkedAt: row.checked_at!,
          expectedSha256: row.sha256,
          actualSha256: row.actual_sha256,
          document: doc ? { uuid: doc[0], title: doc[1], version: doc[2], inTrash: doc[3] !== null } : null,
        };
      }),
    }),
  );
}
