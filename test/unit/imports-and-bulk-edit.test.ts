import { describe, expect, it } from "vitest";
import { bulkEditOfForm, editedKeywords } from "~/domain/bulk-edit";
import { arteriDate, IMPORT_MAX_BYTES, IMPORT_MAX_PART_BYTES, importPartSize, manifestLines, zipMatchName } from "~/domain/imports";
import { bulkEdit } from "~/i18n/bulk-edit";
import { importMessages } from "~/i18n/imports";

describe("manifestLines", () => {
  it("maps the columns (any case and spacing) to the document form, with the archivist's defaults", () => {
    const { lines, headerError } = manifestLines([
      ["Document Number", "TITLE", "Tanggal", "category", "classification_code", "Security Class", "file"],
      ["SK/1/2020", "Surat Keputusan Rektor", "2020-03-04", "Pedoman", "kp.01", "biasa", "scans/SK 1.pdf"],
      ["", "", "", "", "", "", ""],
      ["SK/2/2021", "Surat Edaran Dekan", "2021", "Pedoman", "", "", ""],
    ]);
    expect(headerError).toBeNull();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toEqual({
      line: 2,
      fields: {
        documentNumber: "SK/1/2020",
        title: "Surat Keputusan Rektor",
        description: "Surat Keputusan Rektor",
        keywords: "Surat Keputusan Rektor",
        year: "2020",
        accessLevel: "PUBLIC",
        classificationCode: "kp.01",
        securityClass: "BIASA",
      },
      categoryName: "Pedoman",
      unitName: null,
      file: "scans/SK 1.pdf",
      issues: [],
    });
    // Line numbers are the spreadsheet's: the blank line 3 is skipped, not renumbered.
    expect(lines[1]).toMatchObject({ line: 4, file: null, fields: { year: "2021", accessLevel: "PRIVATE" } });
  });

  it("reads Arteri's export as it is: headers in line 2, each column where an archivist expects it", () => {
    const uraian = "Surat Keputusan Rektor tentang Pengangkatan Dosen Tetap ".repeat(6).trim();
    const { lines, headerError, format } = manifestLines([
      ["DAFTAR ARSIP AKTIF UNIVERSITAS"],
      ["No.Arsip", "Tanggal", "Kode Klasifikasi", "Uraian", "Pencipta", "Pengolah", "Lokasi", "Media", "Ket", "Jumlah", "No.Box", "username", "Nama File", "Rak Lama"],
      ["001/UN/2021", "2021-03-04", "KP.01", uraian, "Rektorat", "Biro Umum", "Gedung A, Ruang Arsip", "Kertas", "Asli", "2 lembar", "12", "budi", "SK 001.pdf", "R3"],
      [],
      ["002/UN/2021", "31/12/2021", "", "Nota Dinas", "Rektorat", "", "", "", "", "", "", "", "nd-002.pdf", ""],
      ["003/UN/2021", "2021-02-30", "", "Nota Dinas Kedua", "", "", "Gudang", "", "", "", "", "", "", ""],
    ]);
    expect({ headerError, format }).toEqual({ headerError: null, format: "ARTERI" });
    const title = lines[0]!.fields.title!;
    expect(title.length).toBeLessThanOrEqual(255);
    expect(title.endsWith("…") && uraian.startsWith(title.slice(0, -1))).toBe(true);
    expect(lines[0]).toEqual({
      line: 3,
      fields: {
        documentNumber: "001/UN/2021",
        title,
        description: `${uraian}\n\nTanggal: 2021-03-04\nPencipta: Rektorat\nPengolah: Biro Umum\nMedia: Kertas\nJumlah: 2 lembar\nKet: Asli\nusername: budi\nRak Lama: R3`,
        keywords: title,
        year: "2021",
        accessLevel: "PRIVATE",
        classificationCode: "KP.01",
        physicalLocation: "Gedung A, Ruang Arsip, Boks 12",
      },
      categoryName: null,
      unitName: "Biro Umum",
      file: "SK 001.pdf",
      issues: [],
    });
    // The blank line 4 is skipped; without a Pengolah the creating unit owns it.
    expect(lines[1]).toMatchObject({ line: 5, unitName: "Rektorat", file: "nd-002.pdf", fields: { year: "2021", physicalLocation: "", description: "Nota Dinas\n\nTanggal: 2021-12-31\nPencipta: Rektorat" } });
    expect(lines[2]).toMatchObject({ line: 6, issues: [importMessages.dateInvalid("2021-02-30")], fields: { year: "", physicalLocation: "Gudang" }, file: null });
  });

  it("reads Arteri's dates as exported, retyped by a person, or left as an Excel serial", () => {
    expect(arteriDate("2021-03-04")).toBe("2021-03-04");
    expect(arteriDate("2021-03-04 00:00:00")).toBe("2021-03-04");
    expect(arteriDate("4-3-2021")).toBe("2021-03-04");
    expect(arteriDate("44259")).toBe("2021-03-04");
    expect(arteriDate("2021")).toBeNull();
    expect(arteriDate("")).toBeNull();
    expect(arteriDate("29/02/2021")).toBeNull();
  });

  it("names Arteri's required columns a header lacks", () => {
    expect(manifestLines([[], ["Kode Klasifikasi", "Uraian", "Pencipta", "File"]])).toMatchObject({ format: "ARTERI", headerError: importMessages.headerMissing(["No.Arsip", "Tanggal"]) });
  });

  it("names the required columns a header lacks", () => {
    expect(manifestLines([["title", "file"]]).headerError).toBe(importMessages.headerMissing(["documentNumber", "year", "categoryId"]));
  });

  it("matches files by name without folders and case", () => {
    expect(zipMatchName("Scans/2020/SK 01.PDF")).toBe("sk 01.pdf");
  });
});

