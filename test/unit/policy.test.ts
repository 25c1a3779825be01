import { describe, expect, it } from "vitest";
import { ForbiddenError } from "~/domain/errors";
import { assertCan, can, disposalScope, type Actor, type DocumentRef } from "~/domain/policy";
import { ROLES } from "~/domain/roles";
import { SECURITY_CLASSES, accessLevelOf, type SecurityClass } from "~/domain/security-classes";

const admin: Actor = { userId: 1, role: ROLES.superAdmin, unitKerjaId: null };
const ftStaff: Actor = { userId: 2, role: ROLES.satuanKerja, unitKerjaId: 10 };
const ftColleague: Actor = { userId: 5, role: ROLES.satuanKerja, unitKerjaId: 10 };
const feStaff: Actor = { userId: 3, role: ROLES.satuanKerja, unitKerjaId: 20 };
const viewer: Actor = { userId: 4, role: ROLES.viewer, unitKerjaId: null };
const otherRole: Actor = { userId: 6, role: "Auditor", unitKerjaId: null };

const doc = (accessLevel: DocumentRef["accessLevel"]): DocumentRef => ({
  uploaderId: ftStaff.userId,
  unitKerjaId: 10,
  accessLevel,
  securityClass: accessLevel === "PUBLIC" ? "BIASA" : "TERBATAS",
});

describe("can", () => {
  it("lets every signed-in user make and revoke their own API tokens, Super Admin everyone's, never through a token", () => {
    for (const actor of [admin, ftStaff, viewer, otherRole]) {
      expect(can(actor, { type: "apiToken.create" })).toBe(true);
      expect(can(actor, { type: "apiToken.revoke", ownerId: (actor as { userId: number }).userId })).toBe(true);
    }
    expect(can(ftStaff, { type: "apiToken.revoke", ownerId: viewer.userId })).toBe(false);
    expect(can(admin, { type: "apiToken.revoke", ownerId: viewer.userId })).toBe(true);
    expect(can(admin, { type: "apiToken.listAll" })).toBe(true);
    expect(can(ftStaff, { type: "apiToken.listAll" })).toBe(false);
    expect(can(null, { type: "apiToken.create" })).toBe(false);
    const viaToken: Actor = { ...admin, apiToken: { uuid: "t", scope: "read_write" } };
    for (const action of [{ type: "apiToken.create" }, { type: "apiToken.revoke", ownerId: admin.userId }, { type: "apiToken.listAll" }] as const) {
      expect(can(viaToken, action)).toBe(false);
    }
    // Otherwise a token acts as its owner.
    expect(can(viaToken, { type: "users.manage" })).toBe(true);
  });

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

  it("lets Super Admin and the fixity job check stored files, and only Super Admin read the findings", () => {
    expect(can(admin, { type: "fixity.check" })).toBe(true);
    expect(can(admin, { type: "fixity.report" })).toBe(true);
    expect(can({ system: "fixity" }, { type: "fixity.check" })).toBe(true);
    expect(can({ system: "fixity" }, { type: "fixity.report" })).toBe(false);
    expect(can({ system: "maintenance" }, { type: "fixity.check" })).toBe(false);
    for (const actor of [ftStaff, viewer, otherRole, null]) {
      expect(can(actor, { type: "fixity.check" })).toBe(false);
      expect(can(actor, { type: "fixity.report" })).toBe(false);
    }
  });

  it("lets who may edit a document (and Super Admin) re-queue its text, the text job extract, enqueue and re-stem, and only Super Admin filter by text status", () => {
    const reindex = (actor: Actor | null, level: DocumentRef["accessLevel"] = "PRIVATE") => can(actor, { type: "document.reindex", document: doc(level) });
    expect(reindex(ftStaff)).toBe(true);
    expect(reindex(admin)).toBe(true);
    for (const actor of [ftColleague, feStaff, viewer, otherRole, null]) expect(reindex(actor, "PUBLIC")).toBe(false);
    expect(can({ system: "text-extraction" }, { type: "text.extract" })).toBe(true);
    expect(can({ system: "text-extraction" }, { type: "text.enqueue" })).toBe(true);
    expect(can({ system: "text-extraction" }, { type: "search.restem" })).toBe(true);
    expect(can({ system: "maintenance" }, { type: "search.restem" })).toBe(false);
    expect(can({ system: "text-extraction" }, { type: "document.reindex", document: doc("PUBLIC") })).toBe(false);
    expect(can({ system: "maintenance" }, { type: "text.extract" })).toBe(false);
    for (const actor of [admin, ftStaff, viewer, null]) {
      expect(can(actor, { type: "text.extract" })).toBe(false);
      expect(can(actor, { type: "text.enqueue" })).toBe(false);
      expect(can(actor, { type: "search.restem" })).toBe(false);
    }
    expect(can(admin, { type: "text.statusFilter" })).toBe(true);
    for (const actor of [ftStaff, viewer, otherRole, null]) expect(can(actor, { type: "text.statusFilter" })).toBe(false);
  });
});

