import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import worker from "../../workers/app";
import { restoreVersion } from "~/server/documents/versions.server";
import { textExtraction as text } from "~/i18n/text-extraction";
import { EXTRACTION_MAX_RETRIES, retryDelaySeconds } from "~/server/text-extraction/service.server";
import { capBytes, MAX_PAGES, MAX_TEXT_BYTES, xmlText } from "~/server/text-extraction/extractors.server";
import { accessWorld, type AccessWorld } from "../support/worker/access-requests";
import { serviceContext } from "../support/worker/context";
import { auditRowsFor, documentFields, downloadBytes, postDocument, sendMultipart, uploadDocument, type DocumentView } from "../support/worker/documents";
import { createArchive } from "../support/worker/factories";
import { testEnv } from "../support/worker/env";
import { call, type SignedIn } from "../support/worker/http";
import { formBody, pdfBytes } from "../support/worker/multipart";
import { docx, DOCX_TYPE, textPdf } from "../support/worker/text-files";

/**
 * Text extraction off the request path: an upload commits its text row as PENDING with the
 * version, a message goes to the queue, the consumer (the Worker's own `queue` handler, which
 * Miniflare runs) writes INDEXED / NO_TEXT / FAILED while the file is still the current one.
 */

vi.setConfig({ testTimeout: 40_000, hookTimeout: 60_000 });

let world: AccessWorld;
beforeAll(async () => {
  world = await accessWorld();
});

type TextRow = { archive_id: number; file_id: number; status: string; body: string; pages: number | null; truncated: number; error: string | null; attempts: number; queued_at: string };
type Sent = { archiveId: number; fileId: number };

const as = (session: SignedIn | null) => ({ cookie: session?.cookie, ip: session?.ip, csrfToken: session?.csrfToken });

/** The document's text row, `body` the text as stored: in R2 under `text_key` once INDEXED (migration 0027). */
async function textRow(uuid: string): Promise<TextRow | null> {
  const row = await testEnv.DB.prepare("SELECT t.* FROM archive_texts t JOIN archives a ON a.id = t.archive_id WHERE a.uuid = ?")
    .bind(uuid)
    .first<TextRow & { text_key: string | null }>();
  if (!row) return null;
  const { text_key: key, ...rest } = row;
  return key ? { ...rest, body: (await (await testEnv.FILES.get(key))?.text()) ?? "(missing)" } : rest;
}
async function currentFile(uuid: string): Promise<{ id: number; current_file_id: number }> {
  return (await testEnv.DB.prepare("SELECT id, current_file_id FROM archives WHERE uuid = ?").bind(uuid).first<{ id: number; current_file_id: number }>())!;
}

