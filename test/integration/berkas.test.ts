import { beforeAll, describe, expect, it, vi } from "vitest";
import { DaftarArsipQuerySchema } from "~/domain/berkas";
import { parseCandidateQuery } from "~/domain/disposal";
import { berkasMessages } from "~/i18n/berkas";
import { listDaftarArsip, daftarArsipCsv, daftarArsipPdf } from "~/server/berkas/daftar-arsip.server";
import { fileDocumentsIntoBerkas } from "~/server/berkas/service.server";
import { createDisposalList, listCandidates } from "~/server/disposal/service.server";
import { coveringHolds, getDocumentRetention, placeDocumentHold, refreshRetentionStates } from "~/server/retention/service.server";
import { accessWorld, ownerDocument, type AccessWorld } from "../support/worker/access-requests";
import { serviceContext } from "../support/worker/context";
import { documentFields, sendMultipart } from "../support/worker/documents";
import { testEnv } from "../support/worker/env";
import { call, unique, type SignedIn } from "../support/worker/http";
import { formBody } from "../support/worker/multipart";
import { parseCsv } from "~/server/http/csv.server";

/**
 * Berkas (pemberkasan): a berkas holds documents of its own unit and code only; its retention
 * clock, holds and disposal apply to it whole; it reads back with dates and a count computed from
 * its documents, and the documents read back with `berkasId`. The Daftar Arsip lists berkas in
 * ANRI's columns with totals.
 */

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let world: AccessWorld;
/** 1 + 1 years, Musnah: a document of 2010 is long due, one of this year active. */
let shortCode: { id: number; code: string };
let otherCode: { id: number; code: string };

const now = () => new Date().toISOString();
const as = (session: SignedIn | null) => ({ cookie: session?.cookie, ip: session?.ip, csrfToken: session?.csrfToken });

async function createCode(retention: { active: number; inactive: number }, disposition: "MUSNAH" | "PERMANEN"): Promise<{ id: number; code: string }> {
  const code = unique("BK").replace(/[^A-Za-z0-9]/g, "").toUpperCase().slice(-10);
  const row = await testEnv.DB.prepare(
    `INSERT INTO classification_codes (code, parent_id, name, description, security_class, retention_active_years, retention_inactive_years, final_disposition, legal_basis, created_at, updated_at)
     VALUES (?, NULL, ?, '', 'TERBATAS', ?, ?, ?, '', ?, ?) RETURNING id`,
  )
    .bind(code, `Kode ${code}`, retention.active, retention.inactive, disposition, now(), now())
    .first<{ id: number }>();
  return { id: row!.id, code };
}

/** A document of the owner's unit under `code` from `year` (uploaded through the API), its retention state refreshed. */
async function document(code: { id: number } | null, year: number, title = unique("Arsip berkas")): Promise<{ uuid: string; id: number; title: string }> {
  const doc = await ownerDocument(world, "PRIVATE", title);
  const row = await testEnv.DB.prepare("UPDATE archives SET classification_id = ?, year = ? WHERE uuid = ? RETURNING id").bind(code?.id ?? null, year, doc.uuid).first<{ id: number }>();
  await refreshRetentionStates(await serviceContext(world.admin.user), { archiveIds: [row!.id] });
  return { uuid: doc.uuid, id: row!.id, title };
}

const stateOf = (id: number) => testEnv.DB.prepare("SELECT status, active_until, inactive_until FROM retention_states WHERE archive_id = ?").bind(id).first();

async function createBerkas(session: SignedIn, body: Record<string, unknown>): Promise<Response> {
  return call("/api/v1/berkas", { method: "POST", json: body, ...as(session) });
}

async function newBerkas(code: { code: string }, number = unique("B")): Promise<{ id: number; number: string }> {
  const response = await createBerkas(world.owner.session, { number, title: "Rencana Strategis Fakultas", classificationCode: code.code });
  expect(response.status, await response.clone().text()).toBe(201);
  const { data } = await response.json<{ data: { id: number; number: string } }>();
  return data;
}

const fileInto = (session: SignedIn, berkasId: number, archiveUuids: string[]) => call(`/api/v1/berkas/${berkasId}/items`, { method: "POST", json: { archiveUuids }, ...as(session) });

