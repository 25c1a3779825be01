/**
 * OAI-PMH at /oai as real clients see it, over HTTP against the production build: every answer
 * (each verb, each error, GET and POST, the pages of a list) validates with xmllint against the
 * official OAI-PMH and oai_dc schemas (vendored in test/fixtures/oai), a harvester walks
 * ListRecords with resumption over a few hundred records and gets each exactly once, and the
 * answers are edge-cached like the public pages, purged when a record changes.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL } from "../support/node/browser";
import { executeOnE2eDb, queryE2eDb } from "../support/node/e2e-db";
import { harvest, harvestPages, headerOf, parseOai, textOf, type OaiRecord } from "../support/worker/oai-harvester";

const SCHEMA = fileURLToPath(new URL("../fixtures/oai/oai-all.xsd", import.meta.url));
const HARVESTED = 320;

/** `xmllint --nonet --noout --schema oai-all.xsd -`: the problems, or none. */
function schemaProblems(xml: string): string[] {
  const result = spawnSync("xmllint", ["--nonet", "--noout", "--schema", SCHEMA, "-"], { input: xml, encoding: "utf8" });
  if (result.error) throw result.error;
  return result.status === 0 ? [] : result.stderr.split("\n").filter((line) => line.trim() && !line.endsWith("fails to validate"));
}

const oaiGet = (args: Record<string, string>) => fetch(new URL(`/oai?${new URLSearchParams(args)}`, baseURL()));
const oaiPost = (args: Record<string, string>) =>
  fetch(new URL("/oai", baseURL()), { method: "POST", body: new URLSearchParams(args), headers: { "content-type": "application/x-www-form-urlencoded" } });

async function validXml(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/xml; charset=utf-8");
  const xml = await response.text();
  expect(schemaProblems(xml), xml.slice(0, 2000)).toEqual([]);
  return xml;
}

let categoryId: number;
let uuids: string[];
let deletedUuid: string;

