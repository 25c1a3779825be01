import { describe, expect, it } from "vitest";
import { listHref, sameSearch } from "~/components/list/list-href";
import { DOCUMENT_LIST_DEFAULTS, DocumentListQuerySchema, documentListDefaults, parseListQuery } from "~/domain/document-schemas";
import { createListQuerySchema, listDefaults, listPage, parseListParams } from "~/domain/list-query";
import { z } from "zod";

const defaults = DOCUMENT_LIST_DEFAULTS;
// A search's links leave its own default order (relevance) out.
const searchDefaults = documentListDefaults("q");
const query = (search = "") => parseListQuery(new URLSearchParams(search));

describe("listHref", () => {
  it("leaves defaults and empty values out", () => {
    expect(listHref("/app/documents", query(), {}, defaults)).toBe("/app/documents");
    expect(listHref("/app/documents", { ...query(), q: "", category: undefined }, {}, defaults)).toBe("/app/documents");
    expect(listHref("/app/documents", query("q=&category=&size=10&page=1&sort=createdAt&dir=desc"), {}, defaults)).toBe("/app/documents");
  });

  it("keeps what differs, in a stable order: q, filters, sort+dir, size, page", () => {
    expect(listHref("/documents", query("page=3&size=20&category=5&q=surat"), {}, searchDefaults)).toBe("/documents?q=surat&category=5&size=20&page=3");
  });

  it("applies a change on top of the query", () => {
    expect(listHref("/d", query("q=a&page=2"), { page: 3 }, searchDefaults)).toBe("/d?q=a&page=3");
    expect(listHref("/d", query("q=a&page=2"), { page: 1 }, searchDefaults)).toBe("/d?q=a");
    expect(listHref("/d", query("q=a&category=2"), { category: undefined }, searchDefaults)).toBe("/d?q=a");
  });

  it("keeps sort and dir together once either differs from the default", () => {
    expect(listHref("/d", query(), { sort: "title", dir: "asc" }, defaults)).toBe("/d?sort=title&dir=asc");
    // The default direction still travels with a non-default column.
    expect(listHref("/d", query(), { sort: "title", dir: "desc" }, defaults)).toBe("/d?sort=title&dir=desc");
    // A non-default direction on the default column too.
    expect(listHref("/d", query(), { dir: "asc" }, defaults)).toBe("/d?sort=createdAt&dir=asc");
    expect(listHref("/d", query("sort=title&dir=asc"), { sort: "createdAt", dir: "desc" }, defaults)).toBe("/d");
  });

  it("works on raw form values (strings) against typed defaults", () => {
    expect(listHref("/d", { q: "", category: "", size: "10", sort: "createdAt", dir: "desc" }, {}, defaults)).toBe("/d");
    expect(listHref("/d", { q: "x y", category: "3", size: "5" }, {}, defaults)).toBe("/d?q=x+y&category=3&size=5");
  });
});

describe("sameSearch", () => {
  it("ignores parameter order", () => {
    expect(sameSearch(new URLSearchParams("a=1&b=2"), new URLSearchParams("b=2&a=1"))).toBe(true);
    expect(sameSearch(new URLSearchParams("a=1&b="), new URLSearchParams("a=1"))).toBe(false);
  });
});

describe("list-query", () => {
  const Schema = createListQuerySchema({
    sorts: ["name", "createdAt"],
    defaultSort: "name",
    defaultDir: "asc",
    filters: { role: z.enum(["admin", "staff"]).optional().catch(undefined) },
  });

  it("falls back to defaults for odd values instead of failing", () => {
    expect(parseListParams(Schema, new URLSearchParams("sort=drop&dir=up&page=-4&size=7&role=root&q=%20%20"))).toEqual({
      q: "",
      sort: "name",
      dir: "asc",
      page: 1,
      size: 10,
      role: undefined,
    });
  });

  it("listDefaults is the query of an empty URL", () => {
    expect(listDefaults(Schema)).toEqual({ q: "", sort: "name", dir: "asc", page: 1, size: 10, role: undefined });
    expect(listDefaults(DocumentListQuerySchema)).toMatchObject({ sort: "createdAt", dir: "desc", size: 10 });
  });

  it("listPage counts pages (at least one)", () => {
    const q = parseListParams(Schema, new URLSearchParams("size=5&page=2"));
    expect(listPage([1, 2], 7, q)).toMatchObject({ page: 2, size: 5, total: 7, totalPages: 2 });
    expect(listPage([], 0, q).totalPages).toBe(1);
  });
});
