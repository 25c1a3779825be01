import { describe, expect, it } from "vitest";
import { bulkEditOfForm, editedKeywords } from "~/domain/bulk-edit";
import { manifestLines, zipMatchName } from "~/domain/imports";
import { bulkEdit } from "~/i18n/bulk-edit";
import { imports } from "~/i18n/imports";

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
    });
    // Line numbers are the spreadsheet's: the blank line 3 is skipped, not renumbered.
    expect(lines[1]).toMatchObject({ line: 4, file: null, fields: { year: "2021", accessLevel: "PRIVATE" } });
  });

  it("names the required columns a header lacks", () => {
    expect(manifestLines([["title", "file"]]).headerError).toBe(imports.headerMissing(["documentNumber", "year", "categoryId"]));
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
