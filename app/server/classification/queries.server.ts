import { sql, type SqlBool } from "kysely";
import { SUBTREE_END, type ClassificationListQuery, type CodeRange } from "~/domain/classification";
import type { Db } from "../db/db.server";
import { containsPattern, likeEscaped } from "../db/like-pattern.server";
import { preparedQuery } from "../db/prepared.server";

/** Reads of the classification scheme (klasifikasi arsip). */
type Deps = { db: Db };

/**
 * The subtree rule (`codeSubtree` in ~/domain/classification) as SQL: the code in `column` is
 * `root` or a code below it. `root` is a range of bound values (`codeSubtree(code)`, one range
 * of the code index) or a column holding a code (a hold's code covering a document's).
 */
export function inCodeSubtree(column: string, root: CodeRange | { column: string }) {
  const code = sql.ref(column);
  if ("column" in root) {
    const rootCode = sql.ref(root.column);
    return sql<SqlBool>`(${code} >= ${rootCode} AND ${code} < ${rootCode} || ${sql.lit(SUBTREE_END)})`;
  }
  return sql<SqlBool>`(${code} >= ${root.from} AND ${code} < ${root.to})`;
}

const columns = [
  "k.id",
  "k.code",
  "k.parent_id",
  "k.name",
  "k.description",
  "k.security_class",
  "k.retention_active_years",
  "k.retention_inactive_years",
  "k.final_disposition",
  "k.legal_basis",
  "k.created_at",
  "k.updated_at",
] as const;

/** Codes with their parent's code, how many live documents are filed under each, and how many codes sit below. */
export function classificationSelect({ db }: Deps) {
  return db
    .selectFrom("classification_codes as k")
    .leftJoin("classification_codes as p", "p.id", "k.parent_id")
    .select([
      ...columns,
      "p.code as parent_code",
      (eb) => eb.selectFrom("archives as a").select(eb.fn.countAll<number>().as("n")).whereRef("a.classification_id", "=", "k.id").as("documents"),
      (eb) => eb.selectFrom("classification_codes as c").select(eb.fn.countAll<number>().as("n")).whereRef("c.parent_id", "=", "k.id").as("children"),
    ]);
}
export type ClassificationRow = NonNullable<Awaited<ReturnType<ReturnType<typeof classificationSelect>["executeTakeFirst"]>>>;

export function findClassificationByCode(deps: Deps, code: string): Promise<ClassificationRow | undefined> {
  return classificationSelect(deps).where("k.code", "=", code).executeTakeFirst();
}

export function findClassificationById(deps: Deps, id: number): Promise<ClassificationRow | undefined> {
  return classificationSelect(deps).where("k.id", "=", id).executeTakeFirst();
}

const SORTS = { code: "k.code", name: "k.name", updatedAt: "k.updated_at" } as const;

/** One page of codes (search in code and name), in the tree's order by default, with the total. */
export async function listClassificationRows(deps: Deps, query: ClassificationListQuery): Promise<{ rows: ClassificationRow[]; total: number }> {
  const pattern = query.q ? containsPattern(query.q) : null;
  const filtered = () =>
    pattern ? classificationSelect(deps).where(sql<boolean>`(${likeEscaped(sql.ref("k.code"), pattern)} OR ${likeEscaped(sql.ref("k.name"), pattern)})`) : classificationSelect(deps);
  const [rows, count] = await Promise.all([
    filtered()
      .orderBy(sql.ref(SORTS[query.sort]), query.dir)
      .orderBy("k.code", "asc")
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
    filtered().clearSelect().select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Every code in the tree's order (the CSV export and the document form's select: a few hundred rows). */
export function allClassifications(deps: Deps) {
  return deps.db.selectFrom("classification_codes as k").leftJoin("classification_codes as p", "p.id", "k.parent_id").select([...columns, "p.code as parent_code"]).orderBy("k.code").execute();
}

/** Live documents without a code (the admin dashboard's reminder): one trigger-kept row. */
export const unclassifiedCountStatement = preparedQuery((db, _shape: null) =>
  db.selectFrom("classification_counts").select("total as n").where("classification_id", "=", 0),
);

/** The codes a document list offers as filters: the top two levels of the tree (a filter includes the codes below). */
export const filterCodesStatement = preparedQuery((db, _shape: null) =>
  db.selectFrom("classification_codes").select(["code", "name"]).where("code", "not like", "%.%.%").orderBy("code"),
);
