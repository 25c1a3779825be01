import { createScheduledController } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { t } from "~/i18n/id";
import worker from "../../workers/app";
import { archiveRow, documentFields, r2Keys, sendMultipart, uploadDocument } from "../support/worker/documents";
import { testEnv } from "../support/worker/env";
import { createCategory, createUnitKerja, createUser } from "../support/worker/factories";
import { call, login, type SignedIn } from "../support/worker/http";
import { formBody, pdfBytes } from "../support/worker/multipart";

/**
 * Requests that race each other or arrive malformed: each is answered with a 4xx and a clear
 * Indonesian message, never a 500, and leaves nothing behind.
 */

vi.setConfig({ testTimeout: 60_000, hookTimeout: 30_000 });

let categoryId: number;
let unitId: number;

beforeAll(async () => {
  categoryId = (await createCategory()).id;
  unitId = (await createUnitKerja()).id;
});

async function owner(): Promise<SignedIn> {
  const user = await createUser({ role: "Satuan Kerja", unitKerjaId: unitId });
  return login(user.username, user.password);
}

const pendingKeys = async () =>
  (await testEnv.DB.prepare("SELECT r2_key FROM pending_uploads").all<{ r2_key: string }>()).results.map((row) => row.r2_key);
const archiveKeys = async () => (await testEnv.DB.prepare("SELECT r2_key FROM archives").all<{ r2_key: string }>()).results.map((row) => row.r2_key);

/** The cron as workerd runs it, `hoursLater` after now (the sweep keeps young markers for 6 hours). */
async function sweepLater(hoursLater: number) {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + hoursLater * 3600_000 });
  try {
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: "*/30 * * * *" }), testEnv);
  } finally {
    vi.useRealTimers();
  }
}

describe("parallel file replacement", () => {
  const replacements = [
    { label: "POST /archives/{uuid}/file", send: (uuid: string, session: SignedIn, data: Uint8Array) =>
        sendMultipart(`/api/v1/archives/${uuid}/file`, session, formBody({}, { filename: "baru.pdf", data, contentType: "application/pdf" })) },
    { label: "PUT /archives/{uuid} with a file", send: (uuid: string, session: SignedIn, data: Uint8Array) =>
        sendMultipart(`/api/v1/archives/${uuid}`, session, formBody(documentFields(categoryId), { filename: "baru.pdf", data, contentType: "application/pdf" }), { method: "PUT" }) },
  ];

  for (const { label, send } of replacements) {
    it(`${label} ×10 in parallel: each 200 or 409, exactly the winning file kept, every loser queued or discarded`, async () => {
      const session = await owner();
      const document = await uploadDocument(session, { categoryId });
      const original = (await archiveRow(document.uuid))!;

      const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => send(document.uuid, session, pdfBytes(3000 + i))));
      const bodies = await Promise.all(responses.map(async (response) => ({ status: response.status, body: await response.json<{ message: string }>() })));

      for (const { status, body } of bodies) {
        expect([200, 409], JSON.stringify(body)).toContain(status);
        if (status === 409) expect(body.message).toBe(t.hardening.fileReplacedConcurrently);
      }
      expect(bodies.some((reply) => reply.status === 200)).toBe(true);

      const row = (await archiveRow(document.uuid))!;
      const keys = await r2Keys();
      const pending = await pendingKeys();
      const rows = new Set(await archiveKeys());
      expect(keys).toContain(row.r2_key);
      // Every object is either a row's file or queued for the sweep: none is forgotten.
      for (const key of keys) expect(rows.has(key) || pending.includes(key), `orphan ${key}`).toBe(true);
      expect(pending.filter((key) => rows.has(key))).toEqual([]);
      // Winners each queued exactly the key they replaced, the original among them.
      if (!keys.includes(original.r2_key)) expect(pending).not.toContain(original.r2_key);

      await sweepLater(7);
      const afterSweep = await r2Keys();
      const rowsAfter = new Set(await archiveKeys());
      expect(afterSweep.filter((key) => !rowsAfter.has(key))).toEqual([]);
      expect(await pendingKeys()).toEqual([]);
      expect(afterSweep).toContain((await archiveRow(document.uuid))!.r2_key);
    });
  }

  it("a replacement racing a delete: no 5xx, and no object outlives its row after the sweep", async () => {
    const session = await owner();
    const document = await uploadDocument(session, { categoryId });
    const responses = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) => replacements[0]!.send(document.uuid, session, pdfBytes(4000 + i))),
      call(`/api/v1/archives/${document.uuid}`, { method: "DELETE", cookie: session.cookie, csrfToken: session.csrfToken, ip: session.ip }),
    ]);
    for (const response of responses) expect([200, 404, 409], await response.text()).toContain(response.status);
    await sweepLater(7);
    const rows = new Set(await archiveKeys());
    expect((await r2Keys()).filter((key) => !rows.has(key))).toEqual([]);
  });
});
