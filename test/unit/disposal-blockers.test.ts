/** What keeps a penyusutan list from running: the page shows it, the execution refuses with it. */
import { describe, expect, it } from "vitest";
import { executionBlockers } from "~/domain/disposal";
import { disposalMessages } from "~/i18n/disposal";

const item = (decision: string | null, retentionYears = 5) => ({ decision, retentionYears });

describe("executionBlockers", () => {
  it("names undecided items and the missing ANRI letter, in the order of the procedure", () => {
    const list = { kind: "MUSNAH" as const, anriLetterNumber: null, anriLetterDate: null, items: [item(null, 12), item("SETUJUI"), item(null)] };
    expect(executionBlockers(list)).toEqual([disposalMessages.undecided(2), disposalMessages.anriRequired]);
  });

  it("is empty once every item is decided and the letter is recorded", () => {
    const list = { kind: "MUSNAH" as const, anriLetterNumber: "B-1/ANRI/2026", anriLetterDate: "2026-11-01", items: [item("SETUJUI", 12), item("TUNDA")] };
    expect(executionBlockers(list)).toEqual([]);
  });

  it("asks no ANRI letter of a hand-over (Usul Serah), nor of a Musnah list under 10 years", () => {
    expect(executionBlockers({ kind: "SERAH", anriLetterNumber: null, anriLetterDate: null, items: [item("SETUJUI", 30)] })).toEqual([]);
    expect(executionBlockers({ kind: "MUSNAH", anriLetterNumber: null, anriLetterDate: null, items: [item("SETUJUI", 9)] })).toEqual([]);
  });
});
