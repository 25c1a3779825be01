import { INDONESIAN_STOPWORDS } from "./indonesian";

/**
 * A search box's input, read the way the full-text indexes read text: words folded as FTS5's
 * unicode61 tokenizer with remove_diacritics 2 folds them (lower case, no diacritics, split on
 * anything but letters and digits), "quoted phrases" kept whole, stopwords dropped from the loose
 * words (unless nothing else is left). Pure, so the relevance test and the server share it.
 */
export type ParsedSearch = { words: string[]; phrases: string[][] };

const MAX_WORDS = 8;
const MAX_TERM = 50;

/** The words of `text` as the index holds them. */
export function foldedWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word && word.length <= MAX_TERM);
}

export function parseSearch(input: string): ParsedSearch {
  const phrases: string[][] = [];
  const rest = input.replace(/"([^"]*)"/g, (_, phrase: string) => {
    const words = foldedWords(phrase);
    if (words.length) phrases.push(words);
    return " ";
  });
  const all = [...new Set(foldedWords(rest))];
  const kept = all.filter((word) => !INDONESIAN_STOPWORDS.has(word));
  const words = (kept.length || phrases.length ? kept : all).slice(0, MAX_WORDS);
  return { words, phrases: phrases.slice(0, MAX_WORDS) };
}

export const isEmptySearch = (search: ParsedSearch) => !search.words.length && !search.phrases.length;

const quoted = (term: string) => `"${term}"`;
const phraseOf = (words: string[]) => quoted(words.join(" "));

/**
 * The FTS5 query over the catalogue's metadata: each word prefix-matched (as the metadata search
 * always did), each phrase exact, all required.
 */
export function metadataMatch(search: ParsedSearch): string | null {
  const parts = [...search.words.map((word) => `${quoted(word)}*`), ...search.phrases.map(phraseOf)];
  return parts.length ? parts.join(" AND ") : null;
}

/**
 * The FTS5 query over document texts: each word matches itself or any of its `expansions`
 * (the corpus's words with its stem, and words it begins, capped by the caller), each phrase
 * exactly, all required. The index holds the real words, so bm25() and snippet() see them.
 */
export function textMatch(search: ParsedSearch, expansions: ReadonlyMap<string, readonly string[]>): string | null {
  const groups = search.words.map((word) => {
    const terms = [...new Set([word, ...(expansions.get(word) ?? [])])];
    return terms.length === 1 ? quoted(word) : `(${terms.map(quoted).join(" OR ")})`;
  });
  const parts = [...groups, ...search.phrases.map(phraseOf)];
  return parts.length ? parts.join(" AND ") : null;
}

/** Private-use characters snippet() puts around each match; no extracted text keeps them. */
export const MARK_OPEN = "\uE000";
export const MARK_CLOSE = "\uE001";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/**
 * A snippet from FTS5 (matches between MARK_OPEN and MARK_CLOSE) as HTML: the text escaped, each
 * match in <mark>. Stray markers are dropped, so the result is always balanced.
 */
export function snippetHtml(raw: string): string {
  let html = "";
  let open = false;
  for (const part of raw.split(/([\uE000\uE001])/u)) {
    if (part === MARK_OPEN) {
      if (!open) html += "<mark>";
      open = true;
    } else if (part === MARK_CLOSE) {
      if (open) html += "</mark>";
      open = false;
    } else html += escapeHtml(part);
  }
  return open ? `${html}</mark>` : html;
}
