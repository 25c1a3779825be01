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
 * The FTS5 expression of each element of a search, the same for the metadata and the text index:
 * a word as itself or any of its `expansions` (the corpus's words of its stem and, up to a cap,
 * the words it begins, so "kurikulum" finds "kurikulumnya"), a phrase exactly. All elements are
 * required (`allOf`). FTS5's own prefix queries (`"word"*`) are not used: they gather every match
 * of every word with that prefix before the first row, which a common word in a million
 * documents cannot afford.
 */
export function searchGroups(search: ParsedSearch, expansions: ReadonlyMap<string, readonly string[]>): string[] {
  const words = search.words.map((word) => {
    const terms = wordTerms(word, expansions);
    return terms.length === 1 ? quoted(word) : `(${terms.map(quoted).join(" OR ")})`;
  });
  return [...words, ...phraseGroups(search)];
}

/** The phrases' elements of a search (the last of `searchGroups`). */
export const phraseGroups = (search: ParsedSearch): string[] => search.phrases.map(phraseOf);

/** A word and the corpus words it stands for, the word first. */
export const wordTerms = (word: string, expansions: ReadonlyMap<string, readonly string[]>): string[] => [...new Set([word, ...(expansions.get(word) ?? [])])];

/** Every element required: the FTS5 expression of the whole search (null: no element). */
export const allOf = (groups: readonly string[]): string | null => (groups.length ? groups.join(" AND ") : null);

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/** A word of a text: where it stands, and its folded form (as `foldedWords` folds it). */
type Token = { start: number; end: number; folded: string };

function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    // ASCII words only need lower case; the rest fold as the index folds them.
    const folded = /^[\x00-\x7f]*$/.test(match[0]) ? match[0].toLowerCase() : foldedWords(match[0])[0];
    if (folded) tokens.push({ start: match.index, end: match.index + match[0].length, folded });
  }
  return tokens;
}

/** Words around the best match a snippet shows (FTS5's snippet() showed 24). */
export const SNIPPET_WORDS = 24;
/** About how many characters SNIPPET_WORDS words take, to compare windows before cutting words. */
const WINDOW_CHARS = 200;
/** How far into a text a match is looked for word by word when its letters need folding (diacritics). */
const FOLDED_SCAN_CHARS = 64 * 1024;

/** The best window is looked for among a text's first this many matches (a common word's text may hold thousands). */
const MAX_HITS = 500;

/** A match in a text: where it stands and which element of the search (words, then phrases) it is. */
type Hit = { start: number; end: number; group: number };

const escapeRegex = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The matches of a search in a text, in text order: one regular expression over the raw text (case
 * ignored), so a long text costs one scan. Words written with diacritics ('SÉNAT' for 'senat')
 * it misses; when it finds nothing, the start of the text is read word by word, folded as the
 * index folds it.
 */
function hitsIn(text: string, words: readonly (readonly string[])[], phrases: readonly (readonly string[])[]): Hit[] {
  const groups = [...words.map((terms) => terms.map(escapeRegex).join("|")), ...phrases.map((phrase) => phrase.map(escapeRegex).join("[^\\p{L}\\p{N}]+"))];
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${groups.map((group, index) => `(?<g${index}>${group})`).join("|")})(?![\\p{L}\\p{N}])`, "giu");
  const hits: Hit[] = [];
  for (const match of text.matchAll(pattern)) {
    const group = groups.findIndex((_, index) => match.groups?.[`g${index}`] !== undefined);
    hits.push({ start: match.index, end: match.index + match[0].length, group });
    if (hits.length === MAX_HITS) break;
  }
  if (hits.length || /^[\x00-\x7f]*$/.test(text)) return hits;
  const tokens = tokensOf(text.slice(0, FOLDED_SCAN_CHARS));
  const groupOf = new Map<string, number>();
  words.forEach((terms, group) => terms.forEach((term) => groupOf.set(term, group)));
  tokens.forEach((token, index) => {
    const group = groupOf.get(token.folded);
    if (group !== undefined) hits.push({ start: token.start, end: token.end, group });
    phrases.forEach((phrase, p) => {
      if (phrase.length && phrase.every((word, offset) => tokens[index + offset]?.folded === word)) {
        hits.push({ start: token.start, end: tokens[index + phrase.length - 1]!.end, group: words.length + p });
      }
    });
  });
  return hits;
}

/**
 * A snippet of `text` around its best match, as HTML: the text escaped, each match in <mark> (a
 * phrase as one), "…" where the text goes on; null when nothing in it matches. `words` are the
 * search's words, each with the terms it stands for (`wordTerms`); `phrases` its phrases. The
 * window of about SNIPPET_WORDS words holding the most distinct words and phrases (then the most
 * matches, then the earliest) wins, as FTS5's snippet() chose; it starts two words before its
 * first match.
 */
export function textSnippet(text: string, words: readonly (readonly string[])[], phrases: readonly (readonly string[])[]): string | null {
  const hits = hitsIn(text, words, phrases);
  if (!hits.length) return null;
  // Slide a window of WINDOW_CHARS over the matches: it opens at each match.
  let best = { hit: 0, distinct: -1, count: -1 };
  const inWindow = new Map<number, number>();
  let hi = 0;
  hits.forEach((hit, lo) => {
    if (lo > 0) {
      const group = hits[lo - 1]!.group;
      const left = inWindow.get(group)! - 1;
      if (left) inWindow.set(group, left);
      else inWindow.delete(group);
    }
    for (hi = Math.max(hi, lo); hi < hits.length && hits[hi]!.start < hit.start + WINDOW_CHARS; hi++) inWindow.set(hits[hi]!.group, (inWindow.get(hits[hi]!.group) ?? 0) + 1);
    if (inWindow.size > best.distinct || (inWindow.size === best.distinct && hi - lo > best.count)) best = { hit: lo, distinct: inWindow.size, count: hi - lo };
  });
  // The words around it, cut from a stretch of the text wide enough for them.
  const from = Math.max(0, hits[best.hit]!.start - 100);
  const tokens = tokensOf(text.slice(from, hits[best.hit]!.start + 40 * SNIPPET_WORDS)).map((token) => ({ ...token, start: token.start + from, end: token.end + from }));
  const first = Math.max(0, tokens.findIndex((token) => token.end > hits[best.hit]!.start) - 2);
  const shown = tokens.slice(first, first + SNIPPET_WORDS);
  const last = shown.at(-1)!;
  const marks = hits.filter((hit) => hit.start >= shown[0]!.start && hit.end <= last.end);
  let html = shown[0]!.start > 0 ? "…" : "";
  let position = shown[0]!.start;
  const emit = (until: number) => {
    html += escapeHtml(text.slice(position, until));
    position = until;
  };
  for (const mark of marks) {
    if (mark.start < position) continue;
    emit(mark.start);
    html += "<mark>";
    emit(mark.end);
    html += "</mark>";
  }
  emit(last.end);
  return /[\p{L}\p{N}]/u.test(text.slice(last.end)) ? `${html}…` : html;
}