beforeAll(() => {
  // A category of its own, and documents inserted straight into the server's D1 (the harvest
  // never fetches files); its triggers make their OAI records as for any write.
  const name = `Panen OAI ${Date.now()}`;
  executeOnE2eDb("INSERT INTO categories (category_name) VALUES (?)", name);
  categoryId = queryE2eDb<{ id: number }>("SELECT id FROM categories WHERE category_name = ?", name)[0]!.id;
  const uploader = queryE2eDb<{ id: number; unit_kerja_id: number }>("SELECT id, unit_kerja_id FROM users WHERE username = 'ft.staff'")[0]!;
  executeOnE2eDb(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
     INSERT INTO archives (uuid, title, document_number, year, description, keywords, access_level, category_id, uploader_id, unit_kerja_id,
       r2_key, file_name, file_size, mime_type, sha256, created_at, updated_at)
     SELECT lower(printf('%s-%s-4%s-a%s-%s', hex(randomblob(4)), hex(randomblob(2)), substr(hex(randomblob(2)), 2), substr(hex(randomblob(2)), 2), hex(randomblob(6)))),
            'Dokumen Panen ' || i || ' & <lampiran>', 'PANEN/' || i, 2024, 'Dokumen untuk panen OAI-PMH nomor ' || i, 'arsip, panen',
            'PUBLIC', ?2, ?3, ?4, 'archives/panen-' || ?2 || '-' || i, 'panen.pdf', 1000, 'application/pdf', printf('%064d', 0),
            strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       FROM n`,
    HARVESTED,
    categoryId,
    uploader.id,
    uploader.unit_kerja_id,
  );
  uuids = queryE2eDb<{ uuid: string }>("SELECT uuid FROM archives WHERE category_id = ? ORDER BY id", categoryId).map((row) => row.uuid);
  // One of them is in the trash: a harvester sees it as deleted.
  deletedUuid = uuids[150]!;
  executeOnE2eDb("UPDATE archives SET deleted_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE uuid = ?", deletedUuid);
});

afterAll(() => {
  // Leave the demo catalogue as the other files expect it (the records stay, as deleted ones).
  executeOnE2eDb("DELETE FROM archives WHERE category_id = ?", categoryId);
  executeOnE2eDb("DELETE FROM categories WHERE id = ?", categoryId);
});

describe("every answer validates against the official schemas (xmllint)", () => {
  it("the six verbs, by GET and by POST", async () => {
    expect(uuids).toHaveLength(HARVESTED);
    const identify = parseOai(await validXml(await oaiGet({ verb: "Identify" })));
    const repository = String((identify.Identify as { description: { "oai-identifier": { repositoryIdentifier: string } } }).description["oai-identifier"].repositoryIdentifier);
    const identifier = `oai:${repository}:${uuids[0]}`;
    const requests: Record<string, string>[] = [
      { verb: "Identify" },
      { verb: "ListMetadataFormats" },
      { verb: "ListMetadataFormats", identifier },
      { verb: "ListSets" },
      { verb: "ListIdentifiers", metadataPrefix: "oai_dc", set: `category:${categoryId}` },
      { verb: "ListRecords", metadataPrefix: "oai_dc", set: `category:${categoryId}` },
      { verb: "ListRecords", metadataPrefix: "oai_dc", from: "2020-01-01", until: "2999-12-31" },
      { verb: "GetRecord", metadataPrefix: "oai_dc", identifier },
      { verb: "GetRecord", metadataPrefix: "oai_dc", identifier: `oai:${repository}:${deletedUuid}` },
    ];
    for (const args of requests) {
      await validXml(await oaiGet(args));
      await validXml(await oaiPost(args));
    }
  });

  it("every error code the protocol asks for", async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, "badVerb"],
      [{ verb: "Harvest" }, "badVerb"],
      [{ verb: "Identify", extra: "1" }, "badArgument"],
      [{ verb: "ListRecords" }, "badArgument"],
      [{ verb: "ListRecords", metadataPrefix: "oai_dc", from: "2024-01-01", until: "2024-02-01T00:00:00Z" }, "badArgument"],
      [{ verb: "ListRecords", resumptionToken: "tidak-sah" }, "badResumptionToken"],
      [{ verb: "ListSets", resumptionToken: "tidak-sah" }, "badResumptionToken"],
      [{ verb: "ListRecords", metadataPrefix: "mods" }, "cannotDisseminateFormat"],
      [{ verb: "GetRecord", metadataPrefix: "oai_dc", identifier: "oai:tidak.ada:1" }, "idDoesNotExist"],
      [{ verb: "ListMetadataFormats", identifier: "oai:tidak.ada:1" }, "idDoesNotExist"],
      [{ verb: "ListIdentifiers", metadataPrefix: "oai_dc", until: "1990-01-01" }, "noRecordsMatch"],
    ];
    for (const [args, code] of cases) {
      const answer = parseOai(await validXml(await oaiGet(args)));
      expect(answer.error?.[0]?.["@code"], JSON.stringify(args)).toBe(code);
    }
  });

  it("a broken answer does not validate (the check is real)", async () => {
    const xml = await validXml(await oaiGet({ verb: "GetRecord", metadataPrefix: "oai_dc", identifier: `oai:e-arsip.local:${uuids[1]}` }));
    expect(schemaProblems(xml.replace("<dc:title", "<dc:judul").replace("</dc:title>", "</dc:judul>")).join()).toMatch(/judul/);
    expect(schemaProblems(xml.replace(/<datestamp>[^<]+</, "<datestamp>kemarin<")).join()).toMatch(/datestamp/);
  });
});

describe("a harvester walking ListRecords with resumption", () => {
  it(`gets each of ${HARVESTED} records exactly once, every page valid, and the trashed one as deleted`, async () => {
    const pages = [];
    const send = async (args: Record<string, string>) => {
      const response = await oaiGet(args);
      await validXml(response.clone());
      return response;
    };
    for await (const page of harvestPages(send, "ListRecords", { metadataPrefix: "oai_dc", set: `category:${categoryId}` })) pages.push(page);
    expect(pages.length).toBe(4);
    expect(pages.map((page) => page.token?.completeListSize)).toEqual([HARVESTED, HARVESTED, HARVESTED, HARVESTED]);
    const records = pages.flatMap((page) => page.items as OaiRecord[]);
    const identifiers = records.map((record) => headerOf(record).identifier);
    expect(new Set(identifiers).size).toBe(HARVESTED);
    expect(identifiers.map((id) => id.split(":").at(-1))).toEqual(uuids);
    const deleted = records.filter((record) => headerOf(record)["@status"] === "deleted");
    expect(deleted.map((record) => headerOf(record).identifier.split(":").at(-1))).toEqual([deletedUuid]);
    expect(deleted[0]!.metadata).toBeUndefined();
    expect(textOf(records[0]!.metadata!["oai_dc:dc"]["dc:title"]![0])).toBe("Dokumen Panen 1 & <lampiran>");

    // Walked again by POST, page by page validated: the same records.
    const again = await harvest(
      async (args) => {
        const response = await oaiPost(args);
        await validXml(response.clone());
        return response;
      },
      "ListIdentifiers",
      { metadataPrefix: "oai_dc", set: `category:${categoryId}` },
    );
    expect(again.map((item) => headerOf(item).identifier)).toEqual(identifiers);
  });
});

describe("edge cache", () => {
  async function untilCached(args: Record<string, string>) {
    for (let attempt = 0; attempt < 30; attempt++) {
      const response = await oaiGet(args);
      if (response.headers.get("x-cache") === "HIT") return response;
      await response.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("never came from the cache");
  }

  it("answers from the cache like the public pages, and a changed record is a new answer at once", async () => {
    const uuid = uuids[7]!;
    const args = { verb: "GetRecord", metadataPrefix: "oai_dc", identifier: `oai:e-arsip.local:${uuid}` };
    const first = await oaiGet(args);
    expect(first.headers.get("cache-control")).toContain("s-maxage=");
    await first.arrayBuffer();
    const hit = await untilCached(args);
    expect(await hit.text()).toContain("Dokumen Panen 8 &amp;");
    executeOnE2eDb("UPDATE archives SET title = 'Judul Diperbarui Untuk Cache' WHERE uuid = ?", uuid);
    // The worker reads the public version at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const fresh = await oaiGet(args);
    expect(fresh.headers.get("x-cache")).toBe("MISS");
    expect(await fresh.text()).toContain("Judul Diperbarui Untuk Cache");
  });
});