describe("beritaAcara.download", () => {
  const download = (itemUnitKerjaIds: (number | null)[]) => ({ type: "beritaAcara.download", itemUnitKerjaIds }) as const;
  const maintenance: Actor = { system: "maintenance" };
  // [who, the units of the list's items, may download]
  const table: [string, Actor | null, (number | null)[], boolean][] = [
    ["Super Admin, any list", admin, [10, 20, null], true],
    ["Super Admin, a list of no unit", admin, [null], true],
    ["Satuan Kerja, every item its unit's", ftStaff, [10, 10], true],
    ["Satuan Kerja colleague, every item its unit's", ftColleague, [10], true],
    ["Satuan Kerja, one item of another unit (its title is in the PDF)", ftStaff, [10, 20], false],
    ["Satuan Kerja, an item of no unit", ftStaff, [10, null], false],
    ["Satuan Kerja, another unit's list", feStaff, [10], false],
    ["Satuan Kerja, an empty list", ftStaff, [], false],
    ["Viewer", viewer, [10], false],
    ["another role", otherRole, [10], false],
    ["visitor", null, [10], false],
    ["a job", maintenance, [10], false],
  ];
  it.each(table)("%s", (_label, actor, units, allowed) => {
    expect(can(actor, download(units))).toBe(allowed);
  });
});

