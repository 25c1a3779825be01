import { INDONESIAN_ROOTS } from "./indonesian-roots";

/**
 * Indonesian word stemming for search, used the same way at index time and at query time, so
 * "menyuarakan" and "suara" meet on the same term.
 *
 * The rules are the rule-based "Porter stemmer for Bahasa Indonesia" (Tala, 2003) as published
 * by the Snowball project (BSD licence): particle (-kah/-lah/-pun), possessive (-ku/-mu/-nya),
 * first-order prefix (meN-, peN-, di-, ke-, ter-), derivational suffix (-kan/-an/-i) and
 * second-order prefix (ber-, per-), each step only while the word keeps more than two vowels.
 * This is an own port, written from the algorithm's description; with the root list emptied it
 * gives the same stem as the Snowball implementation for every one of about 13,000 affixed forms
 * of the listed roots (checked when it was written) but one deliberate departure: men-/pen-
 * before a vowel put back the root's "t" (see firstOrderPrefixes).
 *
 * The Sastrawi algorithm (Enhanced Confix Stripping) decides every step by looking words up in
 * a root dictionary whose usual source is licensed CC BY-NC-SA; a non-commercial, share-alike
 * licence would follow every copy of this product. So the rules here need no dictionary, and
 * only consult the project's own short list of roots (indonesian-roots.ts) where they face a
 * choice they cannot make alone: which consonant a nasal prefix replaced ("menetapkan" →
 * "tetap", "mengirim" → "kirim", "memiliki" → "milik"), whether a final "-i"/"-an" belongs to the
 * root ("nilai", "berjalan"), and roots that look prefixed ("kepala", "berita"). Without a list
 * entry the plain rules decide; both readings of a word are then at least stemmed the same way
 * every time.
 */

const VOWELS = new Set(["a", "e", "i", "o", "u"]);

function isVowel(char: string | undefined): boolean {
  return char !== undefined && VOWELS.has(char);
}

function countVowels(word: string): number {
  let count = 0;
  for (const char of word) if (VOWELS.has(char)) count += 1;
  return count;
}

/**
 * Which prefix was taken off, as the suffix rules need it: 1 di-/meN-/ter-, 2 per-, 3 ke-/peN-,
 * 4 ber-, 0 none. "ke-…-an" and "peN-…-an" keep their "-an" reading, "di-…-i" its "-i", and so on.
 */
type PrefixKind = 0 | 1 | 2 | 3 | 4;

/** `restored`: the prefix replaced the root's first letter, which is put back ("memakai" → "pakai"). */
type Stripped = { rest: string; kind: PrefixKind; restored?: boolean };

/**
 * The first-order prefix readings of a word, the rules' own reading first. More than one only
 * where a nasal prefix stands before a vowel and the root's first consonant may have been
 * replaced by it (meN+t, meN+k, meN+p, meN+s, peN+…); and "se-", which the rules do not strip,
 * as a last reading that is kept only when it leads to a listed root.
 */
