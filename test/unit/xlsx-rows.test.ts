import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { InvalidError } from "~/domain/errors";
import { importMessages } from "~/i18n/imports";
import { excelSerialDate } from "~/domain/imports";
import { readXlsxRows } from "~/server/office/xlsx.server";
import { xlsxBytes } from "../support/shared/xlsx";

describe("readXlsxRows", () => {
  it("reads the first sheet as Excel shows it: shared and inline strings, numbers, date serials, empty cells, row numbers kept", () => {
    const bytes = xlsxBytes([
      {
        name: "Daftar Arsip",
        rows: [
          ["DAFTAR ARSIP AKTIF"],
          ["No.Arsip", "Tanggal", "Uraian", "Jumlah", "Ket"],
          ["001/UN/2021", { serial: 44259 }, { inline: "Surat Keputusan <Rektor> & Senat" }, 2, null],
          [],
          ["002/UN/2021", { serial: 44561.5 }, "Nota Dinas", 0.1 + 0.2, "Asli"],
        ],
      },
      { name: "Rekap", rows: [["lembar kedua, tidak dibaca"]] },
    ]);
    expect(readXlsxRows(bytes, 100)).toEqual([
      // A rich-text shared string (two runs and a phonetic guide) reads as its runs' text.
      ["DAFTAR ARSIP AKTIF"],
      ["No.Arsip", "Tanggal", "Uraian", "Jumlah", "Ket"],
      ["001/UN/2021", "2021-03-04", "Surat Keputusan <Rektor> & Senat", "2"],
      // The blank row 4 stays a row, so row 5 is still at index 4.
      [],
      ["002/UN/2021", "2021-12-31 12:00:00", "Nota Dinas", "0.3", "Asli"],
    ]);
  });

  it("leaves a gap of cells as empty strings and reads a date shown in a day-month format", () => {
    const bytes = xlsxBytes([{ name: "S", rows: [["a", null, null, { serial: 1 }]] }], { dateFormat: 'dd"/"mm"/"yyyy;@' });
    expect(readXlsxRows(bytes, 10)).toEqual([["a", "", "", "1900-01-01"]]);
  });

  it("counts serials as Excel does: the 1900 system's phantom 29 February, and the 1904 system", () => {
    expect(excelSerialDate(59)).toBe("1900-02-28");
    expect(excelSerialDate(61)).toBe("1900-03-01");
    expect(excelSerialDate(45658)).toBe("2025-01-01");
    expect(excelSerialDate(0, true)).toBe("1904-01-01");
    const bytes = xlsxBytes([{ name: "S", rows: [[{ serial: 43830 }]] }], { date1904: true });
    expect(readXlsxRows(bytes, 10)).toEqual([["2024-01-01"]]);
  });

  it("reads a number in a plain format as a number, never as a date", () => {
    const bytes = xlsxBytes([{ name: "S", rows: [[44260, 1234567890123, -2.5]] }]);
    expect(readXlsxRows(bytes, 10)).toEqual([["44260", "1234567890123", "-2.5"]]);
  });

  it("refuses what is not a workbook, and a sheet longer than the limit", () => {
    expect(() => readXlsxRows(strToU8("documentNumber,title"), 10)).toThrow(importMessages.xlsxUnreadable);
    expect(() => readXlsxRows(zipSync({ "word/document.xml": strToU8("<w:document/>") }), 10)).toThrow(InvalidError);
    const long = xlsxBytes([{ name: "S", rows: Array.from({ length: 12 }, (_, index) => [`r${index}`]) }]);
    expect(() => readXlsxRows(long, 10)).toThrow(importMessages.sheetTooLong(10));
  });
});
