import { beforeAll, describe, expect, it, vi } from "vitest";
import type { DipEntryInput } from "~/domain/ppid/requests";
import { addDipEntry, deleteDipEntry, dipCsv, dipPage, listDipEntries } from "~/server/ppid/dip.server";
import { DipEntryListQuerySchema } from "~/domain/ppid/requests";
import { createConsequenceTest, publicExemptions } from "~/server/ppid/consequence-tests.server";
import { addCalendarDays, jakartaDate } from "~/domain/time";

import { expectJson, send, signedIn } from "../support/worker/admin";
import { serviceContext, testClock } from "../support/worker/context";
import { testEnv } from "../support/worker/env";
import { createArchive, createCategory, createUser, type CreatedUser } from "../support/worker/factories";

/** The PPID's own entries of the Daftar Informasi Publik: added and deleted by officers, audited, public at once. */

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let officer: CreatedUser;
let viewer: CreatedUser;

beforeAll(async () => {
  officer = await createUser({ role: "Viewer" });
  await testEnv.DB.prepare("UPDATE users SET ppid_role = 'PETUGAS' WHERE id = ?").bind(officer.id).run();
  viewer = await createUser({ role: "Viewer" });
});

const entryInput = (overrides: Partial<DipEntryInput> = {}): DipEntryInput => ({
  title: `Laporan Layanan Informasi ${crypto.randomUUID().slice(0, 8)}`,
  summary: "Laporan tahunan layanan informasi publik universitas.",
  kind: "BERKALA",
  holder: "PPID Universitas",
  responsible: "Kepala Biro Umum",
  madeIn: "2031",
  format: "PDF",
  retention: "Permanen",
  ...overrides,
});

const publicVersion = async () => (await testEnv.DB.prepare("SELECT value FROM site_state WHERE key = 'public_version'").first<number>("value"))!;
const auditOf = (uuid: string) =>
  testEnv.DB.prepare("SELECT action, actor_id FROM audit_logs WHERE target_type = 'ppid_dip_entry' AND target_id = ? ORDER BY id").bind(uuid).all<{ action: string; actor_id: number }>();

async function csvText(): Promise<string> {
  // Kept with its byte-order mark (Response.text() would drop it).
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(dipCsv(await serviceContext(null), "https://arsip.example.ac.id")).arrayBuffer());
}

