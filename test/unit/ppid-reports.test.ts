import { describe, expect, it } from "vitest";
import { median } from "~/domain/ppid/reports";
import { ReportYearSchema } from "~/domain/ppid/requests";
import { ppidMessages } from "~/i18n/ppid";

describe("the annual report's median", () => {
  it("is the middle value, the mean of the two middle ones for an even count, none for no value", () => {
    expect(median([16, 4, 10])).toBe(10);
    expect(median([16, 4, 12, 10])).toBe(11);
    expect(median([3, 4])).toBe(3.5);
    expect(median([])).toBeNull();
  });
});

describe("a report's year", () => {
  it("is optional, a whole number from 2000 to 2100, refused otherwise with one message", () => {
    expect(ReportYearSchema.parse({})).toEqual({ year: undefined });
    expect(ReportYearSchema.parse({ year: "" })).toEqual({ year: undefined });
    expect(ReportYearSchema.parse({ year: "2033" })).toEqual({ year: 2033 });
    for (const year of ["dua-ribu", "2033.5", "1999", "2101"]) {
      expect(ReportYearSchema.safeParse({ year }).error?.issues[0]?.message, year).toBe(ppidMessages.validation.yearInvalid);
    }
  });
});
