import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { transferMessages } from "~/i18n/transfers";
import { getBerkas } from "~/server/berkas/service.server";
import { getBeritaAcaraVerification } from "~/server/disposal/berita-acara.server";
import { getDocument } from "~/server/documents/service.server";
import { refreshRetentionStates } from "~/server/retention/service.server";
import { acceptTransfer, getTransfer, proposeTransfer, rejectTransfer, transferListCsv, transferWorkspace } from "~/server/transfers/service.server";
import { canonicalTransferList, transferListSha256Of } from "~/server/transfers/transfer-list.server";
import { accessWorld, ownerDocument, type AccessWorld, type Person } from "../support/worker/access-requests";
import { serviceContext } from "../support/worker/context";
import { testEnv } from "../support/worker/env";
import { createUser } from "../support/worker/factories";
import { call, login, unique } from "../support/worker/http";
import { parseCsv } from "~/server/http/csv.server";

/**
 * Pemindahan arsip inaktif, end to end: a unit proposes its berkas whose active period has
 * passed; the records centre accepts with box and rack; custody passes (the unit keeps reading,
 * the centre opens the files, only Super Admin still changes them); a Berita Acara Pemindahan
 * with the Daftar Arsip yang Dipindahkan is stored, its QR code's page verifies the list's hash.
 */

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

let world: AccessWorld;
let centre: { id: number; nama: string };
let archivist: Person;
let code: { id: number; code: string };
const now = () => new Date().toISOString();

beforeAll(async () => {
  world = await accessWorld();
  // The records centre: created with the flag through the API, then the flag moved to another
  // unit on its form (one records centre at a time: the first loses it).
  const admin = { cookie: world.admin.session.cookie, ip: world.admin.session.ip, csrfToken: world.admin.session.csrfToken };
  const first = await call("/api/v1/unit-kerja", { method: "POST", json: { nama: unique("Arsip Lama"), jenis: "Unit Kearsipan", isRecordsCentre: true }, ...admin });
  const firstId = (await first.json<{ data: { id: number; isRecordsCentre: boolean } }>()).data.id;
  const nama = unique("Arsip Universitas");
  const created = await call("/api/v1/unit-kerja", { method: "POST", json: { nama, jenis: "Unit Kearsipan", namaPejabat: "Dra. Kepala Arsip" }, ...admin });
  const id = (await created.json<{ data: { id: number } }>()).data.id;
  const named = await call(`/api/v1/unit-kerja/${id}`, { method: "PUT", json: { nama, jenis: "Unit Kearsipan", namaPejabat: "Dra. Kepala Arsip", isRecordsCentre: true }, ...admin });
  expect((await named.json<{ data: { isRecordsCentre: boolean } }>()).data.isRecordsCentre).toBe(true);
  expect((await (await call(`/api/v1/unit-kerja/${firstId}`, admin)).json<{ isRecordsCentre: boolean }>()).isRecordsCentre).toBe(false);
  // A change that does not name the flag leaves it.
  await call(`/api/v1/unit-kerja/${id}`, { method: "PUT", json: { nama, jenis: "Unit Kearsipan", namaPejabat: "Dra. Kepala Arsip" }, ...admin });
  centre = { id, nama };
  const user = await createUser({ role: "Satuan Kerja", unitKerjaId: centre.id });
  archivist = { user, session: await login(user.username, user.password) };
  const codeName = unique("PM").replace(/[^A-Za-z0-9]/g, "").toUpperCase().slice(-10);
  const inserted = await testEnv.DB.prepare(
    `INSERT INTO classification_codes (code, parent_id, name, description, security_class, retention_active_years, retention_inactive_years, final_disposition, legal_basis, created_at, updated_at)
     VALUES (?, NULL, 'Kepegawaian', '', 'TERBATAS', 2, 10, 'MUSNAH', '', ?, ?) RETURNING id`,
  )
    .bind(codeName, now(), now())
    .first<{ id: number }>();
  code = { id: inserted!.id, code: codeName };
});

let berkasCounter = 0;

