import { beforeAll, describe, expect, it, vi } from "vitest";
import { OAI_PAGE_SIZE } from "~/domain/oai";
import { encodeResumptionToken } from "~/server/oai/resumption-token.server";
import { documentBody, documentFields, sendMultipart } from "../support/worker/documents";
import { testEnv } from "../support/worker/env";
import { createCategory, createUnitKerja, createUser, type CreatedUser } from "../support/worker/factories";
import { call, login, type SignedIn } from "../support/worker/http";
import { harvest, harvestPages, headerOf, textOf, type OaiHeader, type OaiRecord } from "../support/worker/oai-harvester";
import { insertDocuments, nextSecond, oai, oaiCall, oaiId, oaiRecord, REPOSITORY, transport } from "../support/worker/oai";

/**
 * OAI-PMH 2.0 at /oai: the six verbs (GET and POST), every error the protocol asks for, sets,
 * from/until at second granularity, resumption by keyset under concurrent changes, and the
 * records' lives: only PUBLIC documents, and a document trashed, purged or made non-public
 * answers as deleted, for good. (The XML is validated against the official schemas, and a
 * harvest walked over HTTP, in test/e2e/oai-pmh.test.ts.)
 */

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

type World = { categoryId: number; unit: { id: number; nama: string }; owner: CreatedUser; ownerSession: SignedIn; admin: SignedIn };

async function world(): Promise<World> {
  const [category, unit] = await Promise.all([createCategory(), createUnitKerja()]);
  const owner = await createUser({ role: "Satuan Kerja", unitKerjaId: unit.id });
  const admin = await createUser({ role: "Super Admin" });
  return {
    categoryId: category.id,
    unit,
    owner,
    ownerSession: await login(owner.username, owner.password),
    admin: await login(admin.username, admin.password),
  };
}

const identifiersOf = (items: (OaiRecord | OaiHeader)[]) => items.map((item) => headerOf(item).identifier);
const errorOf = (response: Awaited<ReturnType<typeof oai>>) => response.oai.error?.[0]?.["@code"];

/** PUT the document's metadata through the API, as its owner (in its category). */
async function editDocument(w: World, uuid: string, categoryId: number, fields: Record<string, string>) {
  const response = await sendMultipart(
    `/api/v1/archives/${uuid}`,
    w.ownerSession,
    documentBody(w.ownerSession, { fields: documentFields(categoryId, fields), file: null }),
    { method: "PUT" },
  );
  expect(response.status, await response.clone().text()).toBe(200);
}

const as = (session: SignedIn) => ({ cookie: session.cookie, ip: session.ip, csrfToken: session.csrfToken });

let w: World;
beforeAll(async () => {
  w = await world();
});

