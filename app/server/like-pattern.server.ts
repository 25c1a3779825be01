import { sql, type Expression, type SqlBool } from "kysely";

/** D1 refuses LIKE patterns over 50 bytes; a search term is cut to fit (with its wildcards). */
const MAX_PATTERN_BYTES = 50;

/** `%term%` with the LIKE wildcards of the term escaped, cut to D1's pattern limit. */
export function containsPattern(term: string): string {
  const escaped = term.replace(/[\\%_]/g, (char) => `\\${char}`);
  let pattern = `%${escaped}%`;
  const encoder = new TextEncoder();
  let cut = escaped;
  while (encoder.encode(pattern).length > MAX_PATTERN_BYTES) {
    cut = cut.slice(0, -1);
    if (cut.endsWith("\\") && !cut.endsWith("\\\\")) cut = cut.slice(0, -1);
    pattern = `%${cut}%`;
  }
  return pattern;
}

/** `column LIKE pattern ESCAPE '\'` (case-insensitive for ASCII, as SQLite's LIKE is). */
export const likeEscaped = (column: Expression<unknown>, pattern: string) =>
  sql<SqlBool>`${column} LIKE ${pattern} ESCAPE '\\'`;
