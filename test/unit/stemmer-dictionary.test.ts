import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FAMILY, parseRootList, rootDictionary, EVERY_FAMILY } from "~/domain/search/root-dictionary";
import { HUNSPELL_ROOTS } from "~/domain/search/dictionary/hunspell-id";
import {
  classFamilies,
  DICTIONARY_MODULE,
  dictionaryModule,
  FAMILY_ORDER,
  HUNSPELL_ID_FILES,
  parseAffixClasses,
  prefixFamilies,
  rootListOf,
} from "../../scripts/stemmer/hunspell-roots.ts";

/**
 * The stemmer's root list is generated from LibreOffice's Indonesian Hunspell dictionary by
 * scripts/stemmer/build-dictionary.ts: the same input must give the same bytes, and the list in
 * the repository must be what the installed package gives (scripts/test.sh installs
 * `hunspell-id`).
 */
const FIXTURES = new URL("../fixtures/hunspell/", import.meta.url);
const latin1 = (url: URL | string) => readFileSync(url, "latin1");

describe("the root list generator", () => {
  const dic = latin1(new URL("id_ID-excerpt.dic", FIXTURES));
  const aff = latin1(new URL("id_ID.aff", FIXTURES));

  it("turns a .dic and .aff into the same bytes every time", () => {
    const expected = readFileSync(new URL("expected-hunspell-id.ts.txt", FIXTURES), "utf8");
    expect(dictionaryModule(dic, aff)).toBe(expected);
    expect(dictionaryModule(dic, aff)).toBe(expected);
  });

  it("keeps lower-case roots of three letters or more, joins homographs, ignores flags the .aff does not define", () => {
    const list = rootListOf(dic, aff);
    const lines = list.text.split("\n");
    expect(lines).toEqual([...lines].sort());
    expect(lines).not.toContain("ab");
    expect(lines.some((line) => line.startsWith("aba-aba") || line.startsWith("Abraham"))).toBe(false);
    // "akan/B0DkKaM0Mka0" and "akan/S0B0BSR0M0": one line with the families of both.
    expect(lines.filter((line) => line.startsWith("akan"))).toEqual(["akan/BDKMRSak"]);
    expect(lines).toContain("absolut");
    expect(list.unknownFlags).toEqual(["z0"]);
  });

  it("reads each affix class as the families of its affixes", () => {
    const families = classFamilies(parseAffixClasses(aff));
    expect(families.get("M0")).toBe("M"); // me-, mem-, men-, meng-, meny-
    expect(families.get("MR")).toBe("MR"); // memper-
    expect(families.get("KT")).toBe("KT"); // keter- (keter-…-an with Ku)
    expect(families.get("Ku")).toBe("KTa"); // -an, continuing into keter-
    expect(families.get("Pa")).toBe("Pa"); // peN-…-an
    expect(families.get("P8")).toBe("PR"); // pemer-: peN- + per-
    expect(families.get("n0")).toBe(""); // -nya: inflection, no family
    expect(prefixFamilies("pemeng")).toBe("PM");
    expect(prefixFamilies("kauper")).toBe("R");
    expect(prefixFamilies("xyz")).toBeNull();
  });

  it("refuses an .aff it cannot read rather than guess", () => {
    expect(() => parseAffixClasses(aff.replace(/^FLAG long/m, ""))).toThrow(/FLAG long/);
    expect(() => classFamilies(parseAffixClasses(`${aff}\nPFX X9 Y 1\nPFX X9 0 xyz .\n`))).toThrow(/X9: "xyz"/);
  });
});

describe("the root list in the repository", () => {
  it("is what the installed hunspell-id gives, byte for byte (npm run stemmer:dictionary)", () => {
    for (const file of Object.values(HUNSPELL_ID_FILES)) {
      expect(existsSync(file), `${file} is missing: apt-get install hunspell-id (scripts/test.sh does)`).toBe(true);
    }
    expect(readFileSync(DICTIONARY_MODULE, "utf8")).toBe(dictionaryModule(latin1(HUNSPELL_ID_FILES.dic), latin1(HUNSPELL_ID_FILES.aff)));
  });

  it("has its licence and notice beside it", () => {
    for (const name of ["COPYING.LESSER", "COPYING", "NOTICE.md"]) {
      expect(existsSync(new URL(name, DICTIONARY_MODULE)), name).toBe(true);
    }
    expect(readFileSync(new URL("COPYING.LESSER", DICTIONARY_MODULE), "utf8")).toContain("GNU LESSER GENERAL PUBLIC LICENSE");
  });

  it("is read into roots and the affix families they take", () => {
    // The generator writes the letters the stemmer reads.
    expect(FAMILY_ORDER).toBe(Object.keys(FAMILY).join(""));
    expect(parseRootList("bayar/DMPTaik\nmas\n")).toEqual(
      new Map([
        ["bayar", FAMILY.D | FAMILY.M | FAMILY.P | FAMILY.T | FAMILY.a | FAMILY.i | FAMILY.k],
        ["mas", 0],
      ]),
    );
    const roots = rootDictionary();
    expect([...roots.roots()].length).toBeGreaterThan(28_000);
    expect(roots.get("musnah")! & FAMILY.P).toBeTruthy();
    expect(roots.get("tanti")).toBe(FAMILY.B);
    // The project's own roots join it, with every family.
    expect(roots.get("akreditasi")).toBe(EVERY_FAMILY);
    expect(Object.keys(HUNSPELL_ROOTS).length).toBeGreaterThan(200);
  });
});
