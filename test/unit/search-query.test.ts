import { describe, expect, it } from "vitest";
import { parseListQuery } from "~/domain/document-schemas";
import { allOf, parseSearch, searchGroups, SNIPPET_WORDS, textSnippet, wordTerms } from "~/domain/search/query";

describe("parseSearch", () => {
  it("folds words as FTS5 does, keeps quoted phrases, drops stopwords unless nothing else is left", () => {
    expect(parseSearch('Surat  "Keputusan Rektor" yang Ḍiterbitkan')).toEqual({ words: ["surat", "diterbitkan"], phrases: [["keputusan", "rektor"]] });
    expect(parseSearch("yang")).toEqual({ words: ["yang"], phrases: [] });
    expect(parseSearch('"*" OR -')).toEqual({ words: ["or"], phrases: [] });
  });

  it("lets no FTS5 syntax through", () => {
    const search = parseSearch('a" OR b* NEAR(c) title:d');
    // A lone quote opens no phrase: every word stays a plain, quoted term; no FTS5 prefix query.
    const groups = searchGroups(search, new Map([["b", ["beasiswa", "b"]]]));
    expect(allOf(groups)).toBe('"a" AND "or" AND ("b" OR "beasiswa") AND "near" AND "c" AND "title" AND "d"');
    expect(allOf(searchGroups(parseSearch('"surat keputusan" rektor'), new Map()))).toBe('"rektor" AND "surat keputusan"');
    expect(allOf([])).toBeNull();
  });
});

describe("textSnippet", () => {
  const words = (...list: string[][]) => list;

  it("marks the words a search stands for, escapes everything else, and says where the text goes on", () => {
    const text = `Awal. ${"isi ".repeat(40)}Rektor <b>menyuarakan</b> dukungan & "riset" kampus. ${"penutup ".repeat(40)}`;
    const snippet = textSnippet(text, words(wordTerms("suara", new Map([["suara", ["menyuarakan"]]]))), [])!;
    expect(snippet).toContain("&lt;b&gt;<mark>menyuarakan</mark>&lt;/b&gt; dukungan &amp; &quot;riset&quot;");
    expect(snippet.startsWith("…") && snippet.endsWith("…")).toBe(true);
    expect(snippet.replace(/<\/?mark>/g, "")).not.toMatch(/[<>]/);
    // The words shown: the escaped markup's entity names are not words of the text.
    expect(snippet.replace(/<\/?mark>|&[a-z]+;|…/g, " ").match(/[\p{L}\p{N}]+/gu)!.length).toBe(SNIPPET_WORDS);
  });

  it("finds words as the index folds them (case, diacritics) and marks a phrase as one", () => {
    expect(textSnippet("Kampus SÉNAT universitas", words(["senat"]), [])).toBe("Kampus <mark>SÉNAT</mark> universitas");
    expect(textSnippet("rapat senat universitas terbuka", [], [["senat", "universitas"]])).toBe("rapat <mark>senat universitas</mark> terbuka");
    expect(textSnippet("universitas senat", [], [["senat", "universitas"]])).toBeNull();
    expect(textSnippet("tidak ada yang cocok", words(["senat"]), [])).toBeNull();
  });

  it("shows the window holding the most of the search's words, not merely the first match", () => {
    const text = `wisuda ${"lain ".repeat(60)}wisuda periode februari ${"lain ".repeat(60)}`;
    const snippet = textSnippet(text, words(["wisuda"], ["februari"]), [])!;
    expect(snippet).toContain("<mark>wisuda</mark> periode <mark>februari</mark>");
  });

  it("stays cheap in a long text, full of matches or with one at its end", () => {
    const started = performance.now();
    expect(textSnippet("surat ".repeat(200_000), words(["surat"]), [])).toMatch(/^<mark>surat<\/mark> <mark>surat<\/mark>/);
    expect(textSnippet(`${"kata lain ".repeat(100_000)}surat`, words(["surat"]), [])).toMatch(/<mark>surat<\/mark>$/);
    expect(performance.now() - started).toBeLessThan(500);
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
