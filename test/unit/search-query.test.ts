import { describe, expect, it } from "vitest";
import { parseListQuery } from "~/domain/document-schemas";
import { metadataMatch, parseSearch, snippetHtml, textMatch } from "~/domain/search/query";

describe("parseSearch", () => {
  it("folds words as FTS5 does, keeps quoted phrases, drops stopwords unless nothing else is left", () => {
    expect(parseSearch('Surat  "Keputusan Rektor" yang Ḍiterbitkan')).toEqual({ words: ["surat", "diterbitkan"], phrases: [["keputusan", "rektor"]] });
    expect(parseSearch("yang")).toEqual({ words: ["yang"], phrases: [] });
    expect(parseSearch('"*" OR -')).toEqual({ words: ["or"], phrases: [] });
  });

  it("lets no FTS5 syntax through", () => {
    const search = parseSearch('a" OR b* NEAR(c) title:d');
    // A lone quote opens no phrase: every word stays a plain, quoted term.
    expect(metadataMatch(search)).toBe('"a"* AND "or"* AND "b"* AND "near"* AND "c"* AND "title"* AND "d"*');
    expect(textMatch(search, new Map([["b", ["beasiswa", "b"]]]))).toBe('"a" AND "or" AND ("b" OR "beasiswa") AND "near" AND "c" AND "title" AND "d"');
  });
});

describe("snippetHtml", () => {
  it("escapes the text and balances the marks", () => {
    expect(snippetHtml("<i>x</i> \uE000kata\uE001 & \uE001")).toBe("&lt;i&gt;x&lt;/i&gt; <mark>kata</mark> &amp; ");
  });
});

describe("the order of a search", () => {
  it("is relevance unless the URL names another; relevance without a search is the default order", () => {
    expect(parseListQuery(new URLSearchParams("q=surat")).sort).toBe("relevance");
    expect(parseListQuery(new URLSearchParams("q=surat&sort=")).sort).toBe("relevance");
    expect(parseListQuery(new URLSearchParams("q=surat&sort=title&dir=asc"))).toMatchObject({ sort: "title", dir: "asc" });
    expect(parseListQuery(new URLSearchParams("sort=relevance&dir=asc"))).toMatchObject({ sort: "createdAt", dir: "asc" });
    expect(parseListQuery(new URLSearchParams("")).sort).toBe("createdAt");
  });
});