beforeAll(async () => {
  world = await accessWorld();
  shortCode = await createCode({ active: 1, inactive: 1 }, "MUSNAH");
  otherCode = await createCode({ active: 1, inactive: 1 }, "MUSNAH");
});

describe("a berkas and its documents", () => {
  it("is created for the member's own unit (Super Admin names one), reads back with its computed dates and count, and refuses a taken number", async () => {
    const berkas = await newBerkas(shortCode);
    const response = await call(`/api/v1/berkas/${berkas.id}`, as(world.owner.session));
    expect(await response.json()).toMatchObject({
      id: berkas.id,
      number: berkas.number,
      title: "Rencana Strategis Fakultas",
      classificationCode: shortCode.code,
      unitKerjaName: world.ownerUnit.nama,
      startYear: null,
      endYear: null,
      itemCount: 0,
    });
    const taken = await createBerkas(world.colleague.session, { number: berkas.number, title: "Berkas lain lagi", classificationCode: shortCode.code });
    expect(taken.status).toBe(409);
    expect((await taken.json<{ message: string }>()).message).toBe(berkasMessages.numberTaken(berkas.number));
    // The same number in another unit is another berkas.
    expect((await createBerkas(world.requester.session, { number: berkas.number, title: "Berkas unit lain", classificationCode: shortCode.code })).status).toBe(201);
    expect((await createBerkas(world.admin.session, { number: unique("B"), title: "Berkas tanpa unit", classificationCode: shortCode.code })).status).toBe(400);
    expect((await createBerkas(world.admin.session, { number: unique("B"), title: "Berkas oleh admin", classificationCode: shortCode.code, unitKerjaId: world.ownerUnit.id })).status).toBe(201);
    expect((await createBerkas(world.viewer.session, { number: unique("B"), title: "Berkas penonton", classificationCode: shortCode.code })).status).toBe(403);
    expect((await createBerkas(world.owner.session, { number: unique("B"), title: "Kode tak dikenal", classificationCode: "ZZ.99.99" })).status).toBe(400);
  });

  it("takes documents of its own unit and code only; the documents read back with berkasId", async () => {
    const berkas = await newBerkas(shortCode);
    const a = await document(shortCode, 2019);
    const b = await document(shortCode, 2021);
    const filed = await fileInto(world.owner.session, berkas.id, [a.uuid, b.uuid]);
    expect(filed.status).toBe(200);
    expect(await filed.json()).toMatchObject({ filed: 2, alreadyFiled: 0, data: { startYear: 2019, endYear: 2021, itemCount: 2 } });
    const detail = await (await call(`/api/v1/archives/${a.uuid}`, as(world.owner.session))).json<{ berkasId: number | null; vital: boolean }>();
    expect(detail).toMatchObject({ berkasId: berkas.id, vital: false });
    // Filing again changes nothing.
    expect(await (await fileInto(world.owner.session, berkas.id, [a.uuid])).json()).toMatchObject({ filed: 0, alreadyFiled: 1 });

    const otherCodeDoc = await document(otherCode, 2019);
    const wrongCode = await fileInto(world.owner.session, berkas.id, [otherCodeDoc.uuid]);
    expect(wrongCode.status).toBe(400);
    expect((await wrongCode.json<{ message: string }>()).message).toBe(berkasMessages.otherCode(otherCodeDoc.title));
    // A document of another unit, even with the code, is refused, and nothing of the call is filed.
    const foreign = await testEnv.DB.prepare("UPDATE archives SET unit_kerja_id = ? WHERE uuid = ? RETURNING uuid").bind(world.otherUnit.id, (await document(shortCode, 2019)).uuid).first<{ uuid: string }>();
    const c = await document(shortCode, 2020);
    const mixed = await fileInto(world.admin.session, berkas.id, [c.uuid, foreign!.uuid]);
    expect(mixed.status).toBe(400);
    expect((await testEnv.DB.prepare("SELECT berkas_id FROM archives WHERE uuid = ?").bind(c.uuid).first())?.berkas_id).toBeNull();
    // In another berkas already.
    const second = await newBerkas(shortCode);
    const moved = await fileInto(world.owner.session, second.id, [a.uuid]);
    expect(moved.status).toBe(400);
    expect((await moved.json<{ message: string }>()).message).toBe(berkasMessages.inOtherBerkas(a.title, berkas.number));
    // Another unit's member cannot file into it; a Viewer cannot either.
    expect((await fileInto(world.requester.session, berkas.id, [c.uuid])).status).toBe(404);

    // A filed document keeps the berkas's code: changing it is refused with the reason.
    const update = await sendMultipart(
      `/api/v1/archives/${b.uuid}`,
      world.owner.session,
      formBody({ ...documentFields(world.categoryId), classificationCode: otherCode.code }),
      { method: "PUT" },
    );
    expect(update.status).toBe(400);
    expect((await update.json<{ message: string }>()).message).toBe(berkasMessages.documentFiledChange);

    // Not deleted while it holds documents; taken out, then deleted.
    expect((await call(`/api/v1/berkas/${second.id}`, { method: "DELETE", ...as(world.owner.session) })).status).toBe(200);
    expect((await call(`/api/v1/berkas/${berkas.id}`, { method: "DELETE", ...as(world.owner.session) })).status).toBe(409);
    for (const uuid of [a.uuid, b.uuid]) expect((await call(`/api/v1/berkas/${berkas.id}/items/${uuid}`, { method: "DELETE", ...as(world.owner.session) })).status).toBe(200);
    expect((await call(`/api/v1/berkas/${berkas.id}`, { method: "DELETE", ...as(world.owner.session) })).status).toBe(200);
    const audit = await testEnv.DB.prepare("SELECT action FROM audit_logs WHERE target_id = ? ORDER BY id").bind(a.uuid).all<{ action: string }>();
    expect(audit.results.map((row) => row.action)).toEqual(expect.arrayContaining(["BERKAS_FILE", "BERKAS_UNFILE"]));
  });
});