function firstOrderPrefixes(word: string): Stripped[] {
  const after = (length: number) => word.slice(length);
  if (word.startsWith("meng") || word.startsWith("peng")) {
    const kind: PrefixKind = word[0] === "m" ? 1 : 3;
    const rest = after(4);
    return isVowel(rest[0]) ? [{ rest, kind }, { rest: `k${rest}`, kind, restored: true }] : [{ rest, kind }];
  }
  if ((word.startsWith("meny") || word.startsWith("peny")) && isVowel(word[4])) {
    const kind: PrefixKind = word[0] === "m" ? 1 : 3;
    return [
      { rest: `s${after(4)}`, kind, restored: true },
      { rest: `ny${after(4)}`, kind, restored: true },
    ];
  }
  if (word.startsWith("men") || word.startsWith("pen")) {
    const kind: PrefixKind = word[0] === "m" ? 1 : 3;
    const rest = after(3);
    // Before a vowel the nasal stands for a dropped "t" (menulis, penanaman) or an "n" (menilai),
    // never for nothing (a root that starts with a vowel takes meng-/peng-): the "t" reading is the
    // fallback here, where the published rules would delete the prefix ("menanam" → "anam", while
    // "ditanam" → "tanam").
    return isVowel(rest[0])
      ? [
          { rest: `t${rest}`, kind, restored: true },
          { rest: `n${rest}`, kind, restored: true },
          { rest, kind },
        ]
      : [{ rest, kind }];
  }
  if (word.startsWith("mem") || word.startsWith("pem")) {
    const kind: PrefixKind = word[0] === "m" ? 1 : 3;
    const rest = after(3);
    return isVowel(rest[0])
      ? [
          { rest: `p${rest}`, kind, restored: true },
          { rest: `m${rest}`, kind, restored: true },
        ]
      : [{ rest, kind }];
  }
  if (word.startsWith("me") || word.startsWith("di")) return [{ rest: after(2), kind: 1 }];
  if (word.startsWith("ter")) return [{ rest: after(3), kind: 1 }];
  if (word.startsWith("ke")) return [{ rest: after(2), kind: 3 }];
  return [];
}

/** "ber-"/"be-" (only before consonant + "er", as in "bekerja"), "per-"/"pe-", and "belajar"/"pelajar". */
function secondOrderPrefixes(word: string): Stripped[] {
  if (word.startsWith("belajar")) return [{ rest: `ajar${word.slice(7)}`, kind: 4 }];
  if (word.startsWith("ber")) {
    const rest = word.slice(3);
    return isVowel(rest[0]) ? [{ rest, kind: 4 }, { rest: `r${rest}`, kind: 4 }] : [{ rest, kind: 4 }];
  }
  if (word.startsWith("be") && word.length > 5 && !isVowel(word[2]) && word.startsWith("er", 3)) {
    return [{ rest: word.slice(2), kind: 4 }];
  }
  if (word.startsWith("pelajar")) return [{ rest: `ajar${word.slice(7)}`, kind: 2 }];
  if (word.startsWith("per")) return [{ rest: word.slice(3), kind: 2 }];
  if (word.startsWith("pe")) return [{ rest: word.slice(2), kind: 2 }];
  return [];
}

/** Takes off "-kan", "-an" or "-i" where the prefix allows it; undefined when none applies. */
function withoutSuffix(word: string, kind: PrefixKind): string | undefined {
  if (word.endsWith("kan") && kind !== 3 && kind !== 2) return word.slice(0, -3);
  if (word.endsWith("an") && kind !== 1) return word.slice(0, -2);
  if (word.endsWith("i") && kind <= 2 && word[word.length - 2] !== "s") return word.slice(0, -1);
  return undefined;
}

/** One way through the rules: the stem it ends with and the forms it passed on the way. */
type Reading = { stem: string; steps: string[]; restored?: boolean };

const PARTICLES = ["kah", "lah", "pun"];
const POSSESSIVES = ["nya", "ku", "mu"];

function withoutEnding(word: string, endings: readonly string[]): string | undefined {
  const ending = endings.find((candidate) => word.endsWith(candidate));
  return ending === undefined ? undefined : word.slice(0, -ending.length);
}

/** The word without its particle, then also without its possessive: "bukunyalah" → "bukunya", "buku". */
function inflectionalBases(word: string): string[] {
  const bases: string[] = [];
  const withoutParticle = withoutEnding(word, PARTICLES);
  if (withoutParticle !== undefined) bases.push(withoutParticle);
  const withoutPossessive = withoutEnding(withoutParticle ?? word, POSSESSIVES);
  if (withoutPossessive !== undefined) bases.push(withoutPossessive);
  return bases;
}