describe("the PPID's own DIP entries", () => {
  it("an officer adds and deletes one; each step is audited and moves the public version; the public DIP lists it meanwhile", async () => {
    const desk = await serviceContext(officer);
    const before = await publicVersion();
    const input = entryInput({ kind: "SERTA_MERTA" });
    const entry = await addDipEntry(desk, input);
    expect(entry).toMatchObject({ source: "PPID", title: input.title, kind: "SERTA_MERTA", holder: "PPID Universitas", madeIn: "2031", link: null });
    expect(await publicVersion()).toBeGreaterThan(before);
    expect((await dipPage(desk, 1)).data.find((row) => row.id === entry.id)).toMatchObject({ title: input.title, kind: "SERTA_MERTA" });
    const listed = await listDipEntries(desk, DipEntryListQuerySchema.parse({ q: input.title }));
    expect(listed.data.map((row) => row.id)).toEqual([entry.id]);
    expect(await csvText()).toContain(`"PPID","${input.title}"`);

    const added = await publicVersion();
    await deleteDipEntry(desk, entry.id);
    expect(await publicVersion()).toBeGreaterThan(added);
    expect((await dipPage(desk, 1)).data.some((row) => row.id === entry.id)).toBe(false);
    await expect(deleteDipEntry(desk, entry.id)).rejects.toMatchObject({ status: 404 });
    expect((await auditOf(entry.id)).results).toEqual([
      { action: "PPID_DIP_ENTRY_ADD", actor_id: officer.id },
      { action: "PPID_DIP_ENTRY_DELETE", actor_id: officer.id },
    ]);
  });

  it("refuses anyone but an officer, writing nothing", async () => {
    const entry = await addDipEntry(await serviceContext(officer), entryInput());
    for (const who of [viewer, null]) {
      const ctx = await serviceContext(who);
      await expect(addDipEntry(ctx, entryInput())).rejects.toMatchObject({ status: who ? 403 : 401 });
      await expect(deleteDipEntry(ctx, entry.id)).rejects.toMatchObject({ status: who ? 403 : 401 });
    }
    expect((await auditOf(entry.id)).results.map((row) => row.action)).toEqual(["PPID_DIP_ENTRY_ADD"]);
  });

  it("through the API: POST and DELETE /api/v1/ppid/dip, listed by GET; a Viewer and bad input refused", async () => {
    const { session } = await signedIn("Super Admin");
    const input = entryInput({ kind: "SETIAP_SAAT" });
    const created = await expectJson<{ data: { id: string; kind: string } }>(await send(session, "POST", "/api/v1/ppid/dip", { json: input }), 201);
    expect(created.data.kind).toBe("SETIAP_SAAT");
    const listed = await expectJson<{ data: { id: string; title: string; kind: string | null }[] }>(await send(null, "GET", "/api/v1/ppid/dip"), 200);
    expect(listed.data.find((row) => row.id === created.data.id)).toMatchObject({ title: input.title, kind: "SETIAP_SAAT" });

    const invalid = await expectJson<{ errors?: unknown }>(await send(session, "POST", "/api/v1/ppid/dip", { json: { ...input, kind: "KADANG", title: " " } }), 400);
    expect(JSON.stringify(invalid)).toContain("Judul informasi wajib diisi.");
    const { session: viewerSession } = await signedIn("Viewer");
    await expectJson(await send(viewerSession, "POST", "/api/v1/ppid/dip", { json: entryInput() }), 403);
    await expectJson(await send(viewerSession, "DELETE", `/api/v1/ppid/dip/${created.data.id}`), 403);

    await expectJson(await send(session, "DELETE", `/api/v1/ppid/dip/${created.data.id}`), 200);
    await expectJson(await send(session, "DELETE", `/api/v1/ppid/dip/${created.data.id}`), 404);
  });

  it("the CSV lists public records and never a non-public one", async () => {
    const admin = await createUser({ role: "Super Admin" });
    const category = await createCategory();
    const open = await createArchive({ uploaderId: admin.id, categoryId: category.id, accessLevel: "PUBLIC" });
    const closed = await createArchive({ uploaderId: admin.id, categoryId: category.id, accessLevel: "PRIVATE" });
    const csv = await csvText();
    expect(csv.startsWith("\uFEFF\"Sumber\",\"Informasi\"")).toBe(true);
    expect(csv).toContain(`https://arsip.example.ac.id/documents/${open.uuid}`);
    // 'Bentuk': what a requester can be given, by the file's family, never a media type.
    expect(csv.split("\n").find((line) => line.includes(open.uuid))).toMatch(/"Softcopy \((PDF|gambar|audio\/video|dokumen Office\/OpenDocument|teks biasa)\)"/);
    expect(csv).not.toMatch(/"(application|image|audio|video|text)\/[\w.+-]+"/);
    expect(csv).not.toContain(closed.uuid);
    const publicCount = await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM archives WHERE access_level = 'PUBLIC' AND deleted_at IS NULL").first<number>("n");
    expect(csv.match(/\/documents\//g)?.length).toBe(publicCount);
  });
});

describe("the Daftar Informasi yang Dikecualikan (the consequence tests in force)", () => {
  it("lists a signed test for anyone, page and API alike, until the day it lapses; the desk still sees the lapsed one", async () => {
    const clock = testClock();
    const desk = await serviceContext(officer, clock);
    const today = jakartaDate(clock.now);
    const information = `Dokumen pengadaan ${crypto.randomUUID().slice(0, 8)}`;
    const before = await publicVersion();
    await createConsequenceTest(desk, { information, legalBasis: "Pasal 17 huruf b UU 14/2008", consequences: "Mengganggu proses penegakan hukum.", validUntil: addCalendarDays(today, 10) });
    expect(await publicVersion()).toBeGreaterThan(before);

    const visitor = await serviceContext(null, clock);
    const officerName = (await testEnv.DB.prepare("SELECT full_name FROM users WHERE id = ?").bind(officer.id).first<string>("full_name"))!;
    expect((await publicExemptions(visitor)).find((row) => row.information === information)).toEqual({
      information,
      legalBasis: "Pasal 17 huruf b UU 14/2008",
      consequences: "Mengganggu proses penegakan hukum.",
      validUntil: addCalendarDays(today, 10),
      decidedOn: today,
      decidedBy: officerName,
    });
    const listed = await expectJson<{ information: string }[]>(await send(null, "GET", "/api/v1/ppid/dik"), 200);
    expect(listed.map((row) => row.information)).toContain(information);
    expect(JSON.stringify(listed)).not.toMatch(/"id"|signed_by/);

    // The last day it holds, it is listed; the day after, the public list leaves it out.
    clock.set(new Date(`${addCalendarDays(today, 10)}T12:00:00+07:00`));
    expect((await publicExemptions(visitor)).some((row) => row.information === information)).toBe(true);
    clock.set(new Date(`${addCalendarDays(today, 11)}T00:30:00+07:00`));
    expect((await publicExemptions(visitor)).some((row) => row.information === information)).toBe(false);
  });
});
