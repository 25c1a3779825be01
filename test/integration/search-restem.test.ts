import { createScheduledController } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { DocumentPage } from "~/domain/documents";
import { createIndonesianStemmer, STEMMER_VERSION, stemIndonesian } from "~/domain/search/indonesian";
import { rootDictionary } from "~/domain/search/root-dictionary";
import { ForbiddenError } from "~/domain/errors";
import { jobContext } from "~/server/context.server";
import { backfillMetadataTerms, restemStaleVocabulary, restemVocabulary } from "~/server/search/service.server";
import worker from "../../workers/app";
import { send } from "../support/worker/admin";
import { serviceContext } from "../support/worker/context";
import { uploadDocument } from "../support/worker/documents";
import { testEnv } from "../support/worker/env";
import { indexText } from "../support/worker/search";
import { createCategory, createUser, type CreatedUser } from "../support/worker/factories";
import { login, type SignedIn } from "../support/worker/http";

/**
 * Index compatibility (issue 32): the vocabulary an older stemmer wrote (search_terms, each word
 * with its stem) is re-stemmed in place, batch by batch from a cursor, by the 30-minute cron when
 * the stemmer's version changed; no file is read again. Until then the new forms are not found by
 * their stem; afterwards they are.
 */

/** The stemmer before the Hunspell dictionary: the project's own roots and Tala's rules. */
const olderStemmer = createIndonesianStemmer(rootDictionary({ hunspell: false }));
const TEXT = "Berita acara pemusnahan arsip inaktif: arsip keuangan yang telah habis masa retensinya dicacah.";

let admin: CreatedUser;
let session: SignedIn;
let uuid: string;

async function stemmerState() {
  return (await testEnv.DB.prepare("SELECT version, restem_version, restem_after FROM search_stemmer WHERE id = 1").first<{
    version: string;
    restem_version: string | null;
    restem_after: string | null;
  }>())!;
}

async function search(q: string): Promise<DocumentPage> {
  const response = await send(session, "GET", `/api/v1/archives?${new URLSearchParams({ q })}`);
  expect(response.status).toBe(200);
  return (await response.json()) as DocumentPage;
}

async function runCron() {
  await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: "*/30 * * * *" }), testEnv);
}

beforeAll(async () => {
  admin = await createUser({ role: "Super Admin" });
  session = await login(admin.username, admin.password);
  const categoryId = (await createCategory()).id;
  uuid = (await uploadDocument(session, { categoryId, fields: { title: "Berita Acara Tahun 2019", accessLevel: "PUBLIC" } })).uuid;
  // The text as an older version of the app indexed it: its words stemmed by the older stemmer.
  await indexText(uuid, TEXT, olderStemmer);
});

