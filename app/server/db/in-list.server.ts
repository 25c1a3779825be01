/**
 * D1 binds at most 100 parameters per statement, so an `IN (…)` list of ids is read in chunks
 * that leave room for a statement's other parameters. Every such loop is built on this.
 */
export const IN_LIST_MAX = 90;

/** `values` in consecutive chunks of at most `size` (IN_LIST_MAX by default). */
export function* inListChunks<T>(values: readonly T[], size = IN_LIST_MAX): Generator<T[]> {
  for (let start = 0; start < values.length; start += size) yield values.slice(start, start + size);
}
