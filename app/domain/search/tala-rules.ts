/**
 * The rule-based "Porter stemmer for Bahasa Indonesia" (Tala, 2003) as published by the Snowball
 * project (BSD licence), in an own port written from the algorithm's description: particle
 * (-kah/-lah/-pun), possessive (-ku/-mu/-nya), first-order prefix (meN-, peN-, di-, ke-, ter-),
 * derivational suffix (-kan/-an/-i) and second-order prefix (ber-, per-), each step only while the
 * word keeps more than two vowels. One deliberate departure: men-/pen- before a vowel put back
 * the root's "t" ("menanam" → "tanam", as "ditanam"), where the published rules delete the prefix
 * ("anam").
 *
 * The stemmer (indonesian.ts) asks these rules only about words whose root no dictionary knows:
 * they need no list, and give every form of an unknown word the same stem every time.
 */

const VOWELS = new Set(["a", "e", "i", "o", "u"]);

export const isVowel = (char: string | undefined): boolean => char !== undefined && VOWELS.has(char);

export function countVowels(word: string): number {
  let count = 0;
  for (let index = 0; index < word.length; index += 1) if (VOWELS.has(word[index]!)) count += 1;
  return count;
}

/**
 * Which prefix was taken off, as the suffix rules need it: 1 di-/meN-/ter-, 2 per-, 3 ke-/peN-,
 * 4 ber-, 0 none. "ke-…-an" and "peN-…-an" keep their "-an" reading, "di-…-i" its "-i", and so on.
 */
type PrefixKind = 0 | 1 | 2 | 3 | 4;

/** `restored`: the prefix replaced the root's first letter, which is put back ("memakai" → "pakai"). */
type Stripped = { rest: string; kind: PrefixKind; restored?: boolean };

function firstOrderPrefix(word: string): Stripped | undefined {
  const nasalKind: PrefixKind = word[0] === "m" ? 1 : 3;
  if (word.startsWith("meng") || word.startsWith("peng")) return { rest: word.slice(4), kind: nasalKind };
  if ((word.startsWith("meny") || word.startsWith("peny")) && isVowel(word[4])) {
    return { rest: `s${word.slice(4)}`, kind: nasalKind, restored: true };
  }
  if (word.startsWith("men") || word.startsWith("pen")) {
    const rest = word.slice(3);
    return isVowel(rest[0]) ? { rest: `t${rest}`, kind: nasalKind, restored: true } : { rest, kind: nasalKind };
  }
  if (word.startsWith("mem") || word.startsWith("pem")) {
    const rest = word.slice(3);
    return isVowel(rest[0]) ? { rest: `p${rest}`, kind: nasalKind, restored: true } : { rest, kind: nasalKind };
  }
  if (word.startsWith("me") || word.startsWith("di")) return { rest: word.slice(2), kind: 1 };
  if (word.startsWith("ter")) return { rest: word.slice(3), kind: 1 };
  if (word.startsWith("ke")) return { rest: word.slice(2), kind: 3 };
  return undefined;
}

/** "ber-"/"be-" (only before consonant + "er", as in "bekerja"), "per-"/"pe-", and "belajar"/"pelajar". */
function secondOrderPrefix(word: string): Stripped | undefined {
  if (word.startsWith("belajar")) return { rest: `ajar${word.slice(7)}`, kind: 4 };
  if (word.startsWith("ber")) return { rest: word.slice(3), kind: 4 };
  if (word.startsWith("be") && word.length > 5 && !isVowel(word[2]) && word.startsWith("er", 3)) {
    return { rest: word.slice(2), kind: 4 };
  }
  if (word.startsWith("pelajar")) return { rest: `ajar${word.slice(7)}`, kind: 2 };
  if (word.startsWith("per")) return { rest: word.slice(3), kind: 2 };
  if (word.startsWith("pe")) return { rest: word.slice(2), kind: 2 };
  return undefined;
}

/** Takes off "-kan", "-an" or "-i" where the prefix allows it; undefined when none applies. */
function withoutSuffix(word: string, kind: PrefixKind): string | undefined {
  if (word.endsWith("kan") && kind !== 3 && kind !== 2) return word.slice(0, -3);
  if (word.endsWith("an") && kind !== 1) return word.slice(0, -2);
  if (word.endsWith("i") && kind <= 2 && word[word.length - 2] !== "s") return word.slice(0, -1);
  return undefined;
}

const PARTICLES = ["kah", "lah", "pun"];
const POSSESSIVES = ["nya", "ku", "mu"];

function withoutEnding(word: string, endings: readonly string[]): string | undefined {
  const ending = endings.find((candidate) => word.endsWith(candidate));
  return ending === undefined ? undefined : word.slice(0, -ending.length);
}

/** The rules' stem of one lowercase word. */
export function talaStem(word: string): string {
  let measure = countVowels(word);
  let current = word;
  if (measure <= 2) return current;
  const withoutParticle = withoutEnding(current, PARTICLES);
  if (withoutParticle !== undefined) {
    current = withoutParticle;
    measure -= 1;
    if (measure <= 2) return current;
  }
  const withoutPossessive = withoutEnding(current, POSSESSIVES);
  if (withoutPossessive !== undefined) {
    current = withoutPossessive;
    measure -= 1;
    if (measure <= 2) return current;
  }
  const first = firstOrderPrefix(current);
  if (first) {
    let stem = first.rest;
    let left = measure - 1;
    // After a first-order prefix, a second-order one ("memper-", "diper-") is only looked for
    // once a suffix came off, and not when the root's first letter was put back ("pemerintahan"
    // is "perintah", not "intah"), as in the published rules.
    if (left > 2) {
      const bare = withoutSuffix(stem, first.kind);
      if (bare !== undefined) {
        stem = bare;
        left -= 1;
        const second = left > 2 && !first.restored ? secondOrderPrefix(stem) : undefined;
        if (second) stem = second.rest;
      }
    }
    return stem;
  }
  const second = secondOrderPrefix(current);
  const stem = second ? second.rest : current;
  const left = second ? measure - 1 : measure;
  return left > 2 ? (withoutSuffix(stem, second?.kind ?? 0) ?? stem) : stem;
}
