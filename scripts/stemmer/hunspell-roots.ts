/**
 * Turns a Hunspell dictionary (.dic + .aff, FLAG long, as LibreOffice's Indonesian id_ID) into
 * the stemmer's root list: one root a line, sorted, with the affix families the root's flags
 * allow written as letters after a slash ("bayar/DMPTaik"). Pure and deterministic, so the same
 * input gives the same bytes; scripts/stemmer/build-dictionary.ts reads and writes the files.
 *
 * What a family letter means is decided by the .aff itself: a prefix class counts for the
 * prefixes its longest affix is made of ("memper" → meN- and per-), a suffix class for its
 * suffix and for the prefixes of the classes it continues into (a circumfix: "Ka" is -an with
 * "K1" = ke-, so ke-…-an). Inflectional endings (-nya, -lah, -ku…) are not families: the
 * stemmer takes them off any word.
 */
import { createHash } from "node:crypto";

/** Where Debian's `hunspell-id` package installs the dictionary (scripts/test.sh installs it). */
export const HUNSPELL_ID_FILES = { dic: "/usr/share/hunspell/id_ID.dic", aff: "/usr/share/hunspell/id_ID.aff" };
/** The generated root list the stemmer reads. */
export const DICTIONARY_MODULE = new URL("../../app/domain/search/dictionary/hunspell-id.ts", import.meta.url);

/** The family letters in the order they are written, as the stemmer reads them (FAMILY in app/domain/search/root-dictionary.ts). */
export const FAMILY_ORDER = "BDKMPRSTaik";

/**
 * The prefix morphemes an affix string is read as, longest first. "er" is per- after a nasal
 * prefix ("pemer-": peN- + per-); "ku", "kau", "si", "re", "we" are prefixes the stemmer does not
 * strip, so they name no family.
 */
const PREFIX_MORPHEMES: ReadonlyArray<readonly [string, string]> = [
  ["menge", "M"],
  ["menye", "M"],
  ["penge", "P"],
  ["penye", "P"],
  ["meng", "M"],
  ["meny", "M"],
  ["peng", "P"],
  ["peny", "P"],
  ["mem", "M"],
  ["men", "M"],
  ["pem", "P"],
  ["pen", "P"],
  ["per", "R"],
  ["ber", "B"],
  ["ter", "T"],
  ["kau", ""],
  ["me", "M"],
  ["pe", "P"],
  ["be", "B"],
  ["te", "T"],
  ["di", "D"],
  ["ke", "K"],
  ["se", "S"],
  ["ku", ""],
  ["si", ""],
  ["re", ""],
  ["we", ""],
  ["er", "R"],
];

/** The families of a prefix string ("memper" → "MR"), or null when it is not made of known prefixes. */
export function prefixFamilies(affix: string): string | null {
  if (affix === "") return "";
  for (const [morpheme, family] of PREFIX_MORPHEMES) {
    if (!affix.startsWith(morpheme)) continue;
    const rest = prefixFamilies(affix.slice(morpheme.length));
    if (rest !== null) return family + rest;
  }
  return null;
}

/** The derivational suffix a suffix string starts with ("annya" → "a"); inflection alone → "". */
export function suffixFamily(affix: string): string {
  const lower = affix.toLowerCase();
  if (lower.startsWith("kan")) return "k";
  if (lower.startsWith("an")) return "a";
  if (lower.startsWith("i")) return "i";
  return "";
}

type AffixClass = { kind: "PFX" | "SFX"; affixes: { add: string; continuation: string[] }[] };

const pairs = (flags: string) => flags.match(/../g) ?? [];

