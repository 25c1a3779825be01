import { describe, expect, it } from "vitest";
import { stemIndonesian, tokenizeIndonesian } from "~/domain/search/indonesian";
import { RARE_SURNAMES, seededRandom, syntheticBody } from "../../scripts/bench/synthetic-text.ts";

/** The search benchmark's synthetic text: reproducible, a few KB, with the word frequencies its report relies on. */
describe("synthetic document text (bench:search)", () => {
  const bodies = (seed: number, count: number) => {
    const random = seededRandom(seed);
    return Array.from({ length: count }, (_, index) => syntheticBody(random, 2020 + (index % 6)));
  };

  it("is the same for the same seed and a few kilobytes long", () => {
    expect(bodies(7, 20)).toEqual(bodies(7, 20));
    expect(bodies(7, 1)).not.toEqual(bodies(8, 1));
    for (const body of bodies(7, 200)) {
      expect(body.length).toBeGreaterThan(1900);
      expect(body.length).toBeLessThan(6500);
    }
  });

  it("has 'universitas' everywhere, 'surat' in about half, each surname rarely, and affixed forms to stem", () => {
    const documents = bodies(11, 2000).map((body) => new Set(tokenizeIndonesian(body)));
    const share = (word: string) => documents.filter((words) => words.has(word)).length / documents.length;
    expect(share("universitas")).toBe(1);
    expect(share("surat")).toBeGreaterThan(0.4);
    expect(share("surat")).toBeLessThan(0.7);
    expect(Math.max(...RARE_SURNAMES.slice(0, 50).map((name) => share(name.toLowerCase())))).toBeLessThan(0.01);
    expect(new Set(RARE_SURNAMES).size).toBe(10_000);
    const forms = new Set(documents.flatMap((words) => [...words]).filter((word) => stemIndonesian(word) === "tetap"));
    expect([...forms].sort()).toEqual(["ditetapkan", "menetapkan", "penetapan"]);
  });
});
