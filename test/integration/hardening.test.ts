import { createScheduledController } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { documentFormMessages } from "~/i18n/document-form";
import { hardening as hardeningText } from "~/i18n/hardening";
import { DRAIN_BYTES, MAX_BODY_BYTES } from "~/server/http/body-limit.server";
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

const stagedKeys = async () =>
  (await testEnv.DB.prepare("SELECT r2_key FROM file_staging").all<{ r2_key: string }>()).results.map((row) => row.r2_key);
const versionKeys = async () => (await testEnv.DB.prepare("SELECT DISTINCT r2_key FROM archive_files").all<{ r2_key: string }>()).results.map((row) => row.r2_key);
const versionsOf = async (archiveId: number) =>
  (await testEnv.DB.prepare("SELECT version, r2_key FROM archive_files WHERE archive_id = ? ORDER BY version").bind(archiveId).all<{ version: number; r2_key: string }>()).results;

/** The cron as workerd runs it, `hoursLater` after now (the sweep keeps young staging rows for 6 hours). */
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
    it(`${label} ×10 in parallel: each 200 or 409, one new version per 200, no orphan object after the sweep`, async () => {
      const session = await owner();
      const document = await uploadDocument(session, { categoryId });
      const original = (await archiveRow(document.uuid))!;

      const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => send(document.uuid, session, pdfBytes(3000 + i))));
      const bodies = await Promise.all(responses.map(async (response) => ({ status: response.status, body: await response.json<{ message: string }>() })));

      for (const { status, body } of bodies) {
        expect([200, 409], JSON.stringify(body)).toContain(status);
        if (status === 409) expect(body.message).toBe(hardeningText.fileReplacedConcurrently);
      }
      const accepted = bodies.filter((reply) => reply.status === 200).length;
      expect(accepted).toBeGreaterThan(0);

      // Version 1 plus exactly one version per accepted replacement, numbered without a gap,
      // and the document points at the newest.
      const versions = await versionsOf(original.id);
      expect(versions.map((v) => v.version)).toEqual(Array.from({ length: accepted + 1 }, (_, i) => i + 1));
      expect(versions[0]!.r2_key).toBe(original.r2_key);
      const row = (await archiveRow(document.uuid))!;
      expect(row.r2_key).toBe(versions.at(-1)!.r2_key);

      // Every object is a version's file or still staged (a loser's discard is best effort).
      const rows = new Set(await versionKeys());
      const staged = await stagedKeys();
      for (const key of await r2Keys()) expect(rows.has(key) || staged.includes(key), `orphan ${key}`).toBe(true);

      await sweepLater(7);
      const rowsAfter = new Set(await versionKeys());
      expect((await r2Keys()).filter((key) => !rowsAfter.has(key))).toEqual([]);
      expect(await stagedKeys()).toEqual([]);
    });
  }

  it("a replacement racing a delete: no 5xx, and no object outlives its version row after the sweep", async () => {
    const session = await owner();
    const document = await uploadDocument(session, { categoryId });
    const responses = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) => replacements[0]!.send(document.uuid, session, pdfBytes(4000 + i))),
      call(`/api/v1/archives/${document.uuid}`, { method: "DELETE", cookie: session.cookie, csrfToken: session.csrfToken, ip: session.ip }),
    ]);
    for (const response of responses) expect([200, 404, 409], await response.text()).toContain(response.status);
    await sweepLater(7);
    const rows = new Set(await versionKeys());
    expect((await r2Keys()).filter((key) => !rows.has(key))).toEqual([]);
  });
});

/** A body that never ends, counting what the Worker pulled from it. */
function endlessBody(chunkBytes = 16 * 1024) {
  const state = { pulled: 0, cancelled: false };
  const chunk = new Uint8Array(chunkBytes).fill(0x61);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

const tooLarge = hardeningText.bodyTooLarge("64 KB");

describe("request bodies are capped while reading (uploads excepted)", () => {
  for (const path of ["/api/v1/auth/login", "/login", "/app/documents/some-uuid", "/api/v1/unit-kerja"]) {
    it(`${path}: a 95 MB Content-Length is refused at once with 413, the body cancelled unread`, async () => {
      const { stream, state } = endlessBody();
      const response = await call(path, {
        method: "POST",
        body: stream,
        headers: { "content-type": "application/json", "content-length": String(95 * 1000 * 1000) },
      });
      expect(response.status).toBe(413);
      const text = await response.text();
      expect(text).toContain(tooLarge);
      expect(state.pulled).toBeLessThanOrEqual(64 * 1024);
    });

    it(`${path}: an endless body without a length is refused with 413, read (and dropped) to at most the cap plus DRAIN_BYTES, then cancelled`, async () => {
      const { stream, state } = endlessBody(64 * 1024);
      const response = await call(path, { method: "POST", body: stream, headers: { "content-type": "application/x-www-form-urlencoded" } });
      expect(response.status).toBe(413);
      expect(await response.text()).toContain(tooLarge);
      expect(state.pulled).toBeLessThanOrEqual(MAX_BODY_BYTES + DRAIN_BYTES + 4 * 64 * 1024);
      expect(state.cancelled).toBe(true);
    });
  }

  // A client still sending when the connection is cut sees a reset (or, behind `wrangler dev`,
  // a 500 "Network connection lost") instead of the 413: the rest is read and dropped first.
  for (const withLength of [true, false]) {
    it(`POST /api/v1/auth/login with a 20 MB JSON body ${withLength ? "and its Content-Length" : "streamed without a length"}: 413, the body read to its end and dropped`, async () => {
      const total = 20 * 1000 * 1000;
      const chunk = new Uint8Array(64 * 1024).fill(0x61);
      chunk[0] = 0x7b;
      const state = { pulled: 0, ended: false, cancelled: false };
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (state.pulled >= total) {
            state.ended = true;
            controller.close();
            return;
          }
          const part = chunk.subarray(0, Math.min(chunk.byteLength, total - state.pulled));
          state.pulled += part.byteLength;
          controller.enqueue(part);
        },
        cancel() {
          state.cancelled = true;
        },
      });
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (withLength) headers["content-length"] = String(total);
      const response = await call("/api/v1/auth/login", { method: "POST", body: stream, headers });
      expect(response.status).toBe(413);
      expect(((await response.json()) as { message: string }).message).toBe(tooLarge);
      expect(state).toEqual({ pulled: total, ended: true, cancelled: false });
    });
  }

  it("a body just under the cap still reaches the handler (a malformed login: 400, Indonesian)", async () => {
    const response = await call("/api/v1/auth/login", { method: "POST", body: "x".repeat(60 * 1024), headers: { "content-type": "application/json" } });
    expect(response.status).toBe(400);
  });
});

