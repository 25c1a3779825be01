import { describe, expect, it } from "vitest";
import { ACCESS_REQUEST_LIST_DEFAULTS, AccessRequestListQuerySchema, RequestAccessSchema, RespondSchema, rowActionOf, statusTone } from "~/domain/access-requests";
import { listDefaults, parseListParams } from "~/domain/list-query";
import { fileNameOf } from "~/lib/content-disposition";
import { accessRequestScope, can, type Actor } from "~/domain/policy";
import { ROLES } from "~/domain/roles";

const admin: Actor = { userId: 1, role: ROLES.superAdmin, unitKerjaId: null };
const ftStaff: Actor = { userId: 2, role: ROLES.satuanKerja, unitKerjaId: 10 };
const feStaff: Actor = { userId: 3, role: ROLES.satuanKerja, unitKerjaId: 20 };
const viewer: Actor = { userId: 4, role: ROLES.viewer, unitKerjaId: null };
const otherRole: Actor = { userId: 6, role: "Auditor", unitKerjaId: 10 };

describe("access-request policy", () => {
  it("scopes lists: admin all, Satuan Kerja own + own unit, other roles own only, Viewer and visitors nothing", () => {
    expect(accessRequestScope(admin)).toEqual({ all: true });
    expect(accessRequestScope(ftStaff)).toEqual({ all: false, requesterId: 2, unitKerjaId: 10 });
    expect(accessRequestScope(otherRole)).toEqual({ all: false, requesterId: 6, unitKerjaId: null });
    expect(accessRequestScope(viewer)).toBeNull();
    expect(accessRequestScope(null)).toBeNull();
  });

  it("views: requester, owning unit member, admin; nobody else", () => {
    const request = { requesterId: feStaff.userId, ownerUnitKerjaId: 10 };
    expect(can(feStaff, { type: "accessRequest.view", request })).toBe(true);
    expect(can(ftStaff, { type: "accessRequest.view", request })).toBe(true);
    expect(can(admin, { type: "accessRequest.view", request })).toBe(true);
    expect(can(otherRole, { type: "accessRequest.view", request })).toBe(false);
    expect(can(viewer, { type: "accessRequest.view", request: { ...request, requesterId: viewer.userId } })).toBe(false);
  });

  it("respond and revoke: owning unit's Satuan Kerja or admin; a unit-less request only admin", () => {
    for (const type of ["accessRequest.respond", "accessRequest.revoke"] as const) {
      expect(can(ftStaff, { type, ownerUnitKerjaId: 10 })).toBe(true);
      expect(can(admin, { type, ownerUnitKerjaId: 10 })).toBe(true);
      expect(can(feStaff, { type, ownerUnitKerjaId: 10 })).toBe(false);
      expect(can(otherRole, { type, ownerUnitKerjaId: 10 })).toBe(false);
      expect(can(ftStaff, { type, ownerUnitKerjaId: null })).toBe(false);
      expect(can(admin, { type, ownerUnitKerjaId: null })).toBe(true);
    }
  });
});

describe("access-request schemas and row rules", () => {
  it("trims messages and refuses blank ones with the product text", () => {
    expect(RequestAccessSchema.parse({ requestMessage: "  riset  " })).toEqual({ requestMessage: "riset" });
    expect(RequestAccessSchema.safeParse({ requestMessage: " " }).error?.issues[0]?.message).toBe("Pesan request tidak boleh kosong.");
    expect(RespondSchema.safeParse({ action: "accept", responseMessage: "" }).error?.issues[0]?.message).toBe("Pesan respon tidak boleh kosong.");
  });

  it("list query falls back to defaults", () => {
    const query = parseListParams(AccessRequestListQuerySchema, new URLSearchParams("sort=x&size=3&status=NOPE&box=received"));
    expect(query).toMatchObject({ sort: "createdAt", dir: "desc", size: 10, page: 1, status: undefined, box: "received" });
    expect(parseListParams(AccessRequestListQuerySchema, new URLSearchParams("owner=none")).owner).toBe("none");
  });

  it("row actions and badge tones follow the product rules, for the side the viewer is on", () => {
    const requester = { isRequester: true } as const;
    const owner = { isRequester: false } as const;
    expect(rowActionOf({ status: "APPROVED", canDownload: true, canRespond: false, ...requester })).toBe("download");
    expect(rowActionOf({ status: "APPROVED", canDownload: false, canRespond: false, ...requester })).toBe("waitingToken");
    // The owner who approved is not waiting for a token: their row offers 'Cabut' and the count instead.
    expect(rowActionOf({ status: "APPROVED", canDownload: false, canRespond: false, ...owner })).toBe("none");
    expect(rowActionOf({ status: "PENDING", canDownload: false, canRespond: true, ...owner })).toBe("respond");
    expect(rowActionOf({ status: "PENDING", canDownload: false, canRespond: false, ...requester })).toBe("waiting");
    expect(rowActionOf({ status: "REJECTED", canDownload: false, canRespond: false, ...requester })).toBe("rejected");
    expect(rowActionOf({ status: "REVOKED", canDownload: false, canRespond: false, ...requester })).toBe("none");
    expect(["PENDING", "APPROVED", "REJECTED", "EXPIRED", "REVOKED"].map(statusTone)).toEqual(["yellow", "green", "red", "grey", "grey"]);
  });
});

describe("the list page's zod-free pieces", () => {
  it("ACCESS_REQUEST_LIST_DEFAULTS are the schema's query of an empty URL (links leave them out)", () => {
    expect(listDefaults(AccessRequestListQuerySchema)).toEqual(ACCESS_REQUEST_LIST_DEFAULTS);
  });

  it("fileNameOf reads RFC 6266 names: filename* first, then filename, then the fallback", () => {
    expect(fileNameOf(`attachment; filename="Laporan _.pdf"; filename*=UTF-8''Laporan%20%C3%A9.pdf`, "x")).toBe("Laporan é.pdf");
    expect(fileNameOf(`attachment; filename="Laporan.pdf"`, "x")).toBe("Laporan.pdf");
    expect(fileNameOf(`attachment; filename*=UTF-8''%E0%A4%A`, "x")).toBe("x");
    expect(fileNameOf(null, "Judul")).toBe("Judul");
  });
});