describe("security classes (SKKAAD) × roles × actions", () => {
  const jobs = { maintenance: { system: "maintenance" } } as const;
  // Everyone the table looks at: the document's uploader, a colleague of its unit, another unit,
  // a Viewer, Super Admin, a role the SPEC does not name, a visitor.
  const people = { uploader: ftStaff, colleague: ftColleague, otherUnit: feStaff, viewer, admin, otherRole, visitor: null } as const;
  type Person = keyof typeof people;
  const Y = true;
  const N = false;
  type Row = Record<"view" | "openFile" | "preview" | "requestAccess", Record<Person, boolean>>;
  const row = (uploader: boolean, colleague: boolean, otherUnit: boolean, viewerMay: boolean, adminMay: boolean, other: boolean, visitor: boolean) => ({
    uploader,
    colleague,
    otherUnit,
    viewer: viewerMay,
    admin: adminMay,
    otherRole: other,
    visitor,
  });
  // "count in statistics" is `document.view`: the counts and every list sum what a reader may view.
  const TABLE: Record<SecurityClass, Row> = {
    BIASA: {
      view: row(Y, Y, Y, Y, Y, Y, Y),
      openFile: row(Y, Y, Y, Y, Y, Y, Y),
      preview: row(Y, Y, Y, Y, Y, Y, Y),
      requestAccess: row(N, N, N, N, N, N, N),
    },
    TERBATAS: {
      view: row(Y, Y, Y, Y, Y, Y, N),
      openFile: row(Y, Y, N, N, Y, N, N),
      preview: row(Y, Y, N, N, Y, N, N),
      requestAccess: row(N, N, Y, N, N, Y, N),
    },
    RAHASIA: {
      view: row(Y, Y, Y, Y, Y, Y, N),
      openFile: row(Y, Y, N, N, Y, N, N),
      preview: row(N, N, N, N, N, N, N),
      requestAccess: row(N, N, Y, N, N, Y, N),
    },
    SANGAT_RAHASIA: {
      view: row(Y, Y, N, N, Y, N, N),
      openFile: row(Y, Y, N, N, Y, N, N),
      preview: row(N, N, N, N, N, N, N),
      requestAccess: row(N, N, N, N, N, N, N),
    },
  };
  for (const securityClass of SECURITY_CLASSES) {
    const document: DocumentRef = { uploaderId: ftStaff.userId, unitKerjaId: 10, accessLevel: accessLevelOf(securityClass), securityClass };
    for (const action of ["view", "openFile", "preview", "requestAccess"] as const) {
      it(`${securityClass}: document.${action}`, () => {
        const got = Object.fromEntries(Object.entries(people).map(([name, actor]) => [name, can(actor, { type: `document.${action}`, document })]));
        expect(got).toEqual(TABLE[securityClass][action]);
      });
    }
    it(`${securityClass}: respond stays with the owning unit and Super Admin; a job may do none of it`, () => {
      expect(can(ftColleague, { type: "accessRequest.respond", ownerUnitKerjaId: 10 })).toBe(true);
      expect(can(feStaff, { type: "accessRequest.respond", ownerUnitKerjaId: 10 })).toBe(false);
      for (const type of ["document.view", "document.openFile", "document.edit"] as const) {
        expect(can(jobs.maintenance, { type, document })).toBe(false);
      }
    });
  }
  it("a SANGAT_RAHASIA document of no unit is Super Admin's alone; its uploader cannot even edit it blind", () => {
    const orphan: DocumentRef = { uploaderId: ftStaff.userId, unitKerjaId: null, accessLevel: "PRIVATE", securityClass: "SANGAT_RAHASIA" };
    expect(can(admin, { type: "document.view", document: orphan })).toBe(true);
    expect(can(ftStaff, { type: "document.view", document: orphan })).toBe(false);
    expect(can(ftStaff, { type: "document.edit", document: orphan })).toBe(false);
  });
});

describe("penyusutan (disposal)", () => {
  const readToken: Actor = { ...admin, apiToken: { uuid: "t", scope: "read" } };
  const writeToken: Actor = { ...admin, apiToken: { uuid: "t", scope: "read_write" } };
  const cases: [name: string, actor: Actor | null, view: boolean, manage: boolean, scope: ReturnType<typeof disposalScope>][] = [
    ["Super Admin", admin, true, true, { all: true }],
    ["Super Admin, read-only token", readToken, true, false, { all: true }],
    ["Super Admin, read-write token", writeToken, true, true, { all: true }],
    ["Satuan Kerja (own unit, read-only)", ftStaff, true, false, { all: false, unitKerjaId: 10 }],
    ["Viewer", viewer, false, false, null],
    ["another role", otherRole, false, false, null],
    ["visitor", null, false, false, null],
    ["a job", { system: "maintenance" }, false, false, null],
  ];
  it.each(cases)("%s", (_name, actor, view, manage, scope) => {
    expect(can(actor, { type: "disposal.view" })).toBe(view);
    expect(can(actor, { type: "disposal.manage" })).toBe(manage);
    expect(disposalScope(actor)).toEqual(scope);
  });

  it("a Statis (handed-over) document is read-only for everyone, still readable", () => {
    const statis: DocumentRef = { ...doc("PRIVATE"), archivalState: "STATIS" };
    for (const actor of [admin, ftStaff, ftColleague]) {
      for (const type of ["document.edit", "document.delete", "document.restoreVersion"] as const) expect(can(actor, { type, document: statis })).toBe(false);
    }
    expect(can(admin, { type: "document.edit", document: doc("PRIVATE") })).toBe(true);
    expect(can(admin, { type: "document.view", document: statis })).toBe(true);
    expect(can(ftStaff, { type: "document.openFile", document: statis })).toBe(true);
  });
});

