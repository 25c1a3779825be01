import { ROOT_ALIASES } from "./indonesian-roots";
import { DICTIONARY_VERSION, FAMILY, rootDictionary, type RootDictionary } from "./root-dictionary";
import { countVowels, isVowel, talaStem } from "./tala-rules";

/**
 * Indonesian word stemming for search, used the same way at index time and at query time, so
 * "menyuarakan" and "suara" meet on the same term.
 *
 * A word is read every way its affixes allow — inflectional endings (-lah, -kah, -pun, -ku,
 * -mu, -nya), a derivational suffix (-kan, -an, -i) and up to three prefixes (meN-, peN-, di-,
 * ter-, ber-, per-, ke-, se-), each nasal prefix with every root letter it may have replaced
 * (meN- + t, k, p, s; "me" before l, m, n, ny, r, w, y; the kept consonants of loan words such
 * as "mentransfer", "mengkoordinasikan") — and the reading whose root is in the dictionary wins:
 * one whose affixes the dictionary allows that root before one it does not, then the reading
 * that takes off fewer affixes, then fewer inflectional endings, then the root as written before
 * one with a put-back letter ("memakan" is "makan", not "pakan"), then the root that takes more
 * affix families (the more productive word). The dictionary
 * is LibreOffice's Indonesian Hunspell list with its affix flags plus the project's own roots
 * (root-dictionary.ts); a word whose root it does not know goes to Tala's rules
 * (tala-rules.ts), which give every form of it the same stem.
 *
 * Confixes Indonesian does not form are never read (ber-…-i, di-…-an, ke-…-i, ke-…-kan,
 * meN-…-an, se-…-i, se-…-kan, ter-…-an, the list of Enhanced Confix Stripping, and peN-/per-…-kan),
 * nor a prefix twice; di- and meN- only come first.
 */
export type Stemmer = (word: string) => string;

const { B, D, K, M, P, R, S, T, a: AN, i: I, k: KAN } = FAMILY;

function impossibleConfix(prefix: number, suffix: number): boolean {
  if (suffix === AN) return prefix === D || prefix === M || prefix === T;
  if (suffix === I) return prefix === B || prefix === K || prefix === S;
  // peN- and per- never take -kan (Tala's rules agree): "penarikan" is "tarik", not "tari".
  if (suffix === KAN) return prefix === K || prefix === S || prefix === P || prefix === R;
  return false;
}

function familyCount(mask: number): number {
  let count = 0;
  for (let rest = mask; rest; rest &= rest - 1) count += 1;
  return count;
}

const PLAIN_WORD = /^[a-z]+$/;
/** No derivational suffix, then -kan, -an, -i (a word in -kan is read with -an too: "makan"). */
const SUFFIXES: ReadonlyArray<readonly [string, number]> = [
  ["", 0],
  ["kan", KAN],
  ["an", AN],
  ["i", I],
];
const PARTICLES = ["kah", "lah", "pun"];
const POSSESSIVES = ["nya", "ku", "mu"];
/** A root has at least three letters; a prefix needs two more. */
const MIN_ROOT = 3;

