import { beforeAll, describe, expect, it, vi } from "vitest";
import type { TrashView } from "~/domain/records";
import { retentionHoldMessages } from "~/i18n/retention-hold";
import { accessWorld, ownerDocument, type AccessWorld } from "../support/worker/access-requests";
import { expectJson, send } from "../support/worker/admin";
import { archiveRow, auditRowsFor, expectError } from "../support/worker/documents";
import { testEnv } from "../support/worker/env";
import type { SignedIn } from "../support/worker/http";
import { createClassificationCode } from "../support/worker/factories";

/**
 * A hold means "keep as it is": a held record cannot be moved to the trash (the refusal names the
 * hold, its own or its code's), and a record that reached the trash held before this rule shows
 * its hold there, where Super Admin may release it.
 */

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let world: AccessWorld;
beforeAll(async () => {
  world = await accessWorld();
});

const hold = (uuid: string, reason: string) => send(world.admin.session, "POST", `/api/v1/archives/${uuid}/hold`, { json: { reason } });
const trash = (session: SignedIn, uuid: string) => send(session, "DELETE", `/api/v1/archives/${uuid}`);
const trashRow = async (session: SignedIn, uuid: string) =>
  (await expectJson<{ data: TrashView[] }>(await send(session, "GET", "/api/v1/trash?size=50"), 200)).data.find((row) => row.uuid === uuid);

describe("a held record is not moved to the trash", () => {
  it("refuses with a message naming the document's own hold, and writes nothing", async () => {
    const doc = await ownerDocument(world);
    await expectJson(await hold(doc.uuid, "Perkara PTUN 12/2026"), 200);
    for (const session of [world.owner.session, world.admin.session]) {
      await expectError(await trash(session, doc.uuid), 409, retentionHoldMessages.trashBlocked(doc.view.title, "Perkara PTUN 12/2026"));
    }
    expect((await archiveRow(doc.uuid))!.deleted_at).toBeNull();
    expect((await auditRowsFor(doc.uuid)).map((row) => row.action)).not.toContain("DOCUMENT_TRASH");
  });

  it("names the code when the hold is its code's", async () => {
    const code = `H${crypto.randomUUID().replace(/-/g, "").slice(0, 8).toUpperCase()}`;
    const now = new Date().toISOString();
    const row = await createClassificationCode({ code, name: "Kode ditahan", retention: { active: 2, inactive: 2 } });
    await testEnv.DB.prepare("INSERT INTO retention_holds (classification_id, reason, created_at) VALUES (?, 'Audit BPK', ?)").bind(row.id, now).run();
    const doc = await ownerDocument(world);
    await testEnv.DB.prepare("UPDATE archives SET classification_id = ? WHERE uuid = ?").bind(row.id, doc.uuid).run();
    await expectError(await trash(world.owner.session, doc.uuid), 409, retentionHoldMessages.trashBlockedByCode(doc.view.title, code, "Audit BPK"));
  });
});

describe("a record already in the trash under a hold", () => {
  it("shows the hold in the trash, and Super Admin releases it there; then it may be purged", async () => {
    const doc = await ownerDocument(world);
    await expectJson(await trash(world.owner.session, doc.uuid), 200);
    // Held before holds kept records out of the trash.
    await testEnv.DB.prepare("INSERT INTO retention_holds (archive_id, reason, created_at) VALUES (?, 'Sengketa lama', ?)")
      .bind((await archiveRow(doc.uuid))!.id, new Date().toISOString())
      .run();

    const shown = await trashRow(world.admin.session, doc.uuid);
    expect(shown).toMatchObject({ held: true, hold: { reason: "Sengketa lama", code: null }, canReleaseHold: true, canPurge: false });
    expect(await trashRow(world.owner.session, doc.uuid)).toMatchObject({ hold: { reason: "Sengketa lama", code: null }, canReleaseHold: false });

    await expectError(
      await send(world.owner.session, "DELETE", `/api/v1/archives/${doc.uuid}/hold`, { json: { reason: "Selesai" } }),
      403,
      retentionHoldMessages.denied,
    );
    const released = await expectJson<{ message: string }>(
      await send(world.admin.session, "DELETE", `/api/v1/archives/${doc.uuid}/hold`, { json: { reason: "Perkara selesai" } }),
      200,
    );
    expect(released.message).toBe(retentionHoldMessages.released);
    expect(await trashRow(world.admin.session, doc.uuid)).toMatchObject({ held: false, hold: null, canReleaseHold: false, canPurge: true });
    expect((await auditRowsFor(doc.uuid)).map((row) => row.action)).toContain("RETENTION_HOLD_RELEASE");
    expect((await send(world.admin.session, "DELETE", `/api/v1/trash/${doc.uuid}`)).status).toBe(200);
  });
});
