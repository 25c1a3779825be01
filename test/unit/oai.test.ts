import { describe, expect, it } from "vitest";
import { parseOaiDate, parseOaiRequest, parseSetSpec, repositoryIdentifierOf, uuidOfOaiIdentifier, oaiIdentifierOf, FALLBACK_REPOSITORY_IDENTIFIER } from "~/domain/oai";
import { dublinCoreOf, type PublicRecord } from "~/server/oai/dublin-core.server";
import { escapeXml } from "~/server/oai/xml.server";

const args = (pairs: [string, string][]) => {
  const map = new Map<string, string[]>();
  for (const [key, value] of pairs) map.set(key, [...(map.get(key) ?? []), value]);
  return map;
};

describe("parseOaiRequest", () => {
  it("reads each verb with its arguments", () => {
    expect(parseOaiRequest(args([["verb", "Identify"]]))).toMatchObject({ ok: true, request: { verb: "Identify" }, echo: { verb: "Identify" } });
    expect(parseOaiRequest(args([["verb", "ListRecords"], ["metadataPrefix", "oai_dc"], ["from", "2026-01-02"], ["until", "2026-01-03"], ["set", "unit:4"]]))).toMatchObject({
      ok: true,
      request: { verb: "ListRecords", selection: { metadataPrefix: "oai_dc", from: "2026-01-02T00:00:00Z", until: "2026-01-03T23:59:59Z", set: "unit:4" } },
    });
    expect(parseOaiRequest(args([["verb", "ListIdentifiers"], ["resumptionToken", "abc"]]))).toMatchObject({ ok: true, request: { selection: null, resumptionToken: "abc" } });
  });

  it("names the protocol's error, echoing the request only when it could be read", () => {
    const code = (pairs: [string, string][]) => {
      const parsed = parseOaiRequest(args(pairs));
      return parsed.ok ? "ok" : `${parsed.error.code}${parsed.echo ? "+echo" : ""}`;
    };
    expect(code([])).toBe("badVerb");
    expect(code([["verb", "identify"]])).toBe("badVerb");
    expect(code([["verb", "Identify"], ["verb", "ListSets"]])).toBe("badVerb");
    expect(code([["verb", "Identify"], ["from", "2026-01-01"]])).toBe("badArgument");
    expect(code([["verb", "GetRecord"], ["identifier", "x"]])).toBe("badArgument");
    expect(code([["verb", "ListRecords"], ["metadataPrefix", "oai_dc"], ["set", "a"], ["set", "b"]])).toBe("badArgument");
    expect(code([["verb", "ListSets"], ["resumptionToken", "x"], ["set", "a"]])).toBe("badArgument");
    expect(code([["verb", "ListRecords"], ["metadataPrefix", "mods"]])).toBe("cannotDisseminateFormat+echo");
    expect(code([["verb", "GetRecord"], ["identifier", "x"], ["metadataPrefix", "mods"]])).toBe("cannotDisseminateFormat+echo");
  });
});

describe("dates", () => {
  it("accepts a day or a second in UTC, real ones only", () => {
    expect(parseOaiDate("2026-02-28")).toEqual({ granularity: "day", day: "2026-02-28", second: null });
    expect(parseOaiDate("2026-02-28T23:59:59Z")).toEqual({ granularity: "second", day: "2026-02-28", second: "2026-02-28T23:59:59Z" });
    for (const bad of ["2026-02-29", "2026-2-28", "2026-02-28T24:00:00Z", "2026-02-28T10:00:00", "2026-02-28T10:00:00.000Z", "2026-02-28T10:00Z", "yesterday"]) {
      expect(parseOaiDate(bad), bad).toBeNull();
    }
  });
});

describe("identifiers and sets", () => {
  it("the oai-identifier scheme needs a domain name", () => {
    expect(repositoryIdentifierOf("arsip.univ.ac.id")).toBe("arsip.univ.ac.id");
    expect(repositoryIdentifierOf("127.0.0.1")).toBe(FALLBACK_REPOSITORY_IDENTIFIER);
    expect(repositoryIdentifierOf("localhost")).toBe(FALLBACK_REPOSITORY_IDENTIFIER);
    const uuid = "5f0c8a3e-2b7d-4c1a-9e6f-0123456789ab";
    expect(uuidOfOaiIdentifier("arsip.test", oaiIdentifierOf("arsip.test", uuid))).toBe(uuid);
    expect(uuidOfOaiIdentifier("arsip.test", `oai:other.test:${uuid}`)).toBeNull();
    expect(uuidOfOaiIdentifier("arsip.test", "oai:arsip.test:1")).toBeNull();
  });

  it("sets are category and unit, with or without an id", () => {
    expect(parseSetSpec("category")).toEqual({ kind: "category", id: null });
    expect(parseSetSpec("unit:12")).toEqual({ kind: "unit", id: 12 });
    for (const bad of ["category:0", "unit:abc", "unit:", "kategori:1", "category:1:2"]) expect(parseSetSpec(bad), bad).toBeNull();
  });
});

describe("the oai_dc mapping", () => {
  const record = {
    title: "SOP Peminjaman Arsip",
    document_number: "SOP/01/2026",
    year: 2026,
    description: "Prosedur peminjaman arsip.",
    keywords: "sop, arsip, ,peminjaman, arsip",
    mime_type: "image/png",
    category_name: "SOP",
    unit_name: null,
    classification_code: null,
    classification_name: null,
  } satisfies PublicRecord;

  it("is one list of fields: title, subjects (each keyword once), types, identifiers; no creator without a unit", () => {
    const fields = dublinCoreOf(record, { pageUrl: "https://a.test/documents/x", downloadUrl: "https://a.test/api/v1/archives/x/download", publisher: "E-Arsip" });
    const of = (element: string) => fields.filter((field) => field.element === element).map((field) => field.value);
    expect(of("title")).toEqual(["SOP Peminjaman Arsip"]);
    expect(of("creator")).toEqual([]);
    expect(of("subject")).toEqual(["sop", "arsip", "peminjaman"]);
    expect(of("type")).toEqual(["SOP", "StillImage"]);
    expect(of("identifier")).toEqual(["https://a.test/documents/x", "https://a.test/api/v1/archives/x/download", "SOP/01/2026"]);
    expect(of("date")).toEqual(["2026"]);
    expect(of("publisher")).toEqual(["E-Arsip"]);
  });

  it("adds the classification code with its name as one more subject", () => {
    const filed = { ...record, classification_code: "PP.01", classification_name: "Rencana Strategis" };
    const subjects = dublinCoreOf(filed, { pageUrl: "u", downloadUrl: "d", publisher: "E-Arsip" }).filter((field) => field.element === "subject");
    expect(subjects.map((field) => field.value)).toEqual(["sop", "arsip", "peminjaman", "PP.01 Rencana Strategis"]);
  });
});

describe("XML text", () => {
  it("escapes markup and drops what XML 1.0 cannot carry", () => {
    expect(escapeXml(`a<b>&"c"\u0000\u0007\t\n\ufffe\ud800x😀`)).toBe("a&lt;b&gt;&amp;&quot;c&quot;\t\nx😀");
  });
});