describe("retention, holds and disposal of a berkas as one unit", () => {
  it("the berkas's clock runs to its last document; a hold on one document holds them all", async () => {
    const old = await document(shortCode, 2010);
    const recent = await document(shortCode, new Date().getFullYear());
    expect((await stateOf(old.id))?.status).toBe("JATUH_TEMPO");
    const berkas = await newBerkas(shortCode);
    expect((await fileInto(world.owner.session, berkas.id, [old.uuid, recent.uuid])).status).toBe(200);
    const [oldState, recentState] = [await stateOf(old.id), await stateOf(recent.id)];
    expect(oldState).toEqual(recentState);
    expect(oldState?.status).toBe("AKTIF");
    expect((await getDocumentRetention(await serviceContext(world.owner.user), old.uuid)).status).toBe("AKTIF");

    await placeDocumentHold(await serviceContext(world.admin.user), recent.uuid, { reason: "Perkara di pengadilan" });
    expect((await stateOf(old.id))?.status).toBe("DITAHAN");
    const view = await getDocumentRetention(await serviceContext(world.admin.user), old.uuid);
    expect(view.status).toBe("DITAHAN");
    expect(view.hold).toMatchObject({ reason: "Perkara di pengadilan", document: recent.title });
    // The purge paths and the trash see the berkas's hold on the other document too.
    expect((await coveringHolds(await serviceContext(world.admin.user), [old.id])).get(old.id)).toEqual({ reason: "Perkara di pengadilan", code: null });
  });

  it("is listed whole for disposal, and kept off the lists while a document of it is vital", async () => {
    const [a, b] = [await document(shortCode, 2010), await document(shortCode, 2011)];
    const berkas = await newBerkas(shortCode);
    expect((await fileInto(world.owner.session, berkas.id, [a.uuid, b.uuid])).status).toBe(200);
    const admin = await serviceContext(world.admin.user);
    const query = parseCandidateQuery(new URLSearchParams(`tab=MUSNAH&code=${shortCode.code}`));
    const candidates = await listCandidates(admin, query);
    expect(candidates.data.filter((row) => [a.uuid, b.uuid].includes(row.uuid)).map((row) => row.berkasNumber)).toEqual([berkas.number, berkas.number]);

    // Vital: neither is a candidate while one is flagged; the page is told how many were left out.
    await testEnv.DB.prepare("INSERT INTO vital_records (archive_id, reason, review_months, review_due_on, flagged_at) VALUES (?, 'Arsip vital', 12, '2099-01-01', ?)").bind(a.id, now()).run();
    const withVital = await listCandidates(admin, query);
    expect(withVital.data.map((row) => row.uuid)).not.toContain(b.uuid);
    expect(withVital.vitalDue).toBeGreaterThanOrEqual(1);
    await testEnv.DB.prepare("DELETE FROM vital_records WHERE archive_id = ?").bind(a.id).run();

    // Choosing one document lists its whole berkas.
    const list = await createDisposalList(admin, { kind: "MUSNAH", archives: [b.uuid], note: "" });
    const items = await testEnv.DB.prepare("SELECT archive_uuid FROM disposal_items WHERE list_id = (SELECT id FROM disposal_lists WHERE uuid = ?)").bind(list.uuid).all<{ archive_uuid: string }>();
    expect(items.results.map((row) => row.archive_uuid).sort()).toEqual([a.uuid, b.uuid].sort());
    // On an open list the berkas takes no more documents.
    await expect(fileDocumentsIntoBerkas(await serviceContext(world.owner.user), berkas.id, [(await document(shortCode, 2010)).uuid])).rejects.toThrow(berkasMessages.onDisposalList);
  });
});

