import { describe, expect, it } from "vitest";
import { can, type Actor } from "~/domain/policy";
import { ROLES } from "~/domain/roles";

const admin: Actor = { userId: 1, role: ROLES.superAdmin, unitKerjaId: null };
const staff: Actor = { userId: 2, role: ROLES.satuanKerja, unitKerjaId: 10 };
const viewer: Actor = { userId: 3, role: ROLES.viewer, unitKerjaId: null };

describe("policy: retention (Penahanan, Dinilai Kembali, the refresh, a start before the year)", () => {
  const table: [label: string, actor: Actor | null, hold: boolean, reappraise: boolean, refresh: boolean][] = [
    ["Super Admin", admin, true, true, true],
    ["Satuan Kerja", staff, false, false, false],
    ["Viewer", viewer, false, false, false],
    ["visitor", null, false, false, false],
    ["the retention job", { system: "retention" }, false, false, true],
    ["the maintenance job", { system: "maintenance" }, false, false, false],
  ];
  it.each(table)("%s", (_label, actor, hold, reappraise, refresh) => {
    expect(can(actor, { type: "retention.hold" })).toBe(hold);
    expect(can(actor, { type: "retention.reappraise" })).toBe(reappraise);
    expect(can(actor, { type: "retention.refresh" })).toBe(refresh);
    // Moving a start before the document's year goes with holding and reappraising: Super Admin's.
    expect(can(actor, { type: "retention.startBeforeYear" })).toBe(hold);
  });
  it("the retention job may do nothing else", () => {
    expect(can({ system: "retention" }, { type: "trash.purge" })).toBe(false);
    expect(can({ system: "retention" }, { type: "auditLog.verify" })).toBe(false);
  });
});
