import { describe, expect, it } from "vitest";
import { AuditLogQuerySchema, jakartaDayEnd, jakartaDayStart } from "~/domain/audit-log";
import { keysetHref } from "~/components/list/list-href";
import { parseListParams } from "~/domain/list-query";
import { UnitKerjaListQuerySchema, UnitKerjaSchema } from "~/domain/unit-kerja";
import { UserCreateSchema, UserListQuerySchema, UserUpdateSchema } from "~/domain/users";
import { unitKerja as unitKerjaText, unitKerjaMessages } from "~/i18n/unit-kerja";
import { userForm } from "~/i18n/user-form";
import { userMessages } from "~/i18n/users";
import { auditLog as auditLogText } from "~/i18n/audit-log";

const v = userMessages.validation;
const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

describe("UserCreateSchema", () => {
  const valid = { fullName: " Budi ", username: "budi.s", password: "rahasia-1", email: "" };

  it("defaults the role to Viewer, trims, and treats a blank e-mail as none", () => {
    expect(UserCreateSchema.parse(valid)).toEqual({ fullName: "Budi", username: "budi.s", password: "rahasia-1", roleName: "Viewer" });
    expect(UserCreateSchema.parse({ ...valid, roleName: "" }).roleName).toBe("Viewer");
  });

  it("requires a unit for Satuan Kerja only, as a decimal integer", () => {
    expect(messages(UserCreateSchema.safeParse({ ...valid, roleName: "Satuan Kerja" }))).toEqual({ unitKerjaId: v.unitKerjaRequired });
    expect(UserCreateSchema.parse({ ...valid, roleName: "Satuan Kerja", unitKerjaId: "7" }).unitKerjaId).toBe(7);
    expect(messages(UserCreateSchema.safeParse({ ...valid, roleName: "Satuan Kerja", unitKerjaId: "0x7" }))).toEqual({ unitKerjaId: v.unitKerjaInvalid });
  });

  it("reports every field at once with the catalogue's texts", () => {
    expect(messages(UserCreateSchema.safeParse({ email: "x@", roleName: "Admin" }))).toEqual({
      fullName: v.fullNameRequired,
      username: v.usernameRequired,
      password: v.passwordRequired,
      email: v.emailInvalid,
      roleName: v.roleInvalid,
    });
  });
});

describe("UserUpdateSchema", () => {
  it("drops empty fields: a blank password means 'keep it' ('Kosongkan jika tidak ingin mengubah')", () => {
    expect(UserUpdateSchema.parse({ fullName: "", username: " ", email: "", password: "", roleName: "", unitKerjaId: "" })).toEqual({});
    expect(UserUpdateSchema.parse({ password: "sandi-baru-1", unitKerjaId: "3" })).toEqual({ password: "sandi-baru-1", unitKerjaId: 3 });
    expect(messages(UserUpdateSchema.safeParse({ password: "pendek" }))).toEqual({ password: v.passwordMin });
    expect(userForm.passwordHint).toBe("Kosongkan jika tidak ingin mengubah");
  });
});

describe("UnitKerjaSchema", () => {
  it("requires nama and jenis; e-mail and official are optional", () => {
    expect(UnitKerjaSchema.parse({ nama: " FT ", jenis: "Fakultas", email: "", namaPejabat: "" })).toEqual({ nama: "FT", jenis: "Fakultas" });
    expect(messages(UnitKerjaSchema.safeParse({ email: "no" }))).toEqual({
      nama: unitKerjaMessages.validation.namaRequired,
      jenis: unitKerjaMessages.validation.jenisRequired,
      email: unitKerjaMessages.validation.emailInvalid,
    });
  });

  it("the SPEC delete dialog text", () => {
    expect(unitKerjaText.deleteConfirm("Fakultas Teknik")).toBe(
      'Apakah Anda yakin ingin menghapus unit kerja "Fakultas Teknik"? Tindakan ini tidak dapat dibatalkan.',
    );
  });
});

describe("list queries", () => {
  it("users and work units sort by updatedAt, newest first, by default", () => {
    for (const schema of [UserListQuerySchema, UnitKerjaListQuerySchema]) {
      expect(parseListParams(schema, new URLSearchParams())).toMatchObject({ sort: "updatedAt", dir: "desc", page: 1, size: 10 });
    }
  });

  it("the audit log reads known actions, dates and cursors; anything else falls back", () => {
    expect(parseListParams(AuditLogQuerySchema, new URLSearchParams("action=USER_DELETE&actor=%20admin%20&from=2026-11-01&to=2026-11-22&before=99"))).toMatchObject({
      action: "USER_DELETE",
      actor: "admin",
      from: "2026-11-01",
      to: "2026-11-22",
      before: 99,
    });
    expect(parseListParams(AuditLogQuerySchema, new URLSearchParams("action=HACK&actor=&from=22-11-2026&before=x&after=0"))).toMatchObject({
      action: undefined,
      actor: undefined,
      from: undefined,
      before: undefined,
      after: undefined,
    });
  });

  it("Jakarta days map to UTC instants (UTC+7, no daylight saving)", () => {
    expect(jakartaDayStart("2026-11-22")).toBe("2026-11-21T17:00:00.000Z");
    expect(jakartaDayEnd("2026-11-22")).toBe("2026-11-22T17:00:00.000Z");
    expect(jakartaDayEnd("2026-12-31")).toBe("2026-12-31T17:00:00.000Z");
  });

  it("keyset links keep the filters and swap the cursor", () => {
    const current = new URLSearchParams("action=LOGIN&before=50&page=2");
    expect(keysetHref("/app/audit-logs", current, { before: 20 })).toBe("/app/audit-logs?action=LOGIN&before=20");
    expect(keysetHref("/app/audit-logs", current, { after: 70 })).toBe("/app/audit-logs?action=LOGIN&after=70");
  });
});

describe("audit action labels", () => {
  it("every filterable action has an Indonesian label", async () => {
    const { AUDIT_ACTIONS } = await import("~/domain/audit-log");
    expect(Object.keys(auditLogText.actionLabels).sort()).toEqual([...AUDIT_ACTIONS].sort());
  });
});