describe("Daftar Arsip Aktif / Inaktif", () => {
  it("lists a unit's berkas in ANRI's columns with totals, aktif and inaktif apart; CSV the same; PDF from the processor Worker", async () => {
    const unit = world.ownerUnit.id;
    const active = await newBerkas(shortCode);
    const inactive = await newBerkas(shortCode);
    const [x, y, z] = [await document(shortCode, new Date().getFullYear()), await document(shortCode, 2010), await document(shortCode, 2012)];
    await fileInto(world.owner.session, active.id, [x.uuid]);
    await fileInto(world.owner.session, inactive.id, [y.uuid, z.uuid]);
    const owner = await serviceContext(world.owner.user);
    const aktif = await listDaftarArsip(owner, DaftarArsipQuerySchema.parse({ jenis: "aktif", size: "50" }));
    const inaktif = await listDaftarArsip(owner, DaftarArsipQuerySchema.parse({ jenis: "inaktif", size: "50" }));
    expect(aktif.page.data.map((row) => row.berkasId)).toContain(active.id);
    expect(aktif.page.data.map((row) => row.berkasId)).not.toContain(inactive.id);
    const row = inaktif.page.data.find((entry) => entry.berkasId === inactive.id)!;
    expect(row).toMatchObject({ number: inactive.number, classificationCode: shortCode.code, startYear: 2010, endYear: 2012, itemCount: 2, developmentLevel: "ASLI", location: null });
    expect(row.remarks).toContain("Jatuh tempo");
    expect(inaktif.totals.berkas).toBe(inaktif.page.total);
    expect(inaktif.totals.items).toBe(inaktif.page.data.reduce((sum, entry) => sum + entry.itemCount, 0));
    // Another unit sees none of them; Super Admin filters by unit.
    const stranger = await listDaftarArsip(await serviceContext(world.requester.user), DaftarArsipQuerySchema.parse({ jenis: "inaktif" }));
    expect(stranger.page.data.map((entry) => entry.berkasId)).not.toContain(inactive.id);
    const admin = await listDaftarArsip(await serviceContext(world.admin.user), DaftarArsipQuerySchema.parse({ jenis: "inaktif", unit: String(unit), size: "50" }));
    expect(admin.page.data.every((entry) => entry.unitKerjaName === world.ownerUnit.nama)).toBe(true);
    const csv = await daftarArsipCsv(owner, DaftarArsipQuerySchema.parse({ jenis: "inaktif" }));
    const [header, ...records] = parseCsv(csv.body);
    expect(header).toEqual(["No", "Nomor Berkas", "Kode Klasifikasi", "Uraian", "Kurun Waktu", "Jumlah Item", "Tingkat Perkembangan", "Lokasi / Boks", "Keterangan", "Unit Kerja"]);
    expect(records.find((record) => record[1] === inactive.number)?.slice(2, 7)).toEqual([shortCode.code, "Rencana Strategis Fakultas", "2010–2012", "2", "Asli"]);
    // Rendered over the PROCESSOR binding (pdf-lib never loads in the page Worker).
    const pdf = await daftarArsipPdf(owner, DaftarArsipQuerySchema.parse({ jenis: "inaktif" }));
    expect(pdf.fileName).toMatch(/\.pdf$/);
    expect(new TextDecoder().decode(pdf.bytes.subarray(0, 5))).toBe("%PDF-");
    expect(pdf.bytes.byteLength).toBeGreaterThan(1000);
  });
});