/** A stemmer over `roots` (the full dictionary by default; the relevance test also runs the own list alone). */
export function createIndonesianStemmer(roots: RootDictionary): Stemmer {
  // What the readings under way share: the suffix and inflectional endings taken off the word.
  let suffix = 0;
  let inflections = 0;
  // The best reading so far: its root and its rank (lower is better; the first found wins ties).
  let bestRoot: string | undefined;
  let bestRank = Number.POSITIVE_INFINITY;

  /**
   * `root` as the word's root after `layers` prefixes of the families `need`. `restored`: a
   * nasal prefix's root letter was put back ("memakai" → "pakai") rather than the root read as
   * written ("memakan" → "makan"), the weaker reading when both roots exist.
   */
  function consider(root: string, need: number, layers: number, restored: number): void {
    if (root.length < MIN_ROOT) return;
    const mask = roots.get(root);
    if (mask === undefined) return;
    const required = need | suffix;
    const disallowed = (mask & required) === required ? 0 : 1;
    // A bare -i or -kan (no prefix) is an imperative, rare in documents: only read where the
    // root's flags allow it ("juni" is no "jun" + -i), and after a noun in -an ("tarikan").
    const imperative = layers === 0 && (suffix === I || suffix === KAN) ? 1 : 0;
    if (disallowed && imperative) return;
    const affixes = layers + (suffix ? 1 : 0) + inflections;
    const weaker = restored | imperative;
    const rank = (((disallowed * 8 + affixes) * 4 + inflections) * 2 + weaker) * 16 + (15 - familyCount(mask));
    if (rank < bestRank) {
      bestRank = rank;
      bestRoot = root;
    }
  }

  /** One more prefix, of `family`, taken off: `rest` is what it leaves. */
  function strip(rest: string, family: number, need: number, layers: number, restored: number): void {
    if (need & family) return;
    if (layers === 0 && impossibleConfix(family, suffix)) return;
    readPrefixes(rest, need | family, layers + 1, restored);
  }

  /** meN- or peN- (`family`) at the start of `s`: every root letter the nasal may stand for. */
  function nasal(s: string, family: number, need: number, layers: number, restored: number): void {
    const third = s[2];
    const fourth = s[3];
    if (third === "n" && fourth === "g") {
      const rest = s.slice(4);
      strip(rest, family, need, layers, restored);
      if (isVowel(rest[0])) strip(`k${rest}`, family, need, layers, 1);
      // menge-/penge- before a one-syllable root: "mengecek", "pengecatan" (not "pengeringan").
      if (rest[0] === "e" && countVowels(rest) === 2) strip(rest.slice(1), family, need, layers, restored);
    } else if (third === "n" && fourth === "y") {
      if (isVowel(s[4])) strip(`s${s.slice(4)}`, family, need, layers, 1);
      strip(s.slice(2), family, need, layers, restored);
    } else if (third === "n" || third === "m") {
      if (isVowel(fourth)) {
        // The nasal replaced a t or p ("menulis", "memakai"), or "me" stands before a root's n or m.
        strip(`${third === "n" ? "t" : "p"}${s.slice(3)}`, family, need, layers, 1);
        strip(s.slice(2), family, need, layers, restored);
      } else {
        // men- before c, d, j, z, and mem- before b, f, v; the kept t, p, s of loans ("mentransfer").
        strip(s.slice(3), family, need, layers, restored);
      }
    } else if (third === "l" || third === "r" || third === "w" || third === "y") {
      strip(s.slice(2), family, need, layers, restored);
    }
  }

  /** Considers `s` as a root, then every prefix it may start with. */
  function readPrefixes(s: string, need: number, layers: number, restored: number): void {
    if (layers > 0 || suffix || inflections) consider(s, need, layers, restored);
    if (layers === 3 || s.length < MIN_ROOT + 2) return;
    const first = s[0];
    const second = s[1];
    if (second === "e") {
      const third = s[2];
      if (first === "m") {
        if (layers === 0) nasal(s, M, need, layers, restored);
      } else if (first === "p") {
        nasal(s, P, need, layers, restored);
        // pe- before any consonant ("pekerja", "petani"), per-, and pe- before a root's r.
        if (!isVowel(third) && third !== "m" && third !== "n") strip(s.slice(2), P, need, layers, restored);
        if (third === "r") {
          strip(s.slice(3), R, need, layers, restored);
          strip(s.slice(2), R, need, layers, restored);
        }
      } else if (first === "b" || first === "t") {
        const family = first === "b" ? B : T;
        if (third === "r") strip(s.slice(3), family, need, layers, restored);
        // be- and te- before a root's r ("berencana", "terasa"); be- before a consonant ("bekerja").
        if (third === "r" || (first === "b" && !isVowel(third))) strip(s.slice(2), family, need, layers, restored);
      } else if (first === "k") {
        strip(s.slice(2), K, need, layers, restored);
      } else if (first === "s") {
        strip(s.slice(2), S, need, layers, restored);
      }
    } else if (first === "d" && second === "i" && layers === 0) {
      strip(s.slice(2), D, need, layers, restored);
    }
  }

  /** Every reading of `s` (the word, or the word without `endings` inflectional endings). */
  function readSuffixes(s: string, endings: number): void {
    inflections = endings;
    for (const [ending, family] of SUFFIXES) {
      if (!s.endsWith(ending)) continue;
      suffix = family;
      readPrefixes(ending ? s.slice(0, -ending.length) : s, 0, 0, 0);
    }
  }

  const endingOf = (word: string, endings: readonly string[]) => endings.find((candidate) => word.endsWith(candidate));

  return function stem(word: string): string {
    // Stopwords stay whole: "tersebut", "secara" and "melainkan" would otherwise join "sebut",
    // "cara" and "lain", and every query for those would find them.
    if (word.length <= 3 || !PLAIN_WORD.test(word) || INDONESIAN_STOPWORDS.has(word)) return word;
    if (roots.has(word)) return ROOT_ALIASES.get(word) ?? word;
    bestRoot = undefined;
    bestRank = Number.POSITIVE_INFINITY;
    readSuffixes(word, 0);
    let base = word;
    let endings = 0;
    for (const kind of [PARTICLES, POSSESSIVES]) {
      const found = endingOf(base, kind);
      if (found === undefined || base.length - found.length < MIN_ROOT) continue;
      base = base.slice(0, -found.length);
      endings += 1;
      readSuffixes(base, endings);
    }
    if (bestRoot === undefined) return talaStem(word);
    return ROOT_ALIASES.get(bestRoot) ?? bestRoot;
  };
}