/** Wait until the queue consumer has written a result for the document's current file. */
async function extracted(uuid: string, timeoutMs = 25_000): Promise<TextRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row, file] = await Promise.all([textRow(uuid), currentFile(uuid)]);
    if (row && row.status !== "PENDING" && row.file_id === file.current_file_id) return row;
    if (Date.now() > deadline) throw new Error(`no extraction result for ${uuid}: ${JSON.stringify(row)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const upload = (session: SignedIn, data: Uint8Array<ArrayBuffer>, fileName = "surat.pdf", fields: Record<string, string> = {}) =>
  uploadDocument(session, { categoryId: world.categoryId, bytes: data, fileName, fields });

const replaceFile = async (session: SignedIn, uuid: string, data: Uint8Array<ArrayBuffer>) => {
  const response = await sendMultipart(`/api/v1/archives/${uuid}/file`, session, formBody({}, { filename: "versi.pdf", data, contentType: "application/pdf" }));
  expect(response.status, await response.clone().text()).toBe(200);
};

const detail = async (session: SignedIn | null, uuid: string) => {
  const response = await call(`/api/v1/archives/${uuid}`, as(session));
  expect(response.status).toBe(200);
  return (await response.json()) as DocumentView & { textStatus: { status: string; error: string | null; pages: number | null; truncated: boolean; canReindex: boolean } | null };
};

/** A queue binding that only records what is sent (the consumer never sees it). */
function recordingQueue() {
  const sent: Sent[] = [];
  const queue = {
    send: async (body: Sent) => void sent.push(body),
    sendBatch: async (messages: { body: Sent }[]) => void sent.push(...messages.map((m) => m.body)),
  };
  return { sent, queue: queue as unknown as Queue };
}

/** Deliver messages to the Worker's queue handler directly (attempt numbers chosen by the test). */
async function deliver(messages: { body: unknown; attempts?: number }[]) {
  const batch = createMessageBatch(
    "e-arsip-extraction",
    messages.map((m, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: m.attempts ?? 1, body: m.body })),
  );
  const execution = createExecutionContext();
  await worker.queue(batch, testEnv, execution);
  return getQueueResult(batch, execution);
}

describe("extraction of uploaded files", () => {
  it("a PDF with a text layer ends INDEXED with its text, and the detail shows it", async () => {
    const doc = await upload(world.owner.session, textPdf([["Surat Keputusan Rektor", "tentang kalender akademik 2026"], ["Halaman kedua: wisuda sarjana"]]));
    const row = await extracted(doc.uuid);
    expect(row.status).toBe("INDEXED");
    expect(row.body).toContain("Surat Keputusan Rektor");
    expect(row.body).toContain("kalender akademik 2026");
    expect(row.body).toContain("wisuda sarjana");
    expect(row.pages).toBe(2);
    expect(row.truncated).toBe(0);
    const view = await detail(world.owner.session, doc.uuid);
    expect(view.textStatus).toMatchObject({ status: "INDEXED", pages: 2, truncated: false, error: null, canReindex: true });
  });

  it("a DOCX ends INDEXED with the text of its paragraphs", async () => {
    const response = await postDocument(world.owner.session, {
      fields: documentFields(world.categoryId),
      file: { filename: "notulen.docx", data: docx(["Notulen rapat senat universitas", "Keputusan: anggaran & jadwal <disetujui>"]), contentType: DOCX_TYPE },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const { data } = (await response.json()) as { data: DocumentView };
    expect(data.mimeType).toBe(DOCX_TYPE);
    const row = await extracted(data.uuid);
    expect(row.status).toBe("INDEXED");
    expect(row.body).toBe("Notulen rapat senat universitas\nKeputusan: anggaran & jadwal <disetujui>");
  });

  it("a corrupt PDF ends FAILED with its reason, the document intact and downloadable", async () => {
    const bytes = pdfBytes(4096);
    const doc = await upload(world.owner.session, bytes);
    const row = await extracted(doc.uuid);
    expect(row.status).toBe("FAILED");
    expect(row.error).toBe(text.errors.unreadablePdf);
    const view = await detail(world.owner.session, doc.uuid);
    expect(view.textStatus).toMatchObject({ status: "FAILED", error: text.errors.unreadablePdf });
    const download = await call(`/api/v1/archives/${doc.uuid}/download`, as(world.owner.session));
    expect(download.status).toBe(200);
    expect(await downloadBytes(download)).toEqual(bytes);
  });

  it("a PDF without a text layer (a scan) ends NO_TEXT", async () => {
    const doc = await upload(world.owner.session, textPdf([[], []]));
    const row = await extracted(doc.uuid);
    expect(row).toMatchObject({ status: "NO_TEXT", pages: 2, body: "", error: null });
    expect((await detail(world.admin.session, doc.uuid)).textStatus?.status).toBe("NO_TEXT");
  });

  it(`reads at most ${MAX_PAGES} pages and says the text was cut`, async () => {
    const pages = Array.from({ length: MAX_PAGES + 3 }, (_, i) => [`halaman ${i + 1}`]);
    const doc = await upload(world.owner.session, textPdf(pages));
    const row = await extracted(doc.uuid);
    expect(row).toMatchObject({ status: "INDEXED", pages: MAX_PAGES + 3, truncated: 1 });
    expect(row.body).toContain(`halaman ${MAX_PAGES}`);
    expect(row.body).not.toContain(`halaman ${MAX_PAGES + 1}`);
  });
});

describe("extracted text is searchable", () => {
  /** The uuids the owner's documents list finds for `q` (the API list, as the search box sends it). */
  const found = async (q: string) => {
    const response = await call(`/api/v1/archives?q=${encodeURIComponent(q)}&size=100`, as(world.owner.session));
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { uuid: string; snippet?: string | null }[] };
    return data;
  };

  it("a PDF and a DOCX are found by a stemmed word and by an exact phrase, with a snippet", async () => {
    const word = `kalibrasi${crypto.randomUUID().slice(0, 6)}`;
    const pdf = await upload(world.owner.session, textPdf([[`Laboratorium menyuarakan ${word} peralatan`, "untuk penyelenggaraan praktikum"]]));
    const docResponse = await postDocument(world.owner.session, {
      fields: documentFields(world.categoryId),
      file: { filename: "notulen.docx", data: docx([`Rapat ${word} memutuskan pelaksanaan ujian`]), contentType: DOCX_TYPE },
    });
    const { data: docxDoc } = (await docResponse.json()) as { data: DocumentView };
    expect((await extracted(pdf.uuid)).status).toBe("INDEXED");
    expect((await extracted(docxDoc.uuid)).status).toBe("INDEXED");

    // Stemmed: 'suara' finds 'menyuarakan', 'putus' finds 'memutuskan' (the vocabulary came from the consumer).
    const bySuara = await found(`suara ${word}`);
    expect(bySuara.map((row) => row.uuid)).toEqual([pdf.uuid]);
    expect(bySuara[0]!.snippet).toContain("<mark>");
    expect((await found(`putus ${word}`)).map((row) => row.uuid)).toEqual([docxDoc.uuid]);
    // A quoted phrase is exact.
    expect((await found(`"${word} peralatan"`)).map((row) => row.uuid)).toEqual([pdf.uuid]);
    expect(await found(`"peralatan ${word}"`)).toEqual([]);
  });
});

describe("new versions re-extract", () => {
  it("replacing the file sets the row to the new file and extracts the new text", async () => {
    const doc = await upload(world.owner.session, textPdf([["naskah pertama tentang beasiswa"]]));
    expect((await extracted(doc.uuid)).body).toContain("beasiswa");
    await replaceFile(world.owner.session, doc.uuid, textPdf([["naskah kedua tentang akreditasi"]]));
    const file = await currentFile(doc.uuid);
    const row = await textRow(doc.uuid);
    // Written with the version: the row names the new file at once and holds no old text.
    expect(row!.file_id).toBe(file.current_file_id);
    expect(row!.body).not.toContain("beasiswa");
    const after = await extracted(doc.uuid);
    expect(after.status).toBe("INDEXED");
    expect(after.body).toContain("akreditasi");
  });

  it("restoring a version sets PENDING in the restore's batch, sends the message, and the old text comes back", async () => {
    const doc = await upload(world.owner.session, textPdf([["versi satu: pedoman magang"]]));
    await extracted(doc.uuid);
    await replaceFile(world.owner.session, doc.uuid, textPdf([["versi dua: pedoman skripsi"]]));
    expect((await extracted(doc.uuid)).body).toContain("skripsi");

    // Through the service with a queue that only records: the row is PENDING, the message names the new file.
    const recording = recordingQueue();
    const ctx = await serviceContext(world.owner.user);
    await restoreVersion({ ...ctx, env: { ...testEnv, EXTRACTION_QUEUE: recording.queue } }, doc.uuid, "1");
    const file = await currentFile(doc.uuid);
    expect(await textRow(doc.uuid)).toMatchObject({ status: "PENDING", file_id: file.current_file_id, body: "" });
    expect(recording.sent).toEqual([{ archiveId: file.id, fileId: file.current_file_id }]);

    // The consumer extracts the restored file.
    const result = await deliver([{ body: recording.sent[0] }]);
    expect(result.explicitAcks).toEqual(["m0"]);
    const row = await textRow(doc.uuid);
    expect(row).toMatchObject({ status: "INDEXED", file_id: file.current_file_id });
    expect(row!.body).toContain("pedoman magang");
  });

  it("a failed send never fails the upload: the row stays PENDING for the backfill", async () => {
    const failing = { send: async () => Promise.reject(new Error("queue down")), sendBatch: async () => Promise.reject(new Error("queue down")) } as unknown as Queue;
    const doc = await upload(world.owner.session, textPdf([["dokumen satu"]]));
    await extracted(doc.uuid);
    const ctx = await serviceContext(world.owner.user);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    let pending: Promise<unknown> = Promise.resolve();
    await replaceFile(world.owner.session, doc.uuid, textPdf([["dokumen dua"]]));
    await extracted(doc.uuid);
    const view = await restoreVersion({ ...ctx, env: { ...testEnv, EXTRACTION_QUEUE: failing }, waitUntil: (p) => void (pending = p) }, doc.uuid, "1");
    await pending;
    expect(warn.mock.calls.some(([line]) => String(line).includes("extraction_enqueue_failed"))).toBe(true);
    warn.mockRestore();
    expect(view.currentVersion).toBe(3);
    expect((await textRow(doc.uuid))!.status).toBe("PENDING");
  });
});

describe("the consumer", () => {
  it("drops a message whose file is no longer the current one, and one already done", async () => {
    const doc = await upload(world.owner.session, textPdf([["isi lama"]]));
    await extracted(doc.uuid);
    const old = await currentFile(doc.uuid);
    await replaceFile(world.owner.session, doc.uuid, textPdf([["isi baru"]]));
    const done = await extracted(doc.uuid);
    const result = await deliver([{ body: { archiveId: old.id, fileId: old.current_file_id } }, { body: { archiveId: old.id, fileId: done.file_id } }, { body: { nonsense: true } }]);
    expect(result.explicitAcks.sort()).toEqual(["m0", "m1", "m2"]);
    expect(result.retryMessages).toEqual([]);
    expect(await textRow(doc.uuid)).toEqual(done);
  });

  it("retries a missing object with backoff and ends FAILED after the last attempt", async () => {
    const doc = await upload(world.owner.session, textPdf([["akan hilang"]]));
    await extracted(doc.uuid);
    const file = await currentFile(doc.uuid);
    const key = (await testEnv.DB.prepare("SELECT r2_key FROM archive_files WHERE id = ?").bind(file.current_file_id).first<{ r2_key: string }>())!.r2_key;
    await testEnv.FILES.delete(key);
    await testEnv.DB.prepare("UPDATE archive_texts SET status = 'PENDING', body = '' WHERE archive_id = ?").bind(file.id).run();
    const message = { archiveId: file.id, fileId: file.current_file_id };

    const first = await deliver([{ body: message, attempts: 1 }]);
    expect(first.retryMessages.map((m) => m.msgId)).toEqual(["m0"]);
    const third = await deliver([{ body: message, attempts: 3 }]);
    expect(third.retryMessages.map((m) => m.msgId)).toEqual(["m0"]);
    // Backoff: 30 s, then doubling, capped at 15 minutes.
    expect([1, 2, 3, 4, 5, 6, 10].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 480, 900, 900]);
    expect(await textRow(doc.uuid)).toMatchObject({ status: "PENDING", attempts: 3 });

    const last = await deliver([{ body: message, attempts: EXTRACTION_MAX_RETRIES + 1 }]);
    expect(last.explicitAcks).toEqual(["m0"]);
    expect(await textRow(doc.uuid)).toMatchObject({ status: "FAILED", error: text.errors.missingObject, attempts: EXTRACTION_MAX_RETRIES + 1 });
  });
});

describe("'Indeks ulang' (POST /api/v1/archives/{uuid}/reindex)", () => {
  it("is allowed to who may edit the document and Super Admin, refused to everyone else, and audited", async () => {
    const doc = await upload(world.owner.session, textPdf([["dokumen untuk indeks ulang"]]));
    await extracted(doc.uuid);
    const reindex = (session: SignedIn | null) => call(`/api/v1/archives/${doc.uuid}/reindex`, { method: "POST", ...as(session) });
    const expected: [string, SignedIn | null, number][] = [
      ["uploader (Satuan Kerja)", world.owner.session, 200],
      ["Super Admin", world.admin.session, 200],
      ["colleague of the owning unit (not the uploader)", world.colleague.session, 403],
      ["Satuan Kerja of another unit", world.requester.session, 403],
      ["Viewer", world.viewer.session, 403],
      ["visitor", null, 401],
    ];
    for (const [who, session, status] of expected) {
      const response = await reindex(session);
      expect(response.status, who).toBe(status);
      if (status === 200) {
        const body = (await response.json()) as { message: string; data: { status: string } };
        expect(body, who).toMatchObject({ message: text.reindexed, data: { status: "PENDING" } });
        expect((await extracted(doc.uuid)).status, who).toBe("INDEXED");
      }
    }
    const audits = (await auditRowsFor(doc.uuid)).filter((row) => row.action === "DOCUMENT_REINDEX");
    expect(audits.map((row) => row.actor_id)).toEqual([world.owner.user.id, world.admin.user.id]);
    expect(audits[0]!.message).toBe(`Ekstraksi teks dokumen "${doc.view.title}" diminta ulang (Indeks ulang)`);
  });

  it("stays open on a Statis record, which cannot be edited: the detail offers it as the policy allows it", async () => {
    const doc = await upload(world.owner.session, textPdf([["arsip statis"]]));
    await extracted(doc.uuid);
    await testEnv.DB.prepare("UPDATE archives SET archival_state = 'STATIS' WHERE uuid = ?").bind(doc.uuid).run();
    const view = await detail(world.owner.session, doc.uuid);
    expect(view.canEdit).toBe(false);
    expect(view.textStatus).toMatchObject({ status: "INDEXED", canReindex: true });
    const response = await call(`/api/v1/archives/${doc.uuid}/reindex`, { method: "POST", ...as(world.owner.session) });
    expect(response.status).toBe(200);
  });

  it("shows the text status only to who may open the file", async () => {
    const doc = await upload(world.owner.session, textPdf([["rahasia dapur"]]));
    await extracted(doc.uuid);
    expect((await detail(world.colleague.session, doc.uuid)).textStatus).toMatchObject({ status: "INDEXED", canReindex: false });
    expect((await detail(world.requester.session, doc.uuid)).textStatus).toBeNull();
    expect((await detail(world.viewer.session, doc.uuid)).textStatus).toBeNull();
  });
});

describe("the backfill of the 30-minute cron", () => {
  it("gives documents without a text row one, enqueues what waits, and not twice within the window", async () => {
    const recording = recordingQueue();
    const env = { ...testEnv, EXTRACTION_QUEUE: recording.queue };
    const archive = await createArchive({ uploaderId: world.owner.user.id, categoryId: world.categoryId, unitKerjaId: world.ownerUnit.id });
    const file = await currentFile(archive.uuid);
    expect(await textRow(archive.uuid)).toBeNull();

    await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: "*/30 * * * *" }), env);
    expect(recording.sent).toContainEqual({ archiveId: archive.id, fileId: file.current_file_id });
    const row = await textRow(archive.uuid);
    expect(row).toMatchObject({ status: "PENDING", file_id: file.current_file_id });
    expect(Date.now() - Date.parse(row!.queued_at)).toBeLessThan(60_000);

    recording.sent.length = 0;
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: "*/30 * * * *" }), env);
    expect(recording.sent).not.toContainEqual({ archiveId: archive.id, fileId: file.current_file_id });
  });
});

describe("the Super Admin filter by text status (?teks=)", () => {
  it("lists documents by status for Super Admin and ignores the parameter for anyone else", async () => {
    const indexed = await upload(world.owner.session, textPdf([["filter terindeks"]]));
    const failed = await upload(world.owner.session, pdfBytes(3000));
    const waiting = await createArchive({ uploaderId: world.owner.user.id, categoryId: world.categoryId, unitKerjaId: world.ownerUnit.id });
    await Promise.all([extracted(indexed.uuid), extracted(failed.uuid)]);
    const uuids = async (session: SignedIn, teks: string, search = "") => {
      const response = await call(`/api/v1/archives?size=50&teks=${teks}${search}`, as(session));
      expect(response.status).toBe(200);
      const body = (await response.json()) as { data: DocumentView[]; total: number };
      expect(body.total, teks).toBe(body.data.length);
      return body.data.map((d) => d.uuid);
    };
    const gagal = await uuids(world.admin.session, "GAGAL");
    expect(gagal).toContain(failed.uuid);
    expect(gagal).not.toContain(indexed.uuid);
    const terindeks = await uuids(world.admin.session, "TERINDEKS");
    expect(terindeks).toContain(indexed.uuid);
    expect(terindeks).not.toContain(failed.uuid);
    // A document without a row for its file yet waits.
    const menunggu = await uuids(world.admin.session, "MENUNGGU");
    expect(menunggu).toContain(waiting.uuid);
    expect(menunggu).not.toContain(indexed.uuid);
    // Not Super Admin: the filter is ignored (the owner's list shows both).
    const owners = await uuids(world.owner.session, "GAGAL");
    expect(owners).toEqual(expect.arrayContaining([indexed.uuid, failed.uuid]));
    // The filter holds on a searched or faceted list too (the search builds its own SQL).
    const year = "&tahun=2025";
    expect(await uuids(world.admin.session, "GAGAL", year)).toContain(failed.uuid);
    expect(await uuids(world.admin.session, "GAGAL", year)).not.toContain(indexed.uuid);
    expect(await uuids(world.owner.session, "GAGAL", year)).toEqual(expect.arrayContaining([indexed.uuid, failed.uuid]));
  });
});

describe("extractor parts", () => {
  it("reads the text runs, paragraphs and tabs of Office Open XML, never markup or attributes", () => {
    const xml =
      '<w:document><w:body><w:p><w:r><w:t xml:space="preserve">Surat </w:t></w:r><w:r><w:t>Edaran &amp; Keputusan</w:t></w:r></w:p>' +
      '<w:p><w:r><w:t>Baris</w:t><w:tab/><w:t>dua &#8211; &#x41;</w:t></w:r></w:p><w:p><w:r><w:instrText>HYPERLINK "x"</w:instrText></w:r></w:p></w:body></w:document>';
    expect(xmlText(xml)).toBe("Surat Edaran & Keputusan\nBaris\tdua \u2013 A\n\n");
  });

  it("cuts UTF-8 text at MAX_TEXT_BYTES without splitting a character", () => {
    expect(capBytes("pendek")).toEqual({ body: "pendek", truncated: false });
    const { body, truncated } = capBytes("\u00e9".repeat(MAX_TEXT_BYTES));
    expect(truncated).toBe(true);
    expect(body).toBe("\u00e9".repeat(MAX_TEXT_BYTES / 2));
  });
});
