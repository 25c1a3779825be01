import { describe, expect, it } from "vitest";
import { LoginSchema } from "~/domain/auth-schemas";
import { breadcrumbFromPath } from "~/lib/breadcrumb";
import { hashPassword, verifyPassword, PASSWORD_ITERATIONS } from "~/server/auth/password.server";

describe("breadcrumbFromPath", () => {
  it("turns hyphens into spaces and capitalises every word", () => {
    expect(breadcrumbFromPath("/app/manage-unit-kerja")).toEqual([
      { label: "Dashboard", href: "/app" },
      { label: "Manage Unit Kerja", href: "/app/manage-unit-kerja" },
    ]);
    expect(breadcrumbFromPath("/")).toEqual([]);
    expect(breadcrumbFromPath("/app/access-request/")).toEqual([
      { label: "Dashboard", href: "/app" },
      { label: "Access Request", href: "/app/access-request" },
    ]);
  });

  it("keeps a malformed percent-encoding raw instead of throwing", () => {
    expect(breadcrumbFromPath("/%ZZ")).toEqual([{ label: "%ZZ", href: "/%ZZ" }]);
    expect(breadcrumbFromPath("/laporan%20tahunan")).toEqual([{ label: "Laporan Tahunan", href: "/laporan%20tahunan" }]);
  });

  it("takes labels from route handles by href (a document's title for its uuid)", () => {
    const uuid = "c6aeec0f-3d02-4a32-9c1e-000000000000";
    expect(breadcrumbFromPath(`/app/documents/${uuid}/update`, { [`/app/documents/${uuid}`]: "Laporan Tahunan" }).map((crumb) => crumb.label)).toEqual([
      "Dashboard",
      "Documents",
      "Laporan Tahunan",
      "Update",
    ]);
  });

  it("never shows a uuid no handle named (a record not found): 'Detail'", () => {
    const uuid = "c6aeec0f-3d02-4a32-9c1e-000000000000";
    expect(breadcrumbFromPath(`/app/documents/${uuid}`).map((crumb) => crumb.label)).toEqual(["Dashboard", "Documents", "Detail"]);
    expect(breadcrumbFromPath(`/verifikasi/${uuid}`).map((crumb) => crumb.label)).toEqual(["Verifikasi", "Detail"]);
  });

  it("never shows a signed link's secret (a PPID confirmation link: uuid.signature)", () => {
    const token = "31c615a8-44e4-4857-8220-f06bdec53158.bdb4c1Zx_9-QwErTyUiOp";
    expect(breadcrumbFromPath(`/ppid/konfirmasi/${token}`).map((crumb) => crumb.label)).toEqual(["Ppid", "Konfirmasi", "Detail"]);
  });

  it("marks the crumbs route handles name as having no page (text, not a link)", () => {
    expect(breadcrumbFromPath("/app/klasifikasi/7/update", { "/app/klasifikasi/7": "PP.01" }, new Set(["/app/klasifikasi/7"]))).toEqual([
      { label: "Dashboard", href: "/app" },
      { label: "Klasifikasi", href: "/app/klasifikasi" },
      { label: "PP.01", href: "/app/klasifikasi/7", noPage: true },
      { label: "Update", href: "/app/klasifikasi/7/update" },
    ]);
  });
});

describe("LoginSchema", () => {
  it("rejects blank fields with the SPEC messages", () => {
    const result = LoginSchema.safeParse({ username: "   ", password: "  " });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Username tidak boleh kosong.",
      "Password tidak boleh kosong.",
    ]);
    expect(LoginSchema.safeParse({}).error?.issues.map((issue) => issue.message)).toEqual([
      "Username tidak boleh kosong.",
      "Password tidak boleh kosong.",
    ]);
  });

  it("trims the username but keeps the password as typed", () => {
    expect(LoginSchema.parse({ username: " admin ", password: " rahasia " })).toEqual({ username: "admin", password: " rahasia " });
  });
});

describe("password hashing", () => {
  it("verifies the right password only, with a per-user salt at the production iteration cap", async () => {
    const first = await hashPassword("arsip-demo-2026");
    const second = await hashPassword("arsip-demo-2026");
    expect(first.iterations).toBe(PASSWORD_ITERATIONS);
    expect(PASSWORD_ITERATIONS).toBeLessThanOrEqual(100_000);
    expect(first.salt).not.toBe(second.salt);
    expect(first.hash).not.toBe(second.hash);
    expect(await verifyPassword("arsip-demo-2026", first)).toBe(true);
    expect(await verifyPassword("arsip-demo-2027", first)).toBe(false);
  });
});

describe("DocumentMetadataSchema year", () => {
  const base = { categoryId: "1", title: "Judul dokumen", documentNumber: "1/A", keywords: "a", description: "b", accessLevel: "PRIVATE" };
  it("takes decimal digits only", async () => {
    const { DocumentMetadataSchema } = await import("~/domain/document-schemas");
    expect(DocumentMetadataSchema.parse({ ...base, year: " 2024 " }).year).toBe(2024);
    for (const year of ["2e3", "0x7E9", "2024.5", "dua ribu"]) {
      const result = DocumentMetadataSchema.safeParse({ ...base, year });
      expect(result.error?.issues.map((issue) => issue.message), year).toEqual(["Tahun harus berupa angka."]);
    }
    expect(DocumentMetadataSchema.safeParse({ ...base, year: "" }).error?.issues[0]?.message).toBe("Tahun wajib diisi.");
  });
});