/** The rules' own reading of the word (the published algorithm), then the other prefix readings. */
function readings(word: string): Reading[] {
  let measure = countVowels(word);
  let current = word;
  const steps: string[] = [word];
  if (measure <= 2) return [{ stem: current, steps }];
  const withoutParticle = withoutEnding(current, PARTICLES);
  if (withoutParticle !== undefined) {
    current = withoutParticle;
    measure -= 1;
    steps.push(current);
  }
  if (measure <= 2) return [{ stem: current, steps }];
  const withoutPossessive = withoutEnding(current, POSSESSIVES);
  if (withoutPossessive !== undefined) {
    current = withoutPossessive;
    measure -= 1;
    steps.push(current);
  }
  if (measure <= 2) return [{ stem: current, steps }];
  return derivationalReadings(current, measure, steps);
}

function derivationalReadings(current: string, measure: number, steps: string[]): Reading[] {
  const firsts = firstOrderPrefixes(current);
  if (firsts.length > 0) {
    return firsts.map(({ rest, kind, restored }) => {
      const path = [...steps, rest];
      let stem = rest;
      let left = measure - 1;
      // After a first-order prefix, a second-order one ("memper-", "diper-") is only looked for
      // once a suffix came off, and not when the root's first letter was put back ("pemerintahan"
      // is "perintah", not "intah"), as in the published rules.
      if (left > 2) {
        const bare = withoutSuffix(stem, kind);
        if (bare !== undefined) {
          stem = bare;
          left -= 1;
          path.push(stem);
          if (left > 2 && !restored) {
            const second = secondOrderPrefixes(stem)[0];
            if (second) {
              stem = second.rest;
              path.push(stem);
            }
          }
        }
      }
      return { stem, steps: path, restored };
    });
  }

  const seconds = secondOrderPrefixes(current);
  const options: Stripped[] = seconds.length > 0 ? seconds : [{ rest: current, kind: 0 }];
  return options.map(({ rest, kind }) => {
    const path = rest === current ? [...steps] : [...steps, rest];
    let stem = rest;
    const left = rest === current ? measure : measure - 1;
    if (left > 2) {
      const bare = withoutSuffix(stem, kind);
      if (bare !== undefined) {
        stem = bare;
        path.push(stem);
      }
    }
    return { stem, steps: path };
  });
}

const PLAIN_WORD = /^[a-z]+$/;

/**
 * The root of one lowercase word. Words with digits or letters outside a–z (numbers, codes,
 * foreign names) and words of up to three letters come back unchanged.
 */
export function stemIndonesian(word: string): string {
  if (word.length <= 3 || !PLAIN_WORD.test(word) || INDONESIAN_ROOTS.has(word)) return word;
  // Only an inflectional ending on a listed word: "keluarnya" is "keluar", not "luar"; "haknya" is
  // "hak" although the rules leave words of two vowels alone.
  for (const base of inflectionalBases(word)) if (INDONESIAN_ROOTS.has(base)) return base;
  const found = readings(word);
  const rulesOwn = found[0]!;
  // A listed root that ends like a particle or possessive ("bertemu" → "temu", not "berte").
  if (rulesOwn.steps.length > 1 && countVowels(word) > 2) {
    found.push(...derivationalReadings(word, countVowels(word), [word]));
  }
  // A nasal before a vowel mostly stands for a dropped "t", "k", "p" or "s" (meN- before a vowel
  // root is written "meng-"), so those readings go first: "menanggapi" is "tanggap", not "anggap".
  found.sort((a, b) => Number(b.restored === true) - Number(a.restored === true));
  for (const { stem } of found) if (INDONESIAN_ROOTS.has(stem)) return stem;
  // A listed root on the way: the rules took off too much ("dinilai" → "nila", "kepegawaian" → "gawai").
  for (const { steps } of found) {
    for (let index = steps.length - 1; index > 0; index -= 1) {
      if (INDONESIAN_ROOTS.has(steps[index]!)) return steps[index]!;
    }
  }
  // "se-" (sehubungan, sesuatu) is not a rule of the algorithm: only taken off when it leads to a listed root.
  if (word.startsWith("se") && word.length > 5) {
    const inner = stemIndonesian(word.slice(2));
    if (INDONESIAN_ROOTS.has(inner)) return inner;
  }
  return rulesOwn.stem;
}

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
