import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { NATIONAL_HOLIDAYS } from "~/domain/ppid/national-holidays";
import {
  addWorkingDays,
  answerDueDate,
  extendedDueDate,
  isWorkingDay,
  nationalHolidaysIn,
  objectionDeadline,
  workCalendar,
  workingDaysBetween,
} from "~/domain/ppid/working-days";
import { jakartaDate } from "~/domain/time";
import { FIRST_YEAR, HOLIDAYS_MODULE, holidaysModule, LAST_YEAR, nationalHolidaysOf } from "../../scripts/ppid/national-holidays.ts";

const plain = workCalendar();

describe("the national holidays in the repository", () => {
  it("are what date-holidays gives, byte for byte (npm run ppid:holidays)", () => {
    expect(readFileSync(HOLIDAYS_MODULE, "utf8")).toBe(holidaysModule());
  });

  it("cover every year of the span, in date order, with Indonesian names", () => {
    for (let year = FIRST_YEAR; year <= LAST_YEAR; year++) {
      expect(nationalHolidaysIn(year).length, String(year)).toBeGreaterThanOrEqual(13);
    }
    const dates = NATIONAL_HOLIDAYS.map(([date]) => date);
    expect(dates).toEqual([...dates].sort());
    expect(new Set(dates).size).toBe(dates.length);
    expect(nationalHolidaysOf(2026)).toContainEqual({ date: "2026-01-16", name: "Isra Mikraj Nabi Muhammad" });
    expect(nationalHolidaysOf(2026)).toContainEqual({ date: "2026-08-17", name: "Hari Kemerdekaan Republik Indonesia" });
  });
});

describe("the working-day clock", () => {
  it("skips weekends: 10 working days from a Monday is the Monday two weeks on", () => {
    expect(answerDueDate("2026-11-02", plain)).toBe("2026-11-16");
    expect(isWorkingDay("2026-11-28", plain)).toBe(false); // Saturday
    expect(isWorkingDay("2026-11-30", plain)).toBe(true);
  });

  it("counts from the next working day when a request arrives on a weekend", () => {
    expect(answerDueDate("2026-11-28", plain)).toBe("2026-12-11");
    expect(answerDueDate("2026-11-29", plain)).toBe("2026-12-11");
  });

  it("crosses a year end past Christmas, New Year and Isra Mikraj", () => {
    // 23, 24, 28, 29, 30, 31 Dec; 4, 6, 7, 8 Jan (25 Dec, 1 Jan and 5 Jan are holidays).
    expect(answerDueDate("2026-12-22", plain)).toBe("2027-01-08");
    expect(workingDaysBetween("2026-12-22", "2027-01-08", plain)).toBe(10);
    expect(workingDaysBetween("2027-01-08", "2026-12-22", plain)).toBe(-10);
    expect(workingDaysBetween("2027-01-08", "2027-01-08", plain)).toBe(0);
  });

  it("skips the cuti bersama days Super Admin entered", () => {
    const withLeave = workCalendar([{ date: "2026-12-24", note: "Cuti bersama Natal" }]);
    expect(answerDueDate("2026-12-22", withLeave)).toBe("2027-01-11");
    expect(withLeave.dayOffReason("2026-12-24")).toBe("Cuti bersama Natal");
    expect(withLeave.dayOffReason("2026-12-25")).toBe("Hari Raya Natal");
    expect(withLeave.dayOffReason("2026-12-23")).toBeNull();
  });

  it("skips a run of holidays and cuti bersama around Lebaran", () => {
    // Nyepi 19 Mar, Idul Fitri 20–21 Mar, Good Friday 3 Apr.
    expect(answerDueDate("2026-03-16", plain)).toBe("2026-04-01");
    const lebaran = workCalendar([
      { date: "2026-03-18", note: "Cuti bersama Nyepi" },
      { date: "2026-03-23", note: "Cuti bersama Idul Fitri" },
      { date: "2026-03-24", note: "Cuti bersama Idul Fitri" },
    ]);
    // 17 Mar; 25, 26, 27, 30, 31 Mar; 1, 2, 6, 7 Apr.
    expect(answerDueDate("2026-03-16", lebaran)).toBe("2026-04-07");
  });

  it("extends once by 7 working days after the first due date", () => {
    expect(extendedDueDate("2026-04-07", plain)).toBe("2026-04-16");
    // Across the year end: 4, 6, 7, 8, 11, 12, 13 Jan 2027.
    expect(extendedDueDate("2026-12-31", plain)).toBe("2027-01-13");
  });

  it("gives an objection 30 working days", () => {
    expect(workingDaysBetween("2026-12-22", objectionDeadline("2026-12-22", plain), plain)).toBe(30);
  });

  it("refuses a count that is not a positive integer or a date that is not YYYY-MM-DD", () => {
    expect(() => addWorkingDays("2026-01-01", 0, plain)).toThrow();
    expect(() => addWorkingDays("2026-1-1", 1, plain)).toThrow();
  });

  it("takes each day in Asia/Jakarta, not UTC", () => {
    expect(jakartaDate(new Date("2026-12-31T16:59:59Z"))).toBe("2026-12-31");
    expect(jakartaDate(new Date("2026-12-31T17:00:00Z"))).toBe("2027-01-01");
    // Received at 00:30 WIB on 31 Dec (still 30 Dec in UTC, which would give 15 Jan):
    // 4, 6, 7, 8, 11, 12, 13, 14, 15, 18 Jan.
    expect(answerDueDate(jakartaDate(new Date("2026-12-30T17:30:00Z")), plain)).toBe("2027-01-18");
    expect(answerDueDate("2026-12-30", plain)).toBe("2027-01-15");
  });
});