/** A berkas of the owner's unit holding `years.length` documents of those years. */
async function berkasWith(years: number[]): Promise<{ id: number; number: string; documents: string[] }> {
  // Short, so the PDF's table keeps it on one line (the text check below reads it back).
  const number = `PB-${(berkasCounter += 1)}`;
  const berkas = await testEnv.DB.prepare("INSERT INTO berkas (number, title, classification_id, unit_kerja_id, created_at, updated_at) VALUES (?, 'Berkas kepegawaian dosen', ?, ?, ?, ?) RETURNING id")
    .bind(number, code.id, world.ownerUnit.id, now(), now())
    .first<{ id: number }>();
  const documents: string[] = [];
  const ids: number[] = [];
  for (const year of years) {
    const doc = await ownerDocument(world);
    const row = await testEnv.DB.prepare("UPDATE archives SET classification_id = ?, year = ?, berkas_id = ? WHERE uuid = ? RETURNING id").bind(code.id, year, berkas!.id, doc.uuid).first<{ id: number }>();
    documents.push(doc.uuid);
    ids.push(row!.id);
  }
  await refreshRetentionStates(await serviceContext(world.admin.user), { archiveIds: ids });
  return { id: berkas!.id, number, documents };
}

describe("pemindahan arsip inaktif", () => {
  it("moves a berkas to the records centre: custody, location, the Berita Acara and its QR verification", async () => {
    const old = await berkasWith([2015, 2016]);
    const active = await berkasWith([new Date().getFullYear()]);
    const owner = await serviceContext(world.owner.user);

    // Only the berkas whose active period has passed is offered.
    const workspace = await transferWorkspace(owner, {});
    expect(workspace.centre?.id).toBe(centre.id);
    expect(workspace.candidates.map((row) => row.id)).toContain(old.id);
    expect(workspace.candidates.map((row) => row.id)).not.toContain(active.id);
    await expect(proposeTransfer(owner, { berkas: [active.id] })).rejects.toThrow(transferMessages.notCandidate(active.number));
    // Another unit cannot propose this unit's berkas.
    await expect(proposeTransfer(await serviceContext(world.requester.user), { berkas: [old.id] })).rejects.toThrow(transferMessages.proposeDenied);

    const proposal = await proposeTransfer(owner, { berkas: [old.id], note: "Pindah akhir tahun" });
    expect(proposal.number).toMatch(/^PA\/\d{4}\/\d{3}$/);
    // Proposed: not offered again, and the berkas takes no more documents.
    expect((await transferWorkspace(owner, {})).candidates.map((row) => row.id)).not.toContain(old.id);
    await expect(proposeTransfer(owner, { berkas: [old.id] })).rejects.toThrow(transferMessages.notCandidate(old.number));
    // The unit cannot decide its own proposal; the records centre can.
    await expect(acceptTransfer(owner, proposal.uuid, {})).rejects.toThrow(transferMessages.decideDenied);
    const centreCtx = await serviceContext(archivist.user);
    expect((await getTransfer(centreCtx, proposal.uuid)).canDecide).toBe(true);

    const acceptStarted = performance.now();
    const accepted = await acceptTransfer(centreCtx, proposal.uuid, { locations: [{ position: 1, box: "12", rack: "B-3" }] });
    console.info(`Pemindahan accepted (render, store, batch): ${(performance.now() - acceptStarted).toFixed(0)} ms`);
    expect(accepted.beritaAcara.number).toBe(`BA/${proposal.number}`);
    await expect(acceptTransfer(centreCtx, proposal.uuid, {})).rejects.toThrow(transferMessages.notOpen);

    // Custody: the berkas and its documents are the records centre's; the location is recorded.
    expect((await getBerkas(owner, old.id)).custody).toEqual({ unitKerjaId: centre.id, unitKerjaName: centre.nama, box: "12", rack: "B-3" });
    const unitView = await getDocument(owner, old.documents[0]!);
    expect(unitView.canOpenFile).toBe(true);
    expect(unitView.canEdit).toBe(false);
    expect(unitView.canDelete).toBe(false);
    const centreView = await getDocument(centreCtx, old.documents[0]!);
    expect(centreView.canOpenFile).toBe(true);
    expect((await getDocument(await serviceContext(world.admin.user), old.documents[0]!)).canEdit).toBe(true);
    const download = await call(`/api/v1/archives/${old.documents[0]}/download`, { cookie: archivist.session.cookie, ip: archivist.session.ip });
    expect(download.status).toBe(200);
    await download.arrayBuffer();
    // The unit's edit through the API is refused.
    const edit = await call(`/api/v1/archives/${old.documents[0]}`, { method: "DELETE", cookie: world.owner.session.cookie, ip: world.owner.session.ip, csrfToken: world.owner.session.csrfToken });
    expect(edit.status).toBe(403);

    // The Berita Acara: stored, listing the berkas, its list hash recomputable and verifiable.
    const transfer = await getTransfer(owner, proposal.uuid);
    expect(transfer).toMatchObject({ status: "DITERIMA", recordsCentreName: centre.nama, items: [{ berkasNumber: old.number, itemCount: 2, startYear: 2015, endYear: 2016, box: "12", rack: "B-3" }] });
    const ba = transfer.beritaAcara!;
    const verification = await getBeritaAcaraVerification(owner, ba.uuid);
    expect(verification).toMatchObject({ kind: "PEMINDAHAN", number: ba.number, itemCount: 1, listSha256: ba.listSha256, pdfSha256: ba.pdfSha256 });
    const recomputed = await transferListSha256Of([
      { position: 1, berkasNumber: old.number, classificationCode: code.code, title: "Berkas kepegawaian dosen", period: "2015–2016", itemCount: 2, developmentLevel: "Asli", location: "Boks 12, Rak B-3" },
    ]);
    expect(recomputed).toBe(ba.listSha256);
    expect(canonicalTransferList([])).toBe("");
    const object = await testEnv.FILES.get(`berita-acara/${ba.uuid}.pdf`);
    const bytes = new Uint8Array(await object!.arrayBuffer());
    console.info(`Berita Acara Pemindahan, 1 berkas: ${bytes.byteLength} bytes`);
    const digest = [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
    expect(digest).toBe(ba.pdfSha256);
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    for (const expected of ["BERITA ACARA PEMINDAHAN ARSIP INAKTIF", "DAFTAR ARSIP YANG DIPINDAHKAN", old.number, "Boks 12, Rak B-3", ba.listSha256, `/verifikasi/${ba.uuid}`, "Dra. Kepala Arsip", centre.nama]) {
      expect(text).toContain(expected);
    }
    // Staged object unregistered by the batch: the sweep never takes it.
    expect(await testEnv.DB.prepare("SELECT r2_key FROM file_staging WHERE r2_key = ?").bind(`berita-acara/${ba.uuid}.pdf`).first()).toBeNull();
    // The Daftar Arsip yang Dipindahkan as CSV.
    const csv = parseCsv((await transferListCsv(owner, proposal.uuid)).body);
    expect(csv[1]).toEqual(["1", old.number, code.code, "Berkas kepegawaian dosen", "2015–2016", "2", "Asli", "12", "B-3"]);

    const actions = await testEnv.DB.prepare("SELECT action FROM audit_logs WHERE target_id IN (?, ?) ORDER BY id").bind(proposal.uuid, String(old.id)).all<{ action: string }>();
    expect(actions.results.map((row) => row.action)).toEqual(["TRANSFER_PROPOSE", "BERKAS_MOVE", "TRANSFER_ACCEPT"]);
  });

  it("a rejected proposal leaves the berkas at its unit, to be proposed again", async () => {
    const berkas = await berkasWith([2014]);
    const owner = await serviceContext(world.owner.user);
    const proposal = await proposeTransfer(owner, { berkas: [berkas.id] });
    await expect(rejectTransfer(await serviceContext(archivist.user), proposal.uuid, { reason: "" })).rejects.toThrow();
    await rejectTransfer(await serviceContext(archivist.user), proposal.uuid, { reason: "Boks belum tersedia" });
    expect((await getTransfer(owner, proposal.uuid)).status).toBe("DITOLAK");
    expect((await getBerkas(owner, berkas.id)).custody).toBeNull();
    expect((await transferWorkspace(owner, {})).candidates.map((row) => row.id)).toContain(berkas.id);
  });
});