describe("Identify, ListMetadataFormats, ListSets", () => {
  it("Identify names the repository, its granularity and persistent deletions, by GET and by POST alike", async () => {
    const [record] = await insertDocuments(1, { categoryId: w.categoryId, uploaderId: w.owner.id, unitKerjaId: w.unit.id });
    for (const method of ["GET", "POST"] as const) {
      const { response, oai: answer } = await oai({ verb: "Identify" }, method);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/xml; charset=utf-8");
      const identify = answer.Identify as Record<string, string | Record<string, unknown>>;
      expect(identify.repositoryName).toBe("E-Arsip");
      expect(identify.baseURL).toBe("http://earsip.test/oai");
      expect(identify.protocolVersion).toBe("2.0");
      expect(identify.adminEmail).toBe(`admin@${REPOSITORY}`);
      expect(identify.deletedRecord).toBe("persistent");
      expect(identify.granularity).toBe("YYYY-MM-DDThh:mm:ssZ");
      expect(String(identify.earliestDatestamp) <= (await oaiRecord(record!.uuid))!.datestamp).toBe(true);
      expect(JSON.stringify(identify.description)).toContain(`"repositoryIdentifier":"${REPOSITORY}"`);
      expect(answer.request).toMatchObject({ "#text": "http://earsip.test/oai", "@verb": "Identify" });
      expect(answer.responseDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    }
  });

  it("ListMetadataFormats offers oai_dc, for the repository and for a record; an unknown identifier does not exist", async () => {
    const [record] = await insertDocuments(1, { categoryId: w.categoryId, uploaderId: w.owner.id });
    for (const args of [{}, { identifier: oaiId(record!.uuid) }] as Record<string, string>[]) {
      const { oai: answer } = await oai({ verb: "ListMetadataFormats", ...args });
      expect(answer.ListMetadataFormats?.metadataFormat).toEqual([
        { metadataPrefix: "oai_dc", schema: "http://www.openarchives.org/OAI/2.0/oai_dc.xsd", metadataNamespace: "http://www.openarchives.org/OAI/2.0/oai_dc/" },
      ]);
    }
    for (const identifier of [oaiId(crypto.randomUUID()), "oai:elsewhere.test:" + record!.uuid, "not-an-identifier"]) {
      expect(errorOf(await oai({ verb: "ListMetadataFormats", identifier }))).toBe("idDoesNotExist");
    }
  });

  it("ListSets names every category and work unit as a set, under their parents", async () => {
    const { oai: answer } = await oai({ verb: "ListSets" });
    const sets = new Map(answer.ListSets!.set.map((set) => [set.setSpec[0], set.setName]));
    expect(sets.get("category")).toBe("Kategori");
    expect(sets.get("unit")).toBe("Unit Kerja");
    expect(sets.get(`unit:${w.unit.id}`)).toBe(`Unit Kerja: ${w.unit.nama}`);
    expect(sets.get(`category:${w.categoryId}`)).toMatch(/^Kategori: /);
    expect(errorOf(await oai({ verb: "ListSets", resumptionToken: "x" }))).toBe("badResumptionToken");
  });
});

describe("the protocol's errors", () => {
  it("badVerb: none, unknown or repeated; the request element then carries no arguments", async () => {
    for (const args of [[] as [string, string][], [["verb", "Tidak"]] as [string, string][], [["verb", "Identify"], ["verb", "Identify"]] as [string, string][]]) {
      for (const method of ["GET", "POST"] as const) {
        const answer = await oai(args, method);
        expect(answer.response.status).toBe(200);
        expect(errorOf(answer)).toBe("badVerb");
        expect(answer.oai.request).toBe("http://earsip.test/oai");
      }
    }
  });

  it("badArgument: an illegal, missing or repeated argument, a date that is none, mixed granularities, from after until, arguments beside a token", async () => {
    const cases: [string, string][][] = [
      [["verb", "Identify"], ["set", "x"]],
      [["verb", "ListRecords"]],
      [["verb", "ListIdentifiers"], ["metadataPrefix", "oai_dc"], ["metadataPrefix", "oai_dc"]],
      [["verb", "GetRecord"], ["metadataPrefix", "oai_dc"]],
      [["verb", "ListRecords"], ["metadataPrefix", "oai_dc"], ["from", "2026-13-01"]],
      [["verb", "ListRecords"], ["metadataPrefix", "oai_dc"], ["from", "2026-02-30"]],
      [["verb", "ListRecords"], ["metadataPrefix", "oai_dc"], ["from", "2026-01-01T10:00:00"]],
      [["verb", "ListRecords"], ["metadataPrefix", "oai_dc"], ["from", "2026-01-01"], ["until", "2026-02-01T00:00:00Z"]],
      [["verb", "ListRecords"], ["metadataPrefix", "oai_dc"], ["from", "2026-02-01"], ["until", "2026-01-01"]],
      [["verb", "ListRecords"], ["resumptionToken", "abc"], ["metadataPrefix", "oai_dc"]],
    ];
    for (const args of cases) {
      const answer = await oai(args);
      expect(errorOf(answer), JSON.stringify(args)).toBe("badArgument");
      expect(answer.oai.request).toBe("http://earsip.test/oai");
    }
  });

  it("cannotDisseminateFormat, idDoesNotExist and noRecordsMatch, with the request echoed", async () => {
    const [record] = await insertDocuments(1, { categoryId: w.categoryId, uploaderId: w.owner.id });
    const format = await oai({ verb: "ListRecords", metadataPrefix: "marc21" });
    expect(errorOf(format)).toBe("cannotDisseminateFormat");
    expect(format.oai.request).toMatchObject({ "@verb": "ListRecords", "@metadataPrefix": "marc21" });
    expect(errorOf(await oai({ verb: "GetRecord", identifier: oaiId(record!.uuid), metadataPrefix: "marc21" }))).toBe("cannotDisseminateFormat");
    expect(errorOf(await oai({ verb: "GetRecord", identifier: oaiId(crypto.randomUUID()), metadataPrefix: "oai_dc" }))).toBe("idDoesNotExist");
    const emptyCategory = await createCategory();
    for (const args of [
      { set: `category:${emptyCategory.id}` },
      { set: "no-such-set" },
      { until: "1999-12-31" },
      { from: "2999-01-01T00:00:00Z" },
    ] as Record<string, string>[]) {
      expect(errorOf(await oai({ verb: "ListIdentifiers", metadataPrefix: "oai_dc", ...args })), JSON.stringify(args)).toBe("noRecordsMatch");
    }
  });

  it("badResumptionToken: garbage, an edited token, one of the other list verb, an expired one", async () => {
    const secret = testEnv.SESSION_SECRET;
    const selection = { metadataPrefix: "oai_dc", from: null, until: null, set: `category:${w.categoryId}` };
    const state = { verb: "ListRecords" as const, selection, afterId: 0, cursor: 0, completeListSize: 1 };
    const valid = await encodeResumptionToken(secret, { ...state, expiresAt: Date.now() + 60_000 });
    const [body, signature] = valid.split(".");
    const edited = `${body!.slice(0, -2)}AA.${signature}`;
    const expired = await encodeResumptionToken(secret, { ...state, expiresAt: Date.now() - 1000 });
    const forged = await encodeResumptionToken("another-secret-0123456789abcdef0123456789", { ...state, expiresAt: Date.now() + 60_000 });
    for (const [verb, token] of [
      ["ListRecords", "nonsense"],
      ["ListRecords", edited],
      ["ListIdentifiers", valid],
      ["ListRecords", expired],
      ["ListRecords", forged],
    ] as const) {
      expect(errorOf(await oai({ verb, resumptionToken: token })), `${verb} ${token.slice(0, 20)}`).toBe("badResumptionToken");
    }
  });
});

describe("records: only PUBLIC documents, and deletions that stay", () => {
  it("GetRecord maps a public document to oai_dc; a PRIVATE one does not exist and never appears in a list", async () => {
    const category = await createCategory();
    const [publicDoc] = await insertDocuments(1, { categoryId: category.id, uploaderId: w.owner.id, unitKerjaId: w.unit.id, title: () => "Pedoman Akademik <2026> & Lampiran" });
    const [privateDoc] = await insertDocuments(1, { categoryId: category.id, uploaderId: w.owner.id, unitKerjaId: w.unit.id, accessLevel: "PRIVATE" });
    const { oai: answer } = await oai({ verb: "GetRecord", identifier: oaiId(publicDoc!.uuid), metadataPrefix: "oai_dc" });
    const record = answer.GetRecord!.record[0]!;
    expect(record.header[0]).toMatchObject({ identifier: oaiId(publicDoc!.uuid), setSpec: [`category:${category.id}`, `unit:${w.unit.id}`] });
    expect(record.header[0]!["@status"]).toBeUndefined();
    const dc = record.metadata!["oai_dc:dc"];
    expect(dc["dc:title"]!.map(textOf)).toEqual(["Pedoman Akademik <2026> & Lampiran"]);
    expect(dc["dc:title"]![0]).toMatchObject({ "@xml:lang": "id" });
    expect(dc["dc:creator"]!.map(textOf)).toEqual([w.unit.nama]);
    expect(dc["dc:subject"]!.map(textOf)).toEqual(["arsip", "oai", "panen"]);
    expect(dc["dc:type"]!.map(textOf)).toEqual([category.categoryName, "Text"]);
    expect(dc["dc:format"]!.map(textOf)).toEqual(["application/pdf"]);
    expect(dc["dc:date"]!.map(textOf)).toEqual(["2025"]);
    expect(dc["dc:identifier"]!.map(textOf)).toEqual([
      `http://earsip.test/documents/${publicDoc!.uuid}`,
      `http://earsip.test/api/v1/archives/${publicDoc!.uuid}/download`,
      expect.stringMatching(/^OAI-/),
    ]);

    expect(await oaiRecord(privateDoc!.uuid)).toBeNull();
    expect(errorOf(await oai({ verb: "GetRecord", identifier: oaiId(privateDoc!.uuid), metadataPrefix: "oai_dc" }))).toBe("idDoesNotExist");
    const listed = await harvest(transport, "ListRecords", { metadataPrefix: "oai_dc", set: `category:${category.id}` });
    expect(identifiersOf(listed)).toEqual([oaiId(publicDoc!.uuid)]);
  });

  it("trashed: deleted; restored: back; made non-public: deleted for good (edits while private change nothing); purged: still deleted", async () => {
    const category = await createCategory();
    const doc = await (async () => {
      const response = await sendMultipart("/api/v1/archives", w.ownerSession, documentBody(w.ownerSession, { fields: documentFields(category.id, { accessLevel: "PUBLIC" }) }));
      expect(response.status).toBe(201);
      return (await response.json<{ data: { uuid: string } }>()).data;
    })();
    const identifier = oaiId(doc.uuid);
    const get = async () => (await oai({ verb: "GetRecord", identifier, metadataPrefix: "oai_dc" })).oai.GetRecord!.record[0]!;
    const first = await get();
    expect(first.header[0]!["@status"]).toBeUndefined();

    await nextSecond();
    expect((await call(`/api/v1/archives/${doc.uuid}`, { method: "DELETE", ...as(w.ownerSession) })).status).toBe(200);
    const trashed = await get();
    expect(trashed.header[0]!["@status"]).toBe("deleted");
    expect(trashed.metadata).toBeUndefined();
    expect(trashed.header[0]!.datestamp > first.header[0]!.datestamp).toBe(true);

    await nextSecond();
    expect((await call(`/api/v1/archives/${doc.uuid}/restore`, { method: "POST", ...as(w.ownerSession) })).status).toBe(200);
    const restored = await get();
    expect(restored.header[0]!["@status"]).toBeUndefined();
    expect(restored.header[0]!.datestamp > trashed.header[0]!.datestamp).toBe(true);

    await nextSecond();
    await editDocument(w, doc.uuid, category.id, { accessLevel: "PRIVATE" });
    const hidden = await get();
    expect(hidden.header[0]!["@status"]).toBe("deleted");
    expect(hidden.header[0]!.datestamp > restored.header[0]!.datestamp).toBe(true);
    // Its title changes while private: harvesters learn nothing of it, not even a new datestamp.
    await nextSecond();
    await editDocument(w, doc.uuid, category.id, { accessLevel: "PRIVATE", title: "Judul baru yang tidak boleh bocor" });
    const stillHidden = await get();
    expect(stillHidden.header[0]).toEqual(hidden.header[0]);
    expect(JSON.stringify(await harvest(transport, "ListRecords", { metadataPrefix: "oai_dc", set: `category:${category.id}` }))).not.toContain("bocor");

    expect((await call(`/api/v1/archives/${doc.uuid}`, { method: "DELETE", ...as(w.ownerSession) })).status).toBe(200);
    expect((await call(`/api/v1/trash/${doc.uuid}`, { method: "DELETE", ...as(w.admin) })).status).toBe(200);
    expect(await testEnv.DB.prepare("SELECT uuid FROM archive_tombstones WHERE uuid = ?").bind(doc.uuid).first()).not.toBeNull();
    const purged = await get();
    expect(purged.header[0]!["@status"]).toBe("deleted");
    const listed = await harvest(transport, "ListIdentifiers", { metadataPrefix: "oai_dc", set: `category:${category.id}` });
    expect(listed.map(headerOf)).toEqual([expect.objectContaining({ identifier, "@status": "deleted" })]);
  });

  it("a record's datestamp moves with what it shows: an edit, a renamed work unit; not with a save that changes nothing", async () => {
    const category = await createCategory();
    const unit = await createUnitKerja();
    const [doc] = await insertDocuments(1, { categoryId: category.id, uploaderId: w.owner.id, unitKerjaId: unit.id });
    const before = (await oaiRecord(doc!.uuid))!;
    await nextSecond();
    await testEnv.DB.prepare("UPDATE archives SET updated_at = ? WHERE id = ?").bind(new Date().toISOString(), doc!.id).run();
    expect((await oaiRecord(doc!.uuid))!.datestamp).toBe(before.datestamp);
    await testEnv.DB.prepare("UPDATE archives SET title = title WHERE id = ?").bind(doc!.id).run();
    expect((await oaiRecord(doc!.uuid))!.datestamp).toBe(before.datestamp);

    const renamed = `${unit.nama} (baru)`;
    const response = await call(`/api/v1/unit-kerja/${unit.id}`, { method: "PUT", json: { nama: renamed, jenis: "Fakultas" }, ...as(w.admin) });
    expect(response.status).toBe(200);
    const after = (await oaiRecord(doc!.uuid))!;
    expect(after.datestamp > before.datestamp).toBe(true);
    const { oai: answer } = await oai({ verb: "GetRecord", identifier: oaiId(doc!.uuid), metadataPrefix: "oai_dc" });
    expect(answer.GetRecord!.record[0]!.metadata!["oai_dc:dc"]["dc:creator"]!.map(textOf)).toEqual([renamed]);
  });
});

describe("the classification code as a subject", () => {
  it("filing a public document under a code, and renaming the code, move its datestamp and show as 'CODE Name'", async () => {
    const [doc] = await insertDocuments(1, { categoryId: w.categoryId, uploaderId: w.owner.id, unitKerjaId: w.unit.id });
    const code = `OAI.${doc!.id}`;
    const now = new Date().toISOString();
    const { meta } = await testEnv.DB.prepare(
      "INSERT INTO classification_codes (code, name, security_class, retention_active_years, retention_inactive_years, final_disposition, created_at, updated_at) VALUES (?, 'Panen Metadata', 'BIASA', 2, 3, 'MUSNAH', ?, ?)",
    )
      .bind(code, now, now)
      .run();
    const subjects = async () => (await oai({ verb: "GetRecord", identifier: oaiId(doc!.uuid), metadataPrefix: "oai_dc" })).oai.GetRecord!.record[0]!.metadata!["oai_dc:dc"]["dc:subject"]!.map(textOf);
    const before = (await oaiRecord(doc!.uuid))!;
    await nextSecond();
    await testEnv.DB.prepare("UPDATE archives SET classification_id = ? WHERE id = ?").bind(meta.last_row_id, doc!.id).run();
    const filed = (await oaiRecord(doc!.uuid))!;
    expect(filed.datestamp > before.datestamp).toBe(true);
    expect(await subjects()).toContain(`${code} Panen Metadata`);
    await nextSecond();
    await testEnv.DB.prepare("UPDATE classification_codes SET name = 'Panen Ulang' WHERE id = ?").bind(meta.last_row_id).run();
    expect((await oaiRecord(doc!.uuid))!.datestamp > filed.datestamp).toBe(true);
    expect(await subjects()).toContain(`${code} Panen Ulang`);
  });
});

describe("selective harvesting", () => {
  it("from and until at second granularity, both ends included; days cover their whole day", async () => {
    const category = await createCategory();
    const docs = await insertDocuments(4, { categoryId: category.id, uploaderId: w.owner.id });
    const stamps = ["2024-03-01T23:59:59Z", "2024-03-02T00:00:00Z", "2024-03-02T10:30:15Z", "2024-03-02T10:30:16Z"];
    for (const [index, doc] of docs.entries()) {
      await testEnv.DB.prepare("UPDATE oai_records SET datestamp = ? WHERE uuid = ?").bind(stamps[index], doc.uuid).run();
    }
    const list = async (range: Record<string, string>) =>
      identifiersOf(await harvest(transport, "ListIdentifiers", { metadataPrefix: "oai_dc", set: `category:${category.id}`, ...range }));
    const ids = docs.map((doc) => oaiId(doc.uuid));
    expect(await list({ from: "2024-03-02T00:00:00Z" })).toEqual(ids.slice(1));
    expect(await list({ until: "2024-03-01T23:59:59Z" })).toEqual(ids.slice(0, 1));
    expect(await list({ from: "2024-03-02T10:30:15Z", until: "2024-03-02T10:30:15Z" })).toEqual([ids[2]]);
    expect(await list({ from: "2024-03-02T00:00:01Z", until: "2024-03-02T10:30:16Z" })).toEqual(ids.slice(2));
    expect(await list({ from: "2024-03-02", until: "2024-03-02" })).toEqual(ids.slice(1));
    expect(await list({ until: "2024-03-01" })).toEqual(ids.slice(0, 1));
  });

  it("sets by category and by work unit; a record lists both", async () => {
    const [category, unitA, unitB] = await Promise.all([createCategory(), createUnitKerja(), createUnitKerja()]);
    const inA = await insertDocuments(2, { categoryId: category.id, uploaderId: w.owner.id, unitKerjaId: unitA.id });
    const inB = await insertDocuments(1, { categoryId: category.id, uploaderId: w.owner.id, unitKerjaId: unitB.id });
    const ids = (docs: { uuid: string }[]) => docs.map((doc) => oaiId(doc.uuid));
    expect(identifiersOf(await harvest(transport, "ListIdentifiers", { metadataPrefix: "oai_dc", set: `unit:${unitA.id}` }))).toEqual(ids(inA));
    expect(identifiersOf(await harvest(transport, "ListIdentifiers", { metadataPrefix: "oai_dc", set: `unit:${unitB.id}` }))).toEqual(ids(inB));
    expect(identifiersOf(await harvest(transport, "ListIdentifiers", { metadataPrefix: "oai_dc", set: `category:${category.id}` }))).toEqual(ids([...inA, ...inB]));
    const all = identifiersOf(await harvest(transport, "ListIdentifiers", { metadataPrefix: "oai_dc", set: "unit" }));
    expect(all).toEqual(expect.arrayContaining(ids([...inA, ...inB])));
  });
});

describe("resumption by keyset", () => {
  it("pages of OAI_PAGE_SIZE with completeListSize and cursor, an empty token at the end, every record once", async () => {
    const category = await createCategory();
    const docs = await insertDocuments(OAI_PAGE_SIZE * 2 + 37, { categoryId: category.id, uploaderId: w.owner.id, unitKerjaId: w.unit.id });
    const pages = [];
    for await (const page of harvestPages(transport, "ListRecords", { metadataPrefix: "oai_dc", set: `category:${category.id}` })) pages.push(page);
    expect(pages.map((page) => page.items.length)).toEqual([OAI_PAGE_SIZE, OAI_PAGE_SIZE, 37]);
    expect(pages.map((page) => page.token?.cursor)).toEqual([0, OAI_PAGE_SIZE, OAI_PAGE_SIZE * 2]);
    expect(pages.map((page) => page.token?.completeListSize)).toEqual([docs.length, docs.length, docs.length]);
    expect(pages.at(-1)!.token!.value).toBe("");
    expect(pages.flatMap((page) => identifiersOf(page.items))).toEqual(docs.map((doc) => oaiId(doc.uuid)));
  });

  it("under concurrent changes no record is skipped or repeated: edits, trashing and new documents during the walk", async () => {
    const category = await createCategory();
    const docs = await insertDocuments(OAI_PAGE_SIZE * 2 + 10, { categoryId: category.id, uploaderId: w.owner.id, unitKerjaId: w.unit.id });
    const delivered = docs.slice(0, OAI_PAGE_SIZE);
    const ahead = docs.slice(OAI_PAGE_SIZE);
    let added: { uuid: string }[] = [];
    const items = await harvest(transport, "ListRecords", { metadataPrefix: "oai_dc", set: `category:${category.id}` }, {
      beforeNext: async (pageNumber) => {
        if (pageNumber !== 1) return;
        // Others work while the harvester is between pages.
        await editDocument(w, delivered[3]!.uuid, category.id, { accessLevel: "PUBLIC", title: "Diubah setelah dipanen" });
        await editDocument(w, ahead[5]!.uuid, category.id, { accessLevel: "PUBLIC", title: "Diubah sebelum dipanen" });
        expect((await call(`/api/v1/archives/${ahead[20]!.uuid}`, { method: "DELETE", ...as(w.ownerSession) })).status).toBe(200);
        await editDocument(w, ahead[30]!.uuid, category.id, { accessLevel: "PRIVATE" });
        added = await insertDocuments(3, { categoryId: category.id, uploaderId: w.owner.id, unitKerjaId: w.unit.id });
      },
    });
    const ids = identifiersOf(items);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...docs, ...added].map((doc) => oaiId(doc.uuid)));
    const byId = new Map(items.map((item) => [headerOf(item).identifier, item as OaiRecord]));
    const title = (uuid: string) => textOf(byId.get(oaiId(uuid))!.metadata?.["oai_dc:dc"]["dc:title"]?.[0]);
    expect(title(delivered[3]!.uuid)).toBe("Dokumen Panen 4");
    expect(title(ahead[5]!.uuid)).toBe("Diubah sebelum dipanen");
    expect(headerOf(byId.get(oaiId(ahead[20]!.uuid))!)["@status"]).toBe("deleted");
    expect(headerOf(byId.get(oaiId(ahead[30]!.uuid))!)["@status"]).toBe("deleted");
  });

  it("the next incremental harvest (from the first answer's responseDate) picks up what changed during the walk", async () => {
    const category = await createCategory();
    const docs = await insertDocuments(OAI_PAGE_SIZE + 5, { categoryId: category.id, uploaderId: w.owner.id });
    await nextSecond();
    const first = await oai({ verb: "ListIdentifiers", metadataPrefix: "oai_dc", set: `category:${category.id}` });
    const from = first.oai.responseDate;
    await nextSecond();
    await editDocument(w, docs[0]!.uuid, category.id, { accessLevel: "PUBLIC", title: "Diubah saat panen berjalan" });
    const next = await harvest(transport, "ListIdentifiers", { metadataPrefix: "oai_dc", set: `category:${category.id}`, from });
    expect(identifiersOf(next)).toEqual([oaiId(docs[0]!.uuid)]);
  });
});

