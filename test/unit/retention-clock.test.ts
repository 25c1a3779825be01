import { describe, expect, it } from "vitest";
import { addYears, computeRetention, isIsoDate, retentionToday, type RetentionInput } from "~/domain/retention";
import { retentionStartIssues } from "~/domain/retention-start";
import { retentionStartText } from "~/i18n/document-validation";

// A 2019 record under a "2 years active, 5 inactive, destroy" code: start 2019-12-31, active
// through 2021-12-31, inactive through 2026-12-31, due from 2027-01-01.
const base: RetentionInput = {
  year: 2019,
  retentionStartDate: null,
  retentionExtendedUntil: null,
  dispositionOverride: null,
  archivalState: null,
  code: { retentionActiveYears: 2, retentionInactiveYears: 5, finalDisposition: "MUSNAH" },
  held: false,
  today: "2020-06-01",
};
const at = (today: string, patch: Partial<RetentionInput> = {}) => computeRetention({ ...base, ...patch, today });

describe("retention clock: boundaries (the 'until' day is the last day of its period)", () => {
  it("dates come from 31 December of the year", () => {
    expect(at("2020-06-01")).toEqual({
      status: "AKTIF",
      activeUntil: "2021-12-31",
      inactiveUntil: "2026-12-31",
      disposition: "MUSNAH",
      totalRetentionYears: 7,
    });
  });
  it("active: the day before, of and after activeUntil", () => {
    expect(at("2021-12-30").status).toBe("AKTIF");
    expect(at("2021-12-31").status).toBe("AKTIF");
    expect(at("2022-01-01").status).toBe("INAKTIF");
  });
  it("inactive: the day before, of and after inactiveUntil (due from the next day)", () => {
    expect(at("2026-12-30").status).toBe("INAKTIF");
    expect(at("2026-12-31").status).toBe("INAKTIF");
    expect(at("2027-01-01").status).toBe("JATUH_TEMPO");
  });
  it("the start day itself is active", () => {
    expect(at("2019-12-31").status).toBe("AKTIF");
    expect(at("2019-01-01").status).toBe("AKTIF");
  });
  it("zero active years: inactive from the day after the start", () => {
    const code = { retentionActiveYears: 0, retentionInactiveYears: 1, finalDisposition: "PERMANEN" as const };
    expect(at("2019-12-31", { code }).status).toBe("AKTIF");
    expect(at("2020-01-01", { code }).status).toBe("INAKTIF");
    expect(at("2020-12-31", { code }).status).toBe("INAKTIF");
    expect(at("2021-01-01", { code })).toMatchObject({ status: "JATUH_TEMPO", disposition: "PERMANEN" });
  });
});

describe("retention clock: start date override and leap days", () => {
  it("'Tanggal mulai retensi' replaces 31 December", () => {
    const patch = { retentionStartDate: "2020-03-15" };
    expect(at("2022-03-15", patch)).toMatchObject({ status: "AKTIF", activeUntil: "2022-03-15", inactiveUntil: "2027-03-15" });
    expect(at("2022-03-16", patch).status).toBe("INAKTIF");
    expect(at("2027-03-15", patch).status).toBe("INAKTIF");
    expect(at("2027-03-16", patch).status).toBe("JATUH_TEMPO");
  });
  it("a start on 29 February ends its periods on 28 February of common years", () => {
    const patch = { retentionStartDate: "2024-02-29" };
    expect(at("2025-01-01", patch)).toMatchObject({ activeUntil: "2026-02-28", inactiveUntil: "2031-02-28" });
    expect(at("2026-02-28", patch).status).toBe("AKTIF");
    expect(at("2026-03-01", patch).status).toBe("INAKTIF");
    expect(at("2031-02-28", patch).status).toBe("INAKTIF");
    expect(at("2031-03-01", patch).status).toBe("JATUH_TEMPO");
  });
  it("29 February plus four years stays 29 February", () => {
    expect(addYears("2024-02-29", 4)).toBe("2028-02-29");
    expect(addYears("2024-02-29", 1)).toBe("2025-02-28");
  });
  it("isIsoDate accepts real days only", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2023-02-29")).toBe(false);
    expect(isIsoDate("2023-13-01")).toBe(false);
    expect(isIsoDate("2023-1-01")).toBe(false);
  });
});