describe("bulk edit", () => {
  it("edits keywords: removals (any case) first, then additions not there yet", () => {
    expect(editedKeywords("surat, Kalender, akademik", ["rektor", "SURAT"], ["kalender"])).toBe("surat, akademik, rektor");
  });

  it("reads the action bar's form: the ticked rows or the filter, the fields, the trash or a berkas", () => {
    const form = (entries: [string, string][]) => {
      const data = new URLSearchParams(entries);
      return { get: (name: string) => data.get(name), getAll: (name: string) => data.getAll(name) };
    };
    const uuid = crypto.randomUUID();
    expect(bulkEditOfForm(form([["uuids", uuid], ["access", "PRIVATE:RAHASIA"], ["addKeywords", "a, b"], ["intent", "set"]])).data).toEqual({
      uuids: [uuid],
      set: { accessLevel: "PRIVATE", securityClass: "RAHASIA", addKeywords: ["a", "b"] },
    });
    expect(bulkEditOfForm(form([["scope", "all"], ["q", "rektor"], ["category", "3"], ["intent", "trash"]])).data).toEqual({
      filter: { q: "rektor", category: "3" },
      action: "trash",
    });
    expect(bulkEditOfForm(form([["uuids", uuid], ["berkasId", "7"], ["intent", "berkas"]])).data).toEqual({ uuids: [uuid], action: "berkas", berkasId: 7 });
    expect(bulkEditOfForm(form([["uuids", uuid], ["berkasId", ""], ["intent", "berkas"]])).error?.issues[0]?.message).toBe(bulkEdit.berkasRequired);
    expect(bulkEditOfForm(form([["intent", "trash"]])).error?.issues[0]?.message).toBe(bulkEdit.nothingChosen);
    expect(bulkEditOfForm(form([["uuids", uuid], ["intent", "set"]])).error?.issues[0]?.message).toBe(bulkEdit.nothingToDo);
  });
});

describe("the part size of a ZIP sent in parts", () => {
  const MIB = 1024 * 1024;
  it("is R2's 5 MiB minimum until 1,000 parts would not do, then whole MiB", () => {
    expect(importPartSize(11 * MIB)).toBe(5 * MIB);
    expect(importPartSize(5000 * MIB)).toBe(5 * MIB);
    expect(importPartSize(5000 * MIB + 1)).toBe(6 * MIB);
    expect(IMPORT_MAX_PART_BYTES).toBe(6 * MIB);
    expect(Math.ceil(IMPORT_MAX_BYTES / IMPORT_MAX_PART_BYTES)).toBeLessThanOrEqual(1_000);
  });
});