/** The PFX/SFX classes of an .aff with `FLAG long` (two-character flags). */
export function parseAffixClasses(aff: string): Map<string, AffixClass> {
  if (!/^FLAG\s+long\b/m.test(aff)) throw new Error("the .aff must use FLAG long (two-character flags)");
  const classes = new Map<string, AffixClass>();
  for (const line of aff.split(/\r?\n/)) {
    const fields = line.replace(/#.*$/, "").trim().split(/\s+/);
    if (fields[0] !== "PFX" && fields[0] !== "SFX") continue;
    const [kind, flag] = fields as ["PFX" | "SFX", string];
    // A class header is "PFX B0 Y 2" (cross product, count); an affix line has strip and add.
    if ((fields[2] === "Y" || fields[2] === "N") && /^\d+$/.test(fields[3] ?? "")) {
      classes.set(flag, { kind, affixes: [] });
      continue;
    }
    const affixClass = classes.get(flag);
    if (!affixClass || fields.length < 4) throw new Error(`affix line before its class header: ${line}`);
    const [add = "", continuation = ""] = fields[3]!.split("/");
    affixClass.affixes.push({ add: add === "0" ? "" : add, continuation: pairs(continuation) });
  }
  return classes;
}

/** The family letters each class contributes, in FAMILY_ORDER. */
export function classFamilies(classes: Map<string, AffixClass>): Map<string, string> {
  const prefixOf = new Map<string, string>();
  for (const [flag, affixClass] of classes) {
    if (affixClass.kind !== "PFX") continue;
    // The longest affix names the class best: "memper" says more than its "mempe" before r.
    const longest = affixClass.affixes.map((affix) => affix.add).reduce((a, b) => (b.length > a.length ? b : a), "");
    const families = prefixFamilies(longest);
    if (families === null) throw new Error(`prefix class ${flag}: "${longest}" is not made of known prefixes`);
    prefixOf.set(flag, families);
  }
  const result = new Map<string, string>();
  for (const [flag, affixClass] of classes) {
    let families = prefixOf.get(flag) ?? "";
    if (affixClass.kind === "SFX") {
      for (const affix of affixClass.affixes) {
        families += suffixFamily(affix.add);
        for (const next of affix.continuation) families += prefixOf.get(next) ?? "";
      }
    }
    result.set(flag, canonical(families));
  }
  return result;
}

const canonical = (families: string) => [...new Set(families)].sort((a, b) => FAMILY_ORDER.indexOf(a) - FAMILY_ORDER.indexOf(b)).join("");

/** Roots the stemmer can use: lower case a–z, at least three letters (it leaves shorter words alone). */
const USABLE_ROOT = /^[a-z]{3,}$/;

export type RootList = { text: string; roots: number; withFamilies: number; unknownFlags: string[] };

/** Flags an .aff gives a meaning other than an affix class ("NEEDAFFIX A2": a root that never stands alone). */
const MARKER_FLAG = /^(?:CIRCUMFIX|NEEDAFFIX|FORBIDDENWORD|KEEPCASE|NOSUGGEST|ONLYINCOMPOUND|COMPOUNDFLAG|WARN)\s+(\S+)/gm;

/**
 * The root list of a .dic read with the classes of its .aff: homographs merged (their families
 * joined), entries with capitals, hyphens or fewer than three letters left out, marker flags
 * passed over, flags the .aff does not define ignored (and reported).
 */
export function rootListOf(dic: string, aff: string): RootList {
  const families = classFamilies(parseAffixClasses(aff));
  for (const [, flag] of aff.matchAll(MARKER_FLAG)) families.set(flag!, "");
  const roots = new Map<string, string>();
  const unknown = new Set<string>();
  const lines = dic.split(/\r?\n/);
  // The first line of a .dic is the approximate entry count.
  for (const line of lines.slice(/^\d+\s*$/.test(lines[0] ?? "") ? 1 : 0)) {
    const entry = line.trim();
    if (!entry) continue;
    const slash = entry.indexOf("/");
    const word = slash < 0 ? entry : entry.slice(0, slash);
    if (!USABLE_ROOT.test(word)) continue;
    let allowed = roots.get(word) ?? "";
    for (const flag of slash < 0 ? [] : pairs(entry.slice(slash + 1))) {
      const contributed = families.get(flag);
      if (contributed === undefined) unknown.add(flag);
      else allowed += contributed;
    }
    roots.set(word, canonical(allowed));
  }
  const sorted = [...roots.keys()].sort();
  const text = sorted.map((word) => (roots.get(word) ? `${word}/${roots.get(word)}` : word)).join("\n");
  return { text, roots: sorted.length, withFamilies: sorted.filter((word) => roots.get(word)).length, unknownFlags: [...unknown].sort() };
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * The generated module: a header naming the sources by hash (no date, so regenerating from the
 * same files gives the same bytes), the list's own id (the stemmer's version follows it), and the
 * list in groups by its first two letters, a root a line: the stemmer reads a group only when a
 * word needs it, so a search reads a few dozen roots, not 28,000.
 */
export function dictionaryModule(dic: string, aff: string): string {
  const list = rootListOf(dic, aff);
  const groups = new Map<string, string[]>();
  for (const line of list.text.split("\n")) {
    const key = line.slice(0, 3);
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  const body = [...groups].map(([key, lines]) => `  ${key}: \`\n${lines.join("\n")}\n\`,`).join("\n");
  return `// GENERATED by scripts/stemmer/build-dictionary.ts (npm run stemmer:dictionary) — do not edit.
// Source: LibreOffice's Indonesian Hunspell dictionary (id_ID, LGPL-3; Debian package hunspell-id),
//   id_ID.dic sha256 ${sha256(dic)}
//   id_ID.aff sha256 ${sha256(aff)}
// LGPL-3: COPYING.LESSER, COPYING and NOTICE.md in this folder. ${list.roots} roots, ${list.withFamilies} with affix families.
// A line is a root, then after "/" the affix families its Hunspell flags allow: prefixes B ber-,
// D di-, K ke-, M meN-, P peN-, R per-, S se-, T ter-; suffixes a -an, i -i, k -kan. Roots are
// grouped by their first three letters.

/** Changes whenever the list does, so a stored index knows it was stemmed with another list. */
export const HUNSPELL_ROOTS_ID = "${sha256(list.text).slice(0, 12)}";

export const HUNSPELL_ROOTS: Readonly<Record<string, string>> = {
${body}
};
`;
}
