/**
 * PLACEHOLDER until the `stemmer` branch lands (it replaces this file whole): the interface the
 * search code is written against, with no stemming at all.
 */
export const INDONESIAN_STOPWORDS: ReadonlySet<string> = new Set<string>();

export function stemIndonesian(word: string): string {
  return word.toLowerCase();
}

export function tokenizeIndonesian(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}
