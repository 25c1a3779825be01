import { describe, expect, it } from "vitest";
import { BerkasCreateSchema, BerkasItemsSchema, kurunWaktu, locationText } from "~/domain/berkas";
import { combineBerkasClock, computeRetention, type RetentionInput } from "~/domain/retention";
import { transferNumber } from "~/domain/transfers";
import { reviewDueOn, VitalSchema } from "~/domain/vital";

const code = { retentionActiveYears: 2, retentionInactiveYears: 5, finalDisposition: "MUSNAH" as const };
const clock = (year: number, today: string, patch: Partial<RetentionInput> = {}) =>
  computeRetention({ year, retentionStartDate: null, retentionExtendedUntil: null, dispositionOverride: null, archivalState: null, code, held: false, today, ...patch });

describe("a berkas's clock (combineBerkasClock)", () => {
  it("runs to its latest document: a new letter keeps an old berkas active", () => {
    const today = "2024-06-01";
    const old = clock(2015, today);
    const recent = clock(2023, today);
    expect(old.status).toBe("JATUH_TEMPO");
    expect(combineBerkasClock([old, recent], today)).toEqual({ ...recent, status: "AKTIF" });
  });

  it("is held when any document is held, Statis when handed over, and keeps the most lasting disposition", () => {
    const today = "2030-01-01";
    expect(combineBerkasClock([clock(2015, today), clock(2016, today, { held: true })], today).status).toBe("DITAHAN");
    expect(combineBerkasClock([clock(2015, today, { archivalState: "STATIS" }), clock(2015, today)], today).status).toBe("STATIS");
    const combined = combineBerkasClock([clock(2015, today), clock(2015, today, { dispositionOverride: "PERMANEN" })], today);
    expect(combined).toMatchObject({ status: "JATUH_TEMPO", disposition: "PERMANEN", totalRetentionYears: 7 });
  });

  it("the day boundaries are the latest document's", () => {
    const items = (today: string) => [clock(2019, today), clock(2020, today)];
    // 2020 + 2 years active: through 2022-12-31; + 5 inactive: through 2027-12-31.
    expect(combineBerkasClock(items("2022-12-31"), "2022-12-31").status).toBe("AKTIF");
    expect(combineBerkasClock(items("2023-01-01"), "2023-01-01").status).toBe("INAKTIF");
    expect(combineBerkasClock(items("2027-12-31"), "2027-12-31").status).toBe("INAKTIF");
    expect(combineBerkasClock(items("2028-01-01"), "2028-01-01").status).toBe("JATUH_TEMPO");
  });
});

describe("berkas and pemindahan forms", () => {
  it("a berkas needs a number, a title of 5 characters and a code; the level defaults to Asli", () => {
    expect(BerkasCreateSchema.parse({ number: " 12 ", title: "Rapat senat", classificationCode: "PP.01" })).toMatchObject({ number: "12", developmentLevel: "ASLI", note: "" });
    expect(BerkasCreateSchema.safeParse({ number: "", title: "Rapat", classificationCode: "PP.01" }).success).toBe(false);
    expect(BerkasCreateSchema.safeParse({ number: "1", title: "Rap", classificationCode: "PP.01" }).success).toBe(false);
    expect(BerkasCreateSchema.safeParse({ number: "1", title: "Rapat senat", classificationCode: "PP.01", unitKerjaId: "2e3" }).success).toBe(false);
    expect(BerkasItemsSchema.safeParse({ archiveUuids: [] }).success).toBe(false);
    expect(BerkasItemsSchema.safeParse({ archiveUuids: ["not-a-uuid"] }).success).toBe(false);
  });

  it("kurun waktu, location and numbers read as the Daftar Arsip writes them", () => {
    expect(kurunWaktu(2019, 2021)).toBe("2019–2021");
    expect(kurunWaktu(2020, 2020)).toBe("2020");
    expect(kurunWaktu(null, null)).toBe("–");
    expect(locationText("12", "B-3")).toBe("Boks 12, Rak B-3");
    expect(locationText(null, null)).toBeNull();
    expect(transferNumber(2026, 0)).toBe("PA/2026/001");
    expect(transferNumber(2026, 41)).toBe("PA/2026/042");
  });
});

describe("arsip vital", () => {
  it("setting needs a reason and a review period of 1 to 120 months; lifting a reason", () => {
    expect(VitalSchema.parse({ vital: "true", reason: "Akta pendirian", reviewMonths: "12" })).toEqual({ vital: true, reason: "Akta pendirian", reviewMonths: 12 });
    expect(VitalSchema.safeParse({ vital: true, reason: "Akta pendirian" }).success).toBe(false);
    expect(VitalSchema.safeParse({ vital: true, reason: "Akta pendirian", reviewMonths: 121 }).success).toBe(false);
    expect(VitalSchema.safeParse({ vital: false, reason: "Akta" }).success).toBe(false);
    expect(VitalSchema.parse({ vital: false, reason: "Diganti akta baru" })).toMatchObject({ vital: false });
  });

  it("the review date is months later, on the last day of a shorter month", () => {
    expect(reviewDueOn("2026-11-27", 12)).toBe("2027-11-27");
    expect(reviewDueOn("2026-01-31", 1)).toBe("2026-02-28");
    expect(reviewDueOn("2026-12-15", 2)).toBe("2027-02-15");
  });
});
