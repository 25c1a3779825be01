import { HUNSPELL_ROOTS, HUNSPELL_ROOTS_ID } from "./dictionary/hunspell-id";
import { INDONESIAN_ROOTS, ROOT_ALIASES } from "./indonesian-roots";

/**
 * The roots the stemmer knows, each with the affix families it takes, as bits: the prefixes
 * ber- (B), di- (D), ke- (K), meN- (M), peN- (P), per- (R), se- (S), ter- (T) and the suffixes
 * -an (a), -i (i), -kan (k). The letters are those of the generated list
 * (dictionary/hunspell-id.ts, from LibreOffice's Indonesian Hunspell dictionary).
 */
export const FAMILY = { B: 1, D: 2, K: 4, M: 8, P: 16, R: 32, S: 64, T: 128, a: 256, i: 512, k: 1024 } as const;
/** The project's own roots take every affix: they were chosen for the words archives use. */
export const EVERY_FAMILY = 2047;

export type Family = keyof typeof FAMILY;

/** root → the families it takes (0: a root whose flags name none); a Map will do. */
export type RootDictionary = { get(root: string): number | undefined; has(root: string): boolean };

/** Lines "root" or "root/FAMILIES" (the generated list's format) as a dictionary. */
export function parseRootList(text: string, into = new Map<string, number>()): Map<string, number> {
  for (const line of text.split("\n")) {
    if (!line) continue;
    const slash = line.indexOf("/");
    if (slash < 0) {
      into.set(line, into.get(line) ?? 0);
      continue;
    }
    let mask = 0;
    for (const letter of line.slice(slash + 1)) mask |= FAMILY[letter as Family] ?? 0;
    const root = line.slice(0, slash);
    into.set(root, (into.get(root) ?? 0) | mask);
  }
  return into;
}

/** The group of a lowercase a–z word: its first three letters as a number. */
const groupOf = (word: string) => ((word.charCodeAt(0) - 97) * 26 + (word.charCodeAt(1) - 97)) * 26 + (word.charCodeAt(2) - 97);
const GROUPS = 26 * 26 * 26;

/**
 * A dictionary read group by group (the roots that share their first three letters, at most a
 * few hundred), each at its first lookup: a search stems a few words and reads a few dozen
 * groups, while reading the whole list (about 28,000 roots) costs tens of milliseconds, too much
 * for a request. `own`: roots over the list.
 */
class GroupedRootDictionary implements RootDictionary {
  private readonly groups: (Map<string, number> | undefined)[] = new Array(GROUPS);
  private readonly ownByGroup = new Map<number, [string, number][]>();

  constructor(
    private readonly texts: Readonly<Record<string, string>>,
    own: Iterable<[string, number]>,
  ) {
    for (const entry of own) {
      const group = groupOf(entry[0]);
      const entries = this.ownByGroup.get(group) ?? [];
      entries.push(entry);
      this.ownByGroup.set(group, entries);
    }
  }

  private group(word: string): Map<string, number> | undefined {
    const index = groupOf(word);
    if (!(index >= 0 && index < GROUPS)) return undefined;
    let group = this.groups[index];
    if (!group) {
      group = parseRootList(this.texts[word.slice(0, 3)] ?? "");
      for (const [root, mask] of this.ownByGroup.get(index) ?? []) group.set(root, mask);
      this.groups[index] = group;
    }
    return group;
  }

  get(root: string): number | undefined {
    return this.group(root)?.get(root);
  }

  has(root: string): boolean {
    return this.get(root) !== undefined;
  }

  /** Every root, every group read (tests and the benchmark). */
  *roots(): Generator<[string, number]> {
    const keys = new Set([...Object.keys(this.texts), ...[...this.ownByGroup.values()].map((entries) => entries[0]![0].slice(0, 3))]);
    for (const key of [...keys].sort()) yield* this.group(key)!;
  }
}

/**
 * The stemmer's dictionary: the Hunspell list (unless `hunspell` is false, which leaves the
 * project's own ~600 roots alone, as before the dictionary came) and the own roots, which take
 * every affix; read group by group as words need them.
 */
export function rootDictionary({ hunspell = true }: { hunspell?: boolean } = {}): GroupedRootDictionary {
  return new GroupedRootDictionary(
    hunspell ? HUNSPELL_ROOTS : {},
    [...INDONESIAN_ROOTS].map((root): [string, number] => [root, EVERY_FAMILY]),
  );
}

/** FNV-1a, 32 bits, as hex: a short fingerprint of the own list for the stemmer's version. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, "0");
}

/**
 * Which stems the stemmer gives: the rules' revision, the generated list's id and the own list's
 * fingerprint. A stored vocabulary stemmed under another version is re-stemmed (search/
 * service.server.ts). Raise RULES_REVISION whenever a change to the rules changes a stem.
 */
const RULES_REVISION = 2;
export const DICTIONARY_VERSION = `${RULES_REVISION}.${HUNSPELL_ROOTS_ID}.${fingerprint([...INDONESIAN_ROOTS, ...ROOT_ALIASES.entries()].join(" "))}`;