describe("retention clock: reappraisal (Dinilai Kembali)", () => {
  const reappraise = { code: { retentionActiveYears: 2, retentionInactiveYears: 5, finalDisposition: "DINILAI_KEMBALI" as const } };
  it("is due for reappraisal when the code says so", () => {
    expect(at("2027-01-01", reappraise)).toMatchObject({ status: "JATUH_TEMPO", disposition: "DINILAI_KEMBALI" });
  });
  it("an extension replaces the due date (the day before, of and after)", () => {
    const patch = { ...reappraise, retentionExtendedUntil: "2030-06-30" };
    expect(at("2030-06-29", patch)).toMatchObject({ status: "INAKTIF", inactiveUntil: "2030-06-30" });
    expect(at("2030-06-30", patch).status).toBe("INAKTIF");
    expect(at("2030-07-01", patch)).toMatchObject({ status: "JATUH_TEMPO", disposition: "DINILAI_KEMBALI" });
  });
  it("a disposition override wins over the code's", () => {
    expect(at("2027-01-01", { ...reappraise, dispositionOverride: "PERMANEN" })).toMatchObject({ status: "JATUH_TEMPO", disposition: "PERMANEN" });
    expect(at("2027-01-01", { dispositionOverride: "MUSNAH", ...reappraise }).disposition).toBe("MUSNAH");
  });
});

describe("retention clock: hold, statis, no code", () => {
  it("a hold shows DITAHAN whatever the dates, and keeps the dates for display", () => {
    expect(at("2020-01-01", { held: true }).status).toBe("DITAHAN");
    expect(at("2030-01-01", { held: true })).toMatchObject({ status: "DITAHAN", inactiveUntil: "2026-12-31", disposition: "MUSNAH" });
  });
  it("STATIS wins over a hold and over the dates", () => {
    expect(at("2030-01-01", { archivalState: "STATIS" }).status).toBe("STATIS");
    expect(at("2030-01-01", { archivalState: "STATIS", held: true }).status).toBe("STATIS");
  });
  it("no code: TANPA_KODE without dates; a hold still shows", () => {
    expect(at("2030-01-01", { code: null })).toEqual({
      status: "TANPA_KODE",
      activeUntil: null,
      inactiveUntil: null,
      disposition: null,
      totalRetentionYears: null,
    });
    expect(at("2030-01-01", { code: null, held: true }).status).toBe("DITAHAN");
  });
});

describe("retentionToday", () => {
  it("is the calendar day in Jakarta (UTC+7)", () => {
    expect(retentionToday(new Date("2026-12-31T16:59:59Z"))).toBe("2026-12-31");
    expect(retentionToday(new Date("2026-12-31T17:00:00Z"))).toBe("2027-01-01");
  });
});

describe("retentionStartIssues ('Tanggal mulai retensi')", () => {
  const today = "2026-11-27";
  const check = (date: string, year: number, mayPrecedeYear = false) => retentionStartIssues({ date, year, today, mayPrecedeYear });

  it("takes the default (empty), any day of the year up to today, and the year's last day ahead", () => {
    for (const [date, year] of [["", 2020], ["2020-01-01", 2020], ["2024-05-06", 2020], [today, 2026], ["2026-12-31", 2026]] as const) {
      expect(check(date, year)).toEqual({ error: null, warning: null });
    }
  });

  it("refuses a day that has not come, unless it is still in the document's year", () => {
    expect(check("2026-11-28", 2020).error).toBe(retentionStartText.retentionStartFuture("27 November 2026"));
    expect(check("2027-01-01", 2026).error).toBe(retentionStartText.retentionStartFuture("31 Desember 2026"));
    expect(check("2027-06-30", 2027).error).toBeNull();
  });

  it("refuses a start before the year but for who may set it, who is warned", () => {
    expect(check("2019-12-31", 2020)).toEqual({ error: retentionStartText.retentionStartBeforeYear(2020), warning: null });
    expect(check("2019-12-31", 2020, true)).toEqual({ error: null, warning: retentionStartText.retentionStartBeforeYearWarning(2020) });
  });
});
