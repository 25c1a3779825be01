import { sql, type Expression, type SqlBool } from "kysely";

/**
 * D1 refuses LIKE and GLOB patterns over 50 bytes ("LIKE or GLOB pattern too complex"), which
 * would turn a long search into a 500. Every LIKE search of user text is built here.
 */
export const MAX_LIKE_PATTERN_BYTES = 50;

const encoder = new TextEncoder();

/**
 * `%term%` for `LIKE … ESCAPE '\'`: the term is plain text (its `%`, `_` and `\` escaped), cut
 * to whole characters so the pattern stays within D1's 50 bytes. Cutting never splits a
 * character (a lone surrogate would bind as U+FFFD) nor an escape pair, so a long search finds
 * what its first ~48 bytes find: more rows than asked for, never an error.
 */
export function containsPattern(term: string): string {
  let body = "";
  let bytes = 2; // the two `%`
  for (const char of term) {
    const unit = char === "\\" || char === "%" || char === "_" ? `\\${char}` : char;
    const size = encoder.encode(unit).length;
    if (bytes + size > MAX_LIKE_PATTERN_BYTES) break;
    body += unit;
    bytes += size;
  }
  return `%${body}%`;
}

/** The whole term as a pattern body (escaped), uncut: to tell whether `containsPattern` had to cut it. */
const likeBodyOf = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);

/** `column LIKE pattern ESCAPE '\'` (case-insensitive for ASCII, as SQLite's LIKE is). */
export const likeEscaped = (column: Expression<unknown>, pattern: string) =>
  sql<SqlBool>`${column} LIKE ${pattern} ESCAPE '\\'`;

/**
 * `term` found anywhere in any of `columns` (an OR of `likeEscaped`, one shared pattern). A term
 * too long for one pattern is still matched exactly: the cut pattern narrows the rows, and
 * `instr` (which has no length limit) checks the whole term on them, case-folded like LIKE.
 */
export function containsAny(columns: readonly Expression<unknown>[], term: string) {
  const pattern = containsPattern(term);
  const cut = pattern.length - 2 < likeBodyOf(term).length;
  return sql<SqlBool>`(${sql.join(
    columns.map((column) => (cut ? sql`(${likeEscaped(column, pattern)} AND instr(lower(${column}), lower(${term})) > 0)` : likeEscaped(column, pattern))),
    sql` OR `,
  )})`;
}
