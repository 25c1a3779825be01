import { expressionBuilder, sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { mayOpenFile, mayView, seesMetadata, type Audience, type AudienceKind, type FileTerms, type ViewTerms } from "~/domain/access-rule";
import type { Database } from "../db/schema";

/**
 * The SQL readings of the access rule (~/domain/access-rule): the same definition `can()` reads
 * in TypeScript, as conditions on `archives a` (every catalogue read) and on `archive_counts n`
 * (the trigger-kept counts). Nothing else in the server writes who may see a document.
 */

type Condition = Expression<SqlBool>;
export type ArchiveBuilder = ExpressionBuilder<Database & { a: Database["archives"] }, "a">;
export type CounterBuilder = ExpressionBuilder<Database & { n: Database["archive_counts"] }, "n">;

/** A unit id no document has: the reader belongs to no unit. */
const NO_UNIT = -2;
/** A user id nobody has: the reader is nobody's uploader (the public, Super Admin). */
const NO_USER = -1;

/**
 * The reader's values the SQL binds as parameters (the SQL's text depends on the audience's kind
 * only, so a prepared statement is compiled once per kind).
 */
export type AudienceValues = { unitId: number; userId: number };
export const audienceValues = (audience: Audience): AudienceValues =>
  audience.kind === "unit" ? { unitId: audience.unitKerjaId ?? NO_UNIT, userId: audience.userId } : { unitId: NO_UNIT, userId: NO_USER };
/** The reader's unit as a parameter (`NO_UNIT` for none). */
export const audienceUnit = (audience: Audience) => audienceValues(audience).unitId;

const YES: Condition = sql<SqlBool>`1`;
const NO: Condition = sql<SqlBool>`0`;

/**
 * The connectives, folding the constants away (Super Admin's rule is just "live"), and a term's
 * negation written as its own comparison (`<>` rather than `NOT (… = …)`) where it has one.
 */
function connectives(eb: { and(parts: Condition[]): Condition; or(parts: Condition[]): Condition; not(part: Condition): Condition }, negations: Map<Condition, Condition>) {
  const join = (identity: Condition, absorbing: Condition, combine: (parts: Condition[]) => Condition) => (...parts: Condition[]) => {
    const kept = parts.filter((part) => part !== identity);
    if (kept.includes(absorbing)) return absorbing;
    return kept.length === 0 ? identity : kept.length === 1 ? kept[0]! : combine(kept);
  };
  return {
    yes: YES,
    no: NO,
    and: join(YES, NO, (parts) => eb.and(parts)),
    or: join(NO, YES, (parts) => eb.or(parts)),
    not: (part: Condition) => (part === YES ? NO : part === NO ? YES : (negations.get(part) ?? eb.not(part))),
  };
}

function term(negations: Map<Condition, Condition>, condition: Condition, negation?: Condition): Condition {
  if (negation) negations.set(condition, negation);
  return condition;
}

/**
 * The view rule's terms on `archives a`. `unindexed`: the columns compared with a unary `+`, which
 * keeps SQLite from choosing their index (the public list sorted by title reads its sort index
 * and skips private rows: the access-level index, ordered by upload time, would make it sort
 * every PUBLIC row).
 */
function archiveViewTerms(eb: ArchiveBuilder, values: Pick<AudienceValues, "unitId">, options: { unindexed?: boolean } = {}): ViewTerms<Condition> {
  const negations = new Map<Condition, Condition>();
  const column = (name: "a.access_level" | "a.security_class") => (options.unindexed ? sql<string>`+${sql.ref(name)}` : eb.ref(name));
  return {
    ...connectives(eb, negations),
    live: term(negations, eb("a.deleted_at", "is", null), eb("a.deleted_at", "is not", null)),
    isPublic: term(negations, eb(column("a.access_level"), "=", "PUBLIC"), eb(column("a.access_level"), "<>", "PUBLIC")),
    sangatRahasia: term(negations, eb(column("a.security_class"), "=", "SANGAT_RAHASIA"), eb(column("a.security_class"), "<>", "SANGAT_RAHASIA")),
    ofReadersUnit: eb("a.unit_kerja_id", "=", values.unitId),
  };
}

/** The file rule's terms on `archives a`: the view rule's, plus the uploader and the custodian. */
function archiveTerms(eb: ArchiveBuilder, values: AudienceValues): FileTerms<Condition> {
  return { ...archiveViewTerms(eb, values), uploadedByReader: eb("a.uploader_id", "=", values.userId), heldByReadersUnit: eb("a.custody_unit_id", "=", values.unitId) };
}

/**
 * The view rule's terms on the trigger-kept `archive_counts n` (live documents only, one row per
 * category, access level and `restricted_unit`: 0, or a SANGAT_RAHASIA document's owning unit, -1
 * without one). Its key holds exactly what the view rule reads of a document — access level,
 * whether SANGAT_RAHASIA, and the owning unit of those — so the rule reads the same on it; who
 * uploaded a document is not in it, which the type keeps the file rule from asking.
 */
export function counterTerms(eb: CounterBuilder, values: Pick<AudienceValues, "unitId">): ViewTerms<Condition> {
  const negations = new Map<Condition, Condition>();
  return {
    ...connectives(eb, negations),
    live: YES,
    isPublic: term(negations, eb("n.access_level", "=", "PUBLIC"), eb("n.access_level", "<>", "PUBLIC")),
    sangatRahasia: term(negations, eb("n.restricted_unit", "<>", 0), eb("n.restricted_unit", "=", 0)),
    ofReadersUnit: eb("n.restricted_unit", "=", values.unitId),
  };
}

/** `document.view` as SQL on `archives a`: the live documents `kind`'s reader may see. */
export const viewableWhere =
  (kind: AudienceKind, values: Pick<AudienceValues, "unitId">, options: { unindexed?: boolean } = {}) =>
  (eb: ArchiveBuilder): Condition =>
    mayView(kind, archiveViewTerms(eb, values, options));

/** Not in the trash: the rule's state term alone (`liveDocuments`). */
export const liveWhere = (eb: ArchiveBuilder): Condition => archiveViewTerms(eb, { unitId: NO_UNIT }).live;

/** `document.openFile` as SQL on `archives a`: the live documents whose file `kind`'s reader may open. */
export const openableWhere =
  (kind: AudienceKind, values: AudienceValues) =>
  (eb: ArchiveBuilder): Condition =>
    mayOpenFile(kind, archiveTerms(eb, values));

/** The view rule on `archive_counts n`: the counted documents `kind`'s reader may see. */
export const countedWhere =
  (kind: AudienceKind, values: Pick<AudienceValues, "unitId">) =>
  (eb: CounterBuilder): Condition =>
    mayView(kind, counterTerms(eb, values));

/**
 * The view rule without its state, on `archives a`: whom a document in the trash belongs to in
 * sight (the trash list adds its own "in the trash" and its scope).
 */
export const seesMetadataWhere =
  (kind: AudienceKind, values: Pick<AudienceValues, "unitId">) =>
  (eb: ArchiveBuilder): Condition =>
    seesMetadata(kind, archiveViewTerms(eb, values));

/** A standalone builder on `archives a`, for the search's raw SQL. */
export const archiveBuilder = () => expressionBuilder<Database & { a: Database["archives"] }, "a">();