describe("re-stemming the search vocabulary", () => {
  it("starts an upgraded database at the older stemmer's version", async () => {
    expect(await stemmerState()).toEqual({ version: "tala-1", restem_version: null, restem_after: null });
    expect(STEMMER_VERSION).not.toBe("tala-1");
    expect(olderStemmer("pemusnahan")).toBe("pusnah");
    expect(stemIndonesian("dimusnahkan")).toBe("musnah");
  });

  it("finds the new forms only once the cron has re-stemmed, batch by batch from where it stopped", async () => {
    // "dimusnahkan" stems to "musnah"; the stored "pemusnahan" still carries the older "pusnah".
    expect((await search("dimusnahkan")).total).toBe(0);

    const ctx = jobContext(testEnv, "text-extraction");
    const first = await restemStaleVocabulary(ctx, { batches: 1, limit: 2 });
    expect(first).toMatchObject({ done: false, read: 2, version: "tala-1" });
    const paused = await stemmerState();
    expect(paused).toMatchObject({ version: "tala-1", restem_version: STEMMER_VERSION });
    expect(paused.restem_after).not.toBeNull();
    // The next run goes on after the recorded term: nothing before it is read again.
    const next = await restemVocabulary(ctx, { after: paused.restem_after, limit: 1000 });
    const total = (await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM search_terms").first<{ n: number }>())!.n;
    expect(next.read).toBe(total - 2);

    await runCron();
    expect(await stemmerState()).toEqual({ version: STEMMER_VERSION, restem_version: null, restem_after: null });
    const stored = await testEnv.DB.prepare("SELECT stem FROM search_terms WHERE term = 'pemusnahan'").first<{ stem: string }>();
    expect(stored?.stem).toBe("musnah");

    const found = await search("dimusnahkan");
    expect(found.data.map((row) => row.uuid)).toEqual([uuid]);
    expect(found.data[0]!.snippet).toContain("<mark>pemusnahan</mark>");
    // Up to date: the next run reads nothing.
    expect(await restemStaleVocabulary(ctx)).toEqual({ version: STEMMER_VERSION, done: true, read: 0, changed: 0 });
  });

  it("starts over when the re-stem under way was towards another version", async () => {
    await testEnv.DB.prepare("UPDATE search_terms SET stem = 'stale' WHERE term = 'arsip'").run();
    await testEnv.DB.prepare("UPDATE search_stemmer SET version = 'older', restem_version = 'elsewhere', restem_after = 'zzz' WHERE id = 1").run();
    const run = await restemStaleVocabulary(jobContext(testEnv, "text-extraction"));
    expect(run).toMatchObject({ done: true, version: STEMMER_VERSION });
    expect(run.changed).toBeGreaterThanOrEqual(1);
    expect((await testEnv.DB.prepare("SELECT stem FROM search_terms WHERE term = 'arsip'").first<{ stem: string }>())?.stem).toBe("arsip");
  });

  it("is the text-extraction job's to run, no user's", async () => {
    const ctx = await serviceContext(admin);
    await expect(restemVocabulary(ctx)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(restemStaleVocabulary(ctx)).rejects.toBeInstanceOf(ForbiddenError);
  });
});

describe("back-filling older documents' metadata words", () => {
  it("adds the words of documents written before they joined the vocabulary, batch by batch, then stops", async () => {
    const word = `zarkonat${crypto.randomUUID().slice(0, 6).replace(/\d/g, "x")}`;
    const categoryId = (await createCategory()).id;
    await uploadDocument(session, { categoryId, fields: { title: `Notulen ${word} senat`, accessLevel: "PUBLIC" } });
    await uploadDocument(session, { categoryId, fields: { title: "Notulen rapat kedua senat", keywords: `${word}lah, senat, notulen`, accessLevel: "PUBLIC" } });
    // As an older version of the app left them: the documents, without their metadata words.
    await testEnv.DB.prepare("DELETE FROM search_terms WHERE term LIKE ?").bind(`${word}%`).run();
    const terms = async () => (await testEnv.DB.prepare("SELECT term FROM search_terms WHERE term LIKE ? ORDER BY term").bind(`${word}%`).all<{ term: string }>()).results.map((row) => row.term);
    expect(await terms()).toEqual([]);
    // An upgraded database starts the back-fill at the beginning.
    await testEnv.DB.prepare("UPDATE search_stemmer SET metadata_terms_after = 0 WHERE id = 1").run();
    const ctx = jobContext(testEnv, "text-extraction");

    const first = await backfillMetadataTerms(ctx, { batches: 1, limit: 1 });
    expect(first).toEqual({ read: 1, done: false });
    const rest = await backfillMetadataTerms(ctx, { batches: 10_000, limit: 50 });
    expect(rest.done).toBe(true);
    expect(await terms()).toEqual([word, `${word}lah`]);
    expect((await testEnv.DB.prepare("SELECT metadata_terms_after FROM search_stemmer WHERE id = 1").first<{ metadata_terms_after: number | null }>())!.metadata_terms_after).toBeNull();
    // Done: nothing more to read; the cron runs it with the re-stem.
    expect(await backfillMetadataTerms(ctx)).toEqual({ read: 0, done: true });
    await expect(backfillMetadataTerms(await serviceContext(admin))).rejects.toBeInstanceOf(ForbiddenError);
  });
});