describe("early answers cancel the unread body", () => {
  it("a cross-origin POST refused by the CSRF check, and a 404 API path, leave no body unread", async () => {
    for (const [path, headers] of [
      ["/api/v1/unit-kerja", { origin: "https://evil.example", "content-type": "application/json" }],
      ["/api/v1/no-such-thing", { "content-type": "application/json" }],
    ] as const) {
      let cancelled = false;
      let pulled = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += 1;
          if (pulled > 2) controller.close();
          else controller.enqueue(new TextEncoder().encode("{}"));
        },
        cancel() {
          cancelled = true;
        },
      });
      const response = await call(path, { method: "POST", body: stream, headers: { ...headers } });
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
      // Either read to its end (buffered by the cap) or cancelled: never left hanging.
      expect(cancelled || pulled > 2, path).toBe(true);
    }
  });
});

describe("page actions read forms safely", () => {
  async function loginAction(body: BodyInit, contentType: string) {
    const { action } = await import("~/routes/login");
    const { RouterContextProvider } = await import("react-router");
    const { requestContextKey } = await import("~/server/context.server");
    const { serviceContext } = await import("../support/worker/context");
    const context = new RouterContextProvider(new Map([[requestContextKey, await serviceContext(null)]]));
    const request = new Request("http://earsip.test/login", { method: "POST", body, headers: { "content-type": contentType } });
    try {
      return { result: await action({ request, context, params: {}, unstable_pattern: "/login" } as never) };
    } catch (thrown) {
      return { thrown };
    }
  }

  it("POST /login with a JSON body: 415 with a message, not a 500", async () => {
    const { thrown } = await loginAction(JSON.stringify({ username: "a", password: "b" }), "application/json");
    expect(thrown).toMatchObject({ init: { status: 415 }, data: { message: hardeningText.formContentType } });
  });

  it("POST /login with a broken multipart body: 400 with a message, not a 500", async () => {
    const { thrown } = await loginAction("--xyz\r\nContent-Disposition: form-data; name=\"username\"\r\n\r\nab", "multipart/form-data; boundary=xyz");
    expect(thrown).toMatchObject({ init: { status: 400 }, data: { message: hardeningText.formMalformed } });
  });

  it("POST /login with a well-formed form still answers the form (400 with field errors for empty fields)", async () => {
    const { result, thrown } = await loginAction("username=&password=", "application/x-www-form-urlencoded");
    expect(thrown).toBeUndefined();
    expect(result).toMatchObject({ init: { status: 400 } });
  });
});

describe("the create form shows the unit's storage when nearly full", () => {
  async function createFormLoader(quotaBytes: number, unitKerjaId: number) {
    const { loader } = await import("~/routes/app/documents-create");
    const { requireSession } = await import("~/routes/helpers/gates.server");
    const { RouterContextProvider } = await import("react-router");
    const { requestContextKey } = await import("~/server/context.server");
    const { serviceContext } = await import("../support/worker/context");
    const user = await createUser({ role: "Satuan Kerja", unitKerjaId });
    const base = await serviceContext(user);
    const context = new RouterContextProvider(new Map([[requestContextKey, { ...base, config: { ...base.config, unitQuotaBytes: quotaBytes } }]]));
    const request = new Request("http://earsip.test/app/documents/create");
    const args = { request, context, params: {}, unstable_pattern: "/app/documents/create" } as never;
    // The /app layout's gate runs first, as React Router runs it.
    return (await requireSession(args, () => loader(args) as never)) as unknown as Awaited<ReturnType<typeof loader>>;
  }

  it("≥ 80 % used: the loader gives the quotaNearlyFull notice with formatted sizes; below: none", async () => {
    const unit = (await createUnitKerja()).id;
    const user = await createUser({ role: "Satuan Kerja", unitKerjaId: unit });
    await uploadDocument(await login(user.username, user.password), { categoryId, bytes: pdfBytes(9000) });

    const nearlyFull = await createFormLoader(10_000, unit);
    expect(nearlyFull.quotaNotice).toBe(documentFormMessages.quotaNearlyFull("9 KB", "10 KB"));
    const roomy = await createFormLoader(100_000, unit);
    expect(roomy.quotaNotice).toBeNull();
  });
});
