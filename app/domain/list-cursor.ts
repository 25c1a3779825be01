/**
 * Keyset (cursor) positions in a sorted list: a row's sort values and its id, written into a
 * URL parameter so that Next/Previous can seek straight to the rows after (or before) it instead
 * of skipping an OFFSET. Zod-free and pure, for loaders, services and unit tests.
 *
 * Format: `<id>` followed by `.<value>` per sort value, e.g. `48213.2019-03-04T08:15:00.000Z` or
 * `77.2021.2021-05-01T10:00:00.000Z`. Numbers are decimal; only the last value may be text, so
 * the text needs no escaping (it may contain dots) and the URL stays readable and short.
 */

/** What one sort value is: an integer, or text (allowed only as the last value). */
export type CursorKind = "int" | "text";

export type Cursor = { id: number; values: (string | number)[] };

const INTEGER = /^-?\d{1,15}$/;
const ID = /^\d{1,15}$/;

/** The longest cursor a list accepts: an id, a few numbers and a 255-character title. */
export const MAX_CURSOR_LENGTH = 400;

/** A cursor's shape as the URL schema checks it: an id, then optional values. */
export const CURSOR_PATTERN = /^\d{1,15}(\.[\s\S]*)?$/;

export function encodeCursor(id: number, values: readonly (string | number)[]): string {
  return [id, ...values].join(".");
}

/**
 * The position a cursor names, when it has exactly the values `kinds` describes (the order's
 * columns before the id); anything else — a cursor of another order, a hand-edited one — is null.
 */
export function decodeCursor(raw: string | undefined, kinds: readonly CursorKind[]): Cursor | null {
  if (!raw || raw.length > MAX_CURSOR_LENGTH) return null;
  const dot = raw.indexOf(".");
  const idText = dot < 0 ? raw : raw.slice(0, dot);
  if (!ID.test(idText)) return null;
  const id = Number(idText);
  if (!Number.isSafeInteger(id) || id < 1) return null;
  let rest = dot < 0 ? null : raw.slice(dot + 1);
  const values: (string | number)[] = [];
  for (const [index, kind] of kinds.entries()) {
    if (rest === null) return null;
    const last = index === kinds.length - 1;
    if (kind === "text") {
      // Text only ever comes last (see the format above).
      if (!last) return null;
      values.push(rest);
      rest = null;
      continue;
    }
    const end = last ? rest.length : rest.indexOf(".");
    if (end < 0) return null;
    const number = rest.slice(0, end);
    if (!INTEGER.test(number) || !Number.isSafeInteger(Number(number))) return null;
    values.push(Number(number));
    rest = last ? null : rest.slice(end + 1);
  }
  return rest === null ? { id, values } : null;
}
