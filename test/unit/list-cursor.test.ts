import { describe, expect, it } from "vitest";
import { listHref } from "~/components/list/list-href";
import { keysetPagination } from "~/components/list/page-links";
import { DOCUMENT_LIST_DEFAULTS, documentListDefaults, parsePageQuery, parseListQuery } from "~/domain/document-schemas";
import { decodeCursor, encodeCursor } from "~/domain/list-cursor";
import { listPage } from "~/domain/list-query";

describe("keyset cursors", () => {
  it("round-trip an id with its sort values; text last may hold dots", () => {
    const cases: [number, (string | number)[], ("int" | "text")[]][] = [
      [48213, ["2019-03-04T08:15:00.000Z"], ["text"]],
      [77, [2021, "2021-05-01T10:00:00.000Z"], ["int", "text"]],
      [5, [12_000_000], ["int"]],
      [9, [], []],
      [3, ["001/UN1.2/KPT/2020. Lampiran"], ["text"]],
      [4, [""], ["text"]],
      [8, [-3], ["int"]],
    ];
    for (const [id, values, kinds] of cases) {
      const raw = encodeCursor(id, values);
      expect(decodeCursor(raw, kinds), raw).toEqual({ id, values });
    }
    expect(encodeCursor(77, [2021, "2021-05-01T10:00:00.000Z"])).toBe("77.2021.2021-05-01T10:00:00.000Z");
  });

  it("is null when it does not fit the order's values", () => {
    const bad: [string | undefined, ("int" | "text")[]][] = [
      [undefined, []],
      ["", []],
      ["abc", []],
      ["0", []],
      ["-1", []],
      ["1.5", []],
      ["12", ["text"]],
      ["12.x", ["int"]],
      ["12.1.5", ["int"]],
      ["12.2021", ["int", "text"]],
      ["12.x.2021-01-01", ["int", "text"]],
      ["12.1e3", ["int"]],
      [`${"9".repeat(16)}.a`, ["text"]],
      [`1.${"x".repeat(500)}`, ["text"]],
      ["1.a", ["text", "int"]],
    ];
    for (const [raw, kinds] of bad) expect(decodeCursor(raw, kinds), `${raw} ${kinds}`).toBeNull();
  });
});

describe("list page query", () => {
  it("takes after/before of a cursor's shape and drops anything else", () => {
    const query = parsePageQuery(new URLSearchParams("page=3&after=42.Laporan"));
    expect(query).toMatchObject({ page: 3, after: "42.Laporan" });
    expect(query.before).toBeUndefined();
    expect(parsePageQuery(new URLSearchParams("before=9"))).toMatchObject({ before: "9" });
    for (const raw of ["abc", "", "-1.x", ".x", `1.${"x".repeat(500)}`]) {
      expect(parsePageQuery(new URLSearchParams({ after: raw })).after, raw).toBeUndefined();
    }
  });

  it("is not part of the API's list query", () => {
    expect(parseListQuery(new URLSearchParams("after=42.Laporan&before=3"))).not.toHaveProperty("after");
  });
});

describe("listHref with a cursor", () => {
  const query = parsePageQuery(new URLSearchParams("q=surat&category=2&size=5&page=3&after=42.Laporan Tahunan"));

  it("keeps the cursor in the page's own (canonical) URL, last", () => {
    expect(listHref("/documents", query, {}, documentListDefaults(query.q))).toBe("/documents?q=surat&category=2&size=5&page=3&after=42.Laporan+Tahunan");
  });

  it("drops it from every other state, unless the change names its own", () => {
    expect(listHref("/documents", query, { page: 4 }, documentListDefaults(query.q))).toBe("/documents?q=surat&category=2&size=5&page=4");
    expect(listHref("/documents", query, { sort: "title", dir: "asc", page: 1 }, documentListDefaults(query.q))).toBe("/documents?q=surat&category=2&sort=title&dir=asc&size=5");
    expect(listHref("/documents", query, { page: 2, before: "40.Akreditasi" }, documentListDefaults(query.q))).toBe(
      "/documents?q=surat&category=2&size=5&page=2&before=40.Akreditasi",
    );
  });
});

describe("keysetPagination", () => {
  const href = (change: Record<string, unknown>) => listHref("/d", {}, change as Record<string, string | number>, DOCUMENT_LIST_DEFAULTS);
  const pageOf = (page: number, total = 50) => listPage(Array.from({ length: 10 }, (_, i) => i), total, { page, size: 10 });
  const cursors = { first: "11.a", last: "20.b" };

  it("Next seeks after the last row, Previous before the first; page 2's Previous is page 1's plain URL", () => {
    expect(keysetPagination(pageOf(1), cursors, href)).toMatchObject({ previousHref: null, nextHref: "/d?page=2&after=20.b", position: "1 / 5" });
    expect(keysetPagination(pageOf(2), cursors, href)).toMatchObject({ previousHref: "/d", nextHref: "/d?page=3&after=20.b" });
    expect(keysetPagination(pageOf(3), cursors, href)).toMatchObject({ previousHref: "/d?page=2&before=11.a", nextHref: "/d?page=4&after=20.b" });
    expect(keysetPagination(pageOf(5), cursors, href)).toMatchObject({ previousHref: "/d?page=4&before=11.a", nextHref: null });
  });

  it("falls back to page numbers without rows", () => {
    expect(keysetPagination(pageOf(3), { first: null, last: null }, href)).toMatchObject({ previousHref: "/d?page=2", nextHref: "/d?page=4" });
  });
});