describe("berkas, pemindahan, EAD and arsip vital", () => {
  const centreStaff: Actor = { userId: 7, role: ROLES.satuanKerja, unitKerjaId: 30 };
  const readToken: Actor = { ...ftStaff, apiToken: { uuid: "t", scope: "read" } };
  const atUnit = { unitKerjaId: 10, custodyUnitId: null };
  const moved = { unitKerjaId: 10, custodyUnitId: 30 };

  it("a berkas is seen by its unit, the records centre holding it and Super Admin; changed by its unit while there, then by the centre", () => {
    for (const actor of [admin, ftStaff, ftColleague]) expect(can(actor, { type: "berkas.view", berkas: atUnit })).toBe(true);
    for (const actor of [feStaff, viewer, centreStaff, null]) expect(can(actor, { type: "berkas.view", berkas: atUnit })).toBe(false);
    expect(can(centreStaff, { type: "berkas.view", berkas: moved })).toBe(true);
    expect(can(ftStaff, { type: "berkas.view", berkas: moved })).toBe(true);
    expect(can(ftStaff, { type: "berkas.manage", berkas: atUnit })).toBe(true);
    expect(can(ftStaff, { type: "berkas.manage", berkas: moved })).toBe(false);
    expect(can(centreStaff, { type: "berkas.manage", berkas: moved })).toBe(true);
    expect(can(admin, { type: "berkas.manage", berkas: moved })).toBe(true);
    expect(can(readToken, { type: "berkas.manage", berkas: atUnit })).toBe(false);
    expect(can(viewer, { type: "berkas.list" })).toBe(false);
    expect(can(ftStaff, { type: "berkas.list" })).toBe(true);
    expect(can(ftStaff, { type: "berkas.allUnits" })).toBe(false);
  });

  it("a unit proposes its own berkas; the records centre (or Super Admin) decides", () => {
    expect(can(ftStaff, { type: "transfer.propose", unitKerjaId: 10 })).toBe(true);
    expect(can(feStaff, { type: "transfer.propose", unitKerjaId: 10 })).toBe(false);
    expect(can(centreStaff, { type: "transfer.decide", recordsCentreId: 30 })).toBe(true);
    expect(can(ftStaff, { type: "transfer.decide", recordsCentreId: 30 })).toBe(false);
    expect(can(admin, { type: "transfer.decide", recordsCentreId: null })).toBe(true);
    expect(can(centreStaff, { type: "transfer.decide", recordsCentreId: null })).toBe(false);
  });

  it("a moved document: its unit keeps reading and opening it, the records centre opens it (not SANGAT_RAHASIA), only Super Admin changes it", () => {
    const document: DocumentRef = { ...doc("PRIVATE"), custodyUnitId: 30 };
    expect(can(ftStaff, { type: "document.openFile", document })).toBe(true);
    expect(can(centreStaff, { type: "document.openFile", document })).toBe(true);
    expect(can(feStaff, { type: "document.openFile", document })).toBe(false);
    expect(can(centreStaff, { type: "document.openFile", document: { ...document, securityClass: "SANGAT_RAHASIA" } })).toBe(false);
    for (const type of ["document.edit", "document.delete", "document.restoreVersion"] as const) {
      expect(can(ftStaff, { type, document })).toBe(false);
      expect(can(centreStaff, { type, document })).toBe(false);
      expect(can(admin, { type, document })).toBe(true);
    }
  });

  it("EAD export and arsip vital are Super Admin's (a read-only token flags nothing)", () => {
    for (const type of ["ead.export", "vital.manage", "vital.overview"] as const) {
      expect(can(admin, { type })).toBe(true);
      for (const actor of [ftStaff, viewer, null, { system: "fixity" } as Actor]) expect(can(actor, { type })).toBe(false);
    }
    expect(can({ ...admin, apiToken: { uuid: "t", scope: "read" } }, { type: "vital.manage" })).toBe(false);
  });
});

describe("assertCan", () => {
  it("throws ForbiddenError with the given message when refused", () => {
    expect(() => assertCan(viewer, { type: "auditLog.read" }, "Tidak boleh")).toThrow(new ForbiddenError("Tidak boleh"));
    expect(() => assertCan(admin, { type: "auditLog.read" }, "Tidak boleh")).not.toThrow();
  });
});
