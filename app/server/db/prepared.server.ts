import {
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Compilable,
  type CompiledQuery,
} from "kysely";
import type { Database } from "./schema";
import type { Db } from "./db.server";

/**
 * Kysely builds and compiles a query on every call, which costs more CPU than D1 needs to run a
 * small indexed query. A query whose SQL depends only on its shape (not on its values) is
 * compiled once per isolate and shape: the builder gets placeholders for the values, and each
 * call binds the real values in the placeholders' places. Only SQL text is kept between
 * requests (no Kysely instance, no promise), so nothing of one request reaches another.
 */
const compileOnly: Db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

const PLACEHOLDER = "\u0000arg:";

type Shape = { sql: string; parameters: readonly unknown[] };

/** A statement ready to run alone or in a `d1.batch`, typed by its row. */
export type Statement<Row> = { statement: D1PreparedStatement; readonly row?: Row };

/**
 * `build(db, shape, ...values)`: `shape` may change the SQL text (sort column, optional filters)
 * and `shapeKey(shape)` must name it; `values` go into the SQL only as parameters
 * (`where(col, "=", value)`, `limit(value)`), so the builder sees placeholders for them.
 */
export function preparedQuery<S, Values extends unknown[], Row>(
  build: (db: Db, shape: S, ...values: Values) => Compilable<Row>,
  shapeKey: (shape: S) => string = () => "",
) {
  const shapes = new Map<string, Shape>();
  return (d1: D1Database, shape: S, ...values: Values): Statement<Row> => {
    const key = shapeKey(shape);
    let compiled = shapes.get(key);
    if (!compiled) {
      const placeholders = values.map((_, index) => `${PLACEHOLDER}${index}`) as Values;
      compiled = build(compileOnly, shape, ...placeholders).compile();
      shapes.set(key, compiled);
    }
    const parameters = compiled.parameters.map((parameter) =>
      typeof parameter === "string" && parameter.startsWith(PLACEHOLDER) ? values[Number(parameter.slice(PLACEHOLDER.length))] : parameter,
    );
    return { statement: d1.prepare(compiled.sql).bind(...parameters) };
  };
}

/**
 * A query part built once per isolate, for statements that extend it per request and are only
 * compiled (`statementOf`), never executed through Kysely: its builders are immutable, so what a
 * request adds never changes the shared part. For a base whose building costs more than its SQL
 * (a long select list) under clauses that vary too much to prepare whole.
 */
export function builtOnce<T>(build: (db: Db) => T): () => T {
  let built: T | undefined;
  return () => (built ??= build(compileOnly));
}

/** A Kysely query (any shape) as a statement for `d1.batch`. */
export function statementOf<Row>(d1: D1Database, query: Compilable<Row> | CompiledQuery<Row>): Statement<Row> {
  const { sql, parameters } = "compile" in query ? query.compile() : query;
  return { statement: d1.prepare(sql).bind(...parameters) };
}

type RowsOf<S> = S extends Statement<infer Row> ? Row[] : null;
type Rows<T> = { [K in keyof T]: RowsOf<T[K]> };

/**
 * Independent reads of one request in ONE D1 round trip; each statement's rows, in order. A
 * `null` in place of a statement (a read this caller may not make) gives `null` rows.
 */
export async function batchRead<T extends (Statement<unknown> | null)[]>(d1: D1Database, ...statements: T): Promise<Rows<T>> {
  const present = statements.filter((s): s is Statement<unknown> => s !== null);
  const results = present.length ? await d1.batch(present.map((s) => s.statement)) : [];
  let next = 0;
  return statements.map((s) => (s === null ? null : (results[next++]!.results ?? []))) as Rows<T>;
}

/**
 * A read that can share one D1 round trip with the other reads of a request (`readTogether`):
 * its statements (null: a read this caller may not make, whose rows are null) and what it
 * makes of their rows. A page that shows several rooms' data reads them all at once.
 */
export type BatchedRead<T> = { statements: readonly (Statement<unknown> | null)[]; result: (rows: (unknown[] | null)[]) => T | Promise<T> };

export const batchedRead = <const S extends readonly (Statement<unknown> | null)[], T>(statements: S, result: (rows: Rows<S>) => T | Promise<T>): BatchedRead<T> => ({
  statements,
  result: result as (rows: (unknown[] | null)[]) => T | Promise<T>,
});

/** A read this caller does not make: no statement, result null. */
export const noRead: BatchedRead<null> = { statements: [], result: () => null };

/** Several reads in ONE D1 round trip; each read's result, in order. */
export async function readTogether<const R extends readonly BatchedRead<unknown>[]>(
  d1: D1Database,
  ...reads: R
): Promise<{ -readonly [K in keyof R]: R[K] extends BatchedRead<infer T> ? T : never }> {
  const rows = await batchRead(d1, ...reads.flatMap((read) => read.statements));
  let next = 0;
  return (await Promise.all(reads.map((read) => read.result(read.statements.map(() => rows[next++] ?? null))))) as never;
}

/** One statement's first row, or undefined. */
export async function firstRow<Row>(statement: Statement<Row>): Promise<Row | undefined> {
  return ((await statement.statement.first()) as Row | null) ?? undefined;
}

/** One statement's rows. */
export async function allRows<Row>(statement: Statement<Row>): Promise<Row[]> {
  return ((await statement.statement.all()).results ?? []) as Row[];
}