describe("transport", () => {
  it("POST takes the arguments from a form body; both methods answer the same records", async () => {
    const category = await createCategory();
    await insertDocuments(3, { categoryId: category.id, uploaderId: w.owner.id });
    const args = { verb: "ListIdentifiers", metadataPrefix: "oai_dc", set: `category:${category.id}` };
    const [viaGet, viaPost] = await Promise.all([oai(args, "GET"), oai(args, "POST")]);
    expect(viaPost.oai.ListIdentifiers).toEqual(viaGet.oai.ListIdentifiers);
    expect((await oaiCall(args, "POST")).status).toBe(200);
  });

  it("control characters in a document's text never break the XML", async () => {
    const category = await createCategory();
    const [doc] = await insertDocuments(1, { categoryId: category.id, uploaderId: w.owner.id, title: () => "Judul\u0001 dengan \u0008kontrol \uFFFF" });
    const { xml, oai: answer } = await oai({ verb: "GetRecord", identifier: oaiId(doc!.uuid), metadataPrefix: "oai_dc" });
    expect(xml).not.toMatch(/[\u0001\u0008\uffff]/);
    expect(xml).toContain('<dc:title xml:lang="id">Judul dengan kontrol </dc:title>');
    expect(answer.GetRecord!.record).toHaveLength(1);
  });
});
