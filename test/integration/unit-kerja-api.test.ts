import { beforeAll, describe, expect, it, vi } from "vitest";
import type { ListPage } from "~/domain/list-query";
import type { UnitKerjaView } from "~/domain/unit-kerja";
import { api as apiText } from "~/i18n/api";
import { unitKerja as unitKerjaText, unitKerjaMessages } from "~/i18n/unit-kerja";
import { unitKerjaForm } from "~/i18n/unit-kerja-form";
import { expectJson, send, signedIn } from "../support/worker/admin";
import { expectError } from "../support/worker/documents";
import { testEnv } from "../support/worker/env";
import { createArchive, createCategory, createUnitKerja, createUser } from "../support/worker/factories";
import { unique, type SignedIn } from "../support/worker/http";

vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

const m = { ...unitKerjaText, ...unitKerjaMessages };
let admin: SignedIn;

type Saved = { message: string; data: UnitKerjaView };

const auditFor = async (id: number | string) =>
  (
    await testEnv.DB.prepare("SELECT action, message, details FROM audit_logs WHERE target_type = 'unit_kerja' AND target_id = ? ORDER BY id")
      .bind(String(id))
      .all<{ action: string; message: string; details: string }>()
  ).results;
const unitCount = async () => (await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM unit_kerja").first<{ n: number }>())!.n;

beforeAll(async () => {
  admin = (await signedIn("Super Admin")).session;
});

describe("/api/v1/unit-kerja", () => {
  it("creates, reads, updates (SPEC fields) and audits each change", async () => {
    const nama = unique("Fakultas Kedokteran");
    const created = await expectJson<Saved>(
      await send(admin, "POST", "/api/v1/unit-kerja", {
        json: { nama, jenis: "Fakultas", email: "fk@univ.ac.id", namaPejabat: "Dr. Ani" },
      }),
      201,
    );
    expect(created.message).toBe(unitKerjaForm.created);
    expect(created.data).toStrictEqual({
      id: expect.any(Number),
      nama,
      jenis: "Fakultas",
      email: "fk@univ.ac.id",
      namaPejabat: "Dr. Ani",
      isRecordsCentre: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const id = created.data.id;
    expect(await expectJson<UnitKerjaView>(await send(admin, "GET", `/api/v1/unit-kerja/${id}`), 200)).toStrictEqual(created.data);

    const updated = await expectJson<Saved>(
      await send(admin, "PUT", `/api/v1/unit-kerja/${id}`, { json: { nama: `${nama} Baru`, jenis: "Fakultas", email: "", namaPejabat: "" } }),
      200,
    );
    expect(updated).toMatchObject({ message: unitKerjaForm.updated, data: { id, nama: `${nama} Baru`, email: null, namaPejabat: null } });

    const createAudit = await testEnv.DB.prepare("SELECT details FROM audit_logs WHERE action = 'UNIT_KERJA_CREATE' AND message LIKE ?")
      .bind(`%${nama}%`)
      .first<{ details: string }>();
    expect(JSON.parse(createAudit!.details)).toEqual({ nama, jenis: "Fakultas" });
    const audit = await auditFor(id);
    expect(audit.map((row) => row.action)).toEqual(["UNIT_KERJA_UPDATE"]);
    expect(JSON.parse(audit[0]!.details)).toEqual({ namaFrom: nama, nama: `${nama} Baru` });
  });

  it("lists newest change first, with search and SPEC paging", async () => {
    const tag = unique("Lembaga Cari");
    const older = await createUnitKerja({ nama: `${tag} A` });
    const newer = await createUnitKerja({ nama: `${tag} B` });
    await testEnv.DB.prepare("UPDATE unit_kerja SET updated_at = ? WHERE id = ?").bind("2031-01-01T00:00:00.000Z", newer.id).run();
    const page = await expectJson<ListPage<UnitKerjaView, { sort: string }>>(
      await send(admin, "GET", `/api/v1/unit-kerja?q=${encodeURIComponent(tag)}`),
      200,
    );
    expect(page.data.map((unit) => unit.id)).toEqual([newer.id, older.id]);
    expect(page).toMatchObject({ total: 2, page: 1, size: 10, totalPages: 1, query: { sort: "updatedAt", dir: "desc" } });
    const byName = await expectJson<ListPage<UnitKerjaView, unknown>>(
      await send(admin, "GET", `/api/v1/unit-kerja?q=${encodeURIComponent(tag)}&sort=nama&dir=asc&size=5&page=2`),
      200,
    );
    expect(byName).toMatchObject({ data: [], total: 2, page: 2, size: 5 });
  });

  it("refuses a duplicate name (any case) with 409 and bad input with 400; nothing written", async () => {
    const existing = await createUnitKerja({ nama: unique("Biro Umum") });
    const other = await createUnitKerja();
    const count = await unitCount();
    await expectError(
      await send(admin, "POST", "/api/v1/unit-kerja", { json: { nama: existing.nama.toUpperCase(), jenis: "Biro" } }),
      409,
      m.namaTaken(existing.nama.toUpperCase()),
    );
    await expectError(
      await send(admin, "PUT", `/api/v1/unit-kerja/${other.id}`, { json: { nama: existing.nama, jenis: "Biro" } }),
      409,
      m.namaTaken(existing.nama),
    );
    const cases: [string, unknown, string][] = [
      ["missing nama", { jenis: "Biro" }, m.validation.namaRequired],
      ["blank jenis", { nama: unique("Unit"), jenis: "  " }, m.validation.jenisRequired],
      ["invalid email", { nama: unique("Unit"), jenis: "Biro", email: "bukan" }, m.validation.emailInvalid],
      ["long nama", { nama: "x".repeat(151), jenis: "Biro" }, m.validation.namaMax],
    ];
    for (const [label, json, message] of cases) {
      await expectError(await send(admin, "POST", "/api/v1/unit-kerja", { json }), 400, message, label);
    }
    await expectError(await send(admin, "POST", "/api/v1/unit-kerja", { raw: "{nama:" }), 400, apiText.invalidJson);
    await expectError(await send(admin, "PUT", `/api/v1/unit-kerja/${other.id}`, { raw: "[]" }), 400, apiText.invalidJson);
    expect(await unitCount()).toBe(count);
    expect(await auditFor(other.id)).toHaveLength(0);
    for (const id of ["999999999", "abc", "0", "1e3"]) {
      await expectError(await send(admin, "GET", `/api/v1/unit-kerja/${id}`), 404, unitKerjaForm.notFound, id);
      await expectError(await send(admin, "DELETE", `/api/v1/unit-kerja/${id}`), 404, unitKerjaForm.notFound, id);
    }
  });

  it("GET /options lists every unit as { id, nama } for the user form", async () => {
    const unit = await createUnitKerja();
    const options = await expectJson<{ id: number; nama: string }[]>(await send(admin, "GET", "/api/v1/unit-kerja/options"), 200);
    expect(options).toContainEqual({ id: unit.id, nama: unit.nama });
    expect(options.length).toBe(await unitCount());
  });

  it("DELETE answers { success: true, message } with the SPEC text and audits", async () => {
    const unit = await createUnitKerja();
    const body = await expectJson<{ success: boolean; message: string }>(await send(admin, "DELETE", `/api/v1/unit-kerja/${unit.id}`), 200);
    expect(body).toStrictEqual({ success: true, message: "Unit kerja berhasil dihapus!" });
    expect(await testEnv.DB.prepare("SELECT id FROM unit_kerja WHERE id = ?").bind(unit.id).first()).toBeNull();
    expect((await auditFor(unit.id)).map((row) => row.action)).toEqual(["UNIT_KERJA_DELETE"]);
  });

  it("refuses to delete a unit still used by users or documents (409 naming both counts), writes nothing", async () => {
    const auditBefore = (await testEnv.DB.prepare("SELECT MAX(id) AS id FROM audit_logs").first<{ id: number }>())!.id;
    const withUsers = await createUnitKerja();
    await createUser({ role: "Satuan Kerja", unitKerjaId: withUsers.id });
    await createUser({ role: "Satuan Kerja", unitKerjaId: withUsers.id });
    await expectError(await send(admin, "DELETE", `/api/v1/unit-kerja/${withUsers.id}`), 409, m.inUse(withUsers.nama, 2, 0));

    // Documents keep their unit even after the uploader moved elsewhere.
    const withDocuments = await createUnitKerja();
    const elsewhere = await createUnitKerja();
    const uploader = await createUser({ role: "Satuan Kerja", unitKerjaId: elsewhere.id });
    await createArchive({ uploaderId: uploader.id, categoryId: (await createCategory()).id, unitKerjaId: withDocuments.id });
    await expectError(await send(admin, "DELETE", `/api/v1/unit-kerja/${withDocuments.id}`), 409, m.inUse(withDocuments.nama, 0, 1));

    for (const unit of [withUsers, withDocuments]) {
      expect(await testEnv.DB.prepare("SELECT id FROM unit_kerja WHERE id = ?").bind(unit.id).first()).not.toBeNull();
    }
    expect((await testEnv.DB.prepare("SELECT MAX(id) AS id FROM audit_logs").first<{ id: number }>())!.id).toBe(auditBefore);
    // The database itself refuses, whoever writes (a racing request included).
    await expect(testEnv.DB.prepare("DELETE FROM unit_kerja WHERE id = ?").bind(withUsers.id).run()).rejects.toThrow(/UNIT_KERJA_IN_USE/);
  });
});