let defaultStemmer: Stemmer | undefined;

/**
 * The root of one lowercase word, with the full dictionary: the one stemmer of indexing,
 * querying, snippets and facets. Words with digits or letters outside a–z (numbers, codes,
 * foreign names) and words of up to three letters come back unchanged.
 */
export function stemIndonesian(word: string): string {
  defaultStemmer ??= createIndonesianStemmer(rootDictionary());
  return defaultStemmer(word);
}

/** Which stems stemIndonesian gives; the stored vocabulary is re-stemmed when it changes. */
export const STEMMER_VERSION = DICTIONARY_VERSION;


/**
 * Function words that carry no meaning for search, matched against tokenizer output before
 * stemming. Deliberately short: words such as "surat", "tahun", "nomor" or "dapat" stay
 * searchable, and a quoted phrase still matches every word of itself.
 */
const STOPWORD_TEXT = `
ada adalah adanya agar dari akan akankah aku amat anda antara apa apabila apakah atas atau
bagai bagaimana bagi bahkan bahwa bahwasanya beberapa begini begitu belum bila bisa boleh bukan
dalam dan daripada demikian dengan di dia dll dsb hanya harus hingga ia ialah ini itu jadi jika
juga kalau kami kamu karena ke kemudian kepada ketika kita lagi lalu maka mana masih melainkan
mereka meski meskipun namun nya oleh pada padahal para pun saat saja sambil sangat saya
sebagai sebelum sebuah secara sedang sehingga sejak selama seperti serta sesudah setelah setiap
sudah supaya tanpa tapi telah tentang tersebut tetapi tsb untuk walau walaupun yaitu yakni yang
`;

export const INDONESIAN_STOPWORDS: ReadonlySet<string> = new Set(STOPWORD_TEXT.split(/\s+/).filter(Boolean));

const COMBINING_MARKS = /\p{M}+/gu;
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Lowercase words of a text as SQLite FTS5's unicode61 tokenizer with remove_diacritics sees
 * them: runs of letters and digits, accents folded ("Sékolah" → "sekolah"), everything else a
 * separator ("surat-menyurat" is two words, "123/UN1/2024" three). No stemming, no stopwords.
 */
export function tokenizeIndonesian(text: string): string[] {
  const folded = text.normalize("NFD").replace(COMBINING_MARKS, "").toLowerCase();
  return folded.match(WORD) ?? [];
}
