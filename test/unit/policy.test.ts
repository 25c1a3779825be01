import { describe, expect, it } from "vitest";
import { ForbiddenError } from "~/domain/errors";
import { assertCan, can, type Actor, type DocumentRef } from "~/domain/policy";
import { ROLES } from "~/domain/roles";

const admin: Actor = { userId: 1, role: ROLES.superAdmin, unitKerjaId: null };
const ftStaff: Actor = { userId: 2, role: ROLES.satuanKerja, unitKerjaId: 10 };
const ftColleague: Actor = { userId: 5, role: ROLES.satuanKerja, unitKerjaId: 10 };
const feStaff: Actor = { userId: 3, role: ROLES.satuanKerja, unitKerjaId: 20 };
const viewer: Actor = { userId: 4, role: ROLES.viewer, unitKerjaId: null };
const otherRole: Actor = { userId: 6, role: "Auditor", unitKerjaId: null };

const doc = (accessLevel: DocumentRef["accessLevel"]): DocumentRef => ({ uploaderId: ftStaff.userId, unitKerjaId: 10, accessLevel });

describe("can", () => {
  it("lets Super Admin and Satuan Kerja create documents, not Viewer or visitors", () => {
    expect(can(admin, { type: "document.create" })).toBe(true);
    expect(can(ftStaff, { type: "document.create" })).toBe(true);
    expect(can(viewer, { type: "document.create" })).toBe(false);
    expect(can(null, { type: "document.create" })).toBe(false);
  });

  it("lets only Super Admin or the uploader edit and delete", () => {
    for (const type of ["document.edit", "document.delete"] as const) {
      expect(can(admin, { type, document: doc("PRIVATE") })).toBe(true);
      expect(can(ftStaff, { type, document: doc("PRIVATE") })).toBe(true);
      expect(can(ftColleague, { type, document: doc("PRIVATE") })).toBe(false);
      expect(can(feStaff, { type, document: doc("PUBLIC") })).toBe(false);
      expect(can(viewer, { type, document: doc("PUBLIC") })).toBe(false);
      expect(can(null, { type, document: doc("PUBLIC") })).toBe(false);
    }
  });

  it("opens PUBLIC files to everyone and non-public files to admin and the owning unit only", () => {
    for (const actor of [admin, ftStaff, feStaff, viewer, otherRole, null]) {
      expect(can(actor, { type: "document.openFile", document: doc("PUBLIC") })).toBe(true);
    }
    expect(can(admin, { type: "document.openFile", document: doc("PRIVATE") })).toBe(true);
    expect(can(ftStaff, { type: "document.openFile", document: doc("PRIVATE") })).toBe(true);
    expect(can(ftColleague, { type: "document.openFile", document: doc("PRIVATE") })).toBe(true);
    expect(can(feStaff, { type: "document.openFile", document: doc("PRIVATE") })).toBe(false);
    expect(can(viewer, { type: "document.openFile", document: doc("PRIVATE") })).toBe(false);
    expect(can(null, { type: "document.openFile", document: doc("PRIVATE") })).toBe(false);
  });

  it("offers Request Document only to non-owner, non-Viewer, non-admin users on non-public documents", () => {
    expect(can(feStaff, { type: "document.requestAccess", document: doc("PRIVATE") })).toBe(true);
    expect(can(otherRole, { type: "document.requestAccess", document: doc("PRIVATE") })).toBe(true);
    expect(can(feStaff, { type: "document.requestAccess", document: doc("PUBLIC") })).toBe(false);
    expect(can(ftStaff, { type: "document.requestAccess", document: doc("PRIVATE") })).toBe(false);
    expect(can(admin, { type: "document.requestAccess", document: doc("PRIVATE") })).toBe(false);
    expect(can(viewer, { type: "document.requestAccess", document: doc("PRIVATE") })).toBe(false);
  });

  it("shows the Access Request menu to every role except Viewer and Super Admin", () => {
    expect(can(ftStaff, { type: "accessRequest.menu" })).toBe(true);
    expect(can(otherRole, { type: "accessRequest.menu" })).toBe(true);
    expect(can(viewer, { type: "accessRequest.menu" })).toBe(false);
    expect(can(admin, { type: "accessRequest.menu" })).toBe(false);
  });

  it("lets the owning unit (and admin) respond to access requests", () => {
    expect(can(ftColleague, { type: "accessRequest.respond", ownerUnitKerjaId: 10 })).toBe(true);
    expect(can(admin, { type: "accessRequest.respond", ownerUnitKerjaId: 10 })).toBe(true);
    expect(can(feStaff, { type: "accessRequest.respond", ownerUnitKerjaId: 10 })).toBe(false);
    expect(can(viewer, { type: "accessRequest.respond", ownerUnitKerjaId: null })).toBe(false);
    expect(can(ftStaff, { type: "accessRequest.respond", ownerUnitKerjaId: null })).toBe(false);
  });

  it("keeps the audit log, users, work units and the Master menu for Super Admin", () => {
    for (const type of ["auditLog.read", "users.manage", "unitKerja.manage", "master.menu"] as const) {
      expect(can(admin, { type })).toBe(true);
      expect(can(ftStaff, { type })).toBe(false);
      expect(can(viewer, { type })).toBe(false);
      expect(can(null, { type })).toBe(false);
    }
  });
});

describe("assertCan", () => {
  it("throws ForbiddenError with the given message when refused", () => {
    expect(() => assertCan(viewer, { type: "auditLog.read" }, "Tidak boleh")).toThrow(new ForbiddenError("Tidak boleh"));
    expect(() => assertCan(admin, { type: "auditLog.read" }, "Tidak boleh")).not.toThrow();
  });
});
