import { applyD1Migrations } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { retentionToday } from "~/domain/retention";
import { createDb } from "~/server/db/db.server";
import { createJob, KilledForTest, runJob, runSystemJob } from "~/server/jobs/runner.server";
import { jobContext, type ServiceContext } from "~/server/context.server";
import { accessWorld, ownerDocument, type AccessWorld } from "../support/worker/access-requests";
import { expectJson, send, signedIn } from "../support/worker/admin";
import { testClock, testJobContext, type TestClock } from "../support/worker/context";
import { testEnv } from "../support/worker/env";
import { notificationsAbout, settleEvents } from "../support/worker/events";
import { dispatchedThrough } from "~/server/events/dispatcher.server";
import { DISPATCH_RECHECK_SECONDS, dispatchPendingEvents } from "~/server/jobs/system.server";

/**
 * Jobs as records: run in slices under a lease, each slice committed with its cursor, so a job
 * killed anywhere resumes where it stopped and counts every item exactly once; who sees which
 * job; and the daily retention clock past any batch limit.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let world: AccessWorld;
beforeAll(async () => {
  world = await accessWorld();
  for (let i = 0; i < 12; i++) await ownerDocument(world, "PRIVATE", `Arsip Pekerjaan Uji ${i + 1}`);
});

type JobRow = { status: string; progress: number; cursor: string | null; lease_token: string | null; attempts: number; counts: string };
const jobRow = (id: number) => testEnv.DB.prepare("SELECT status, progress, cursor, lease_token, attempts, counts FROM jobs WHERE id = ?").bind(id).first<JobRow>();
const liveThrough = async (cursor: number) =>
  (await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM archives WHERE deleted_at IS NULL AND id <= ?").bind(cursor).first<{ n: number }>())!.n;

/** A full recompute in slices of 5 documents, acting as the retention job, on its own singleton key. */
async function recomputeJob(clock: TestClock) {
  const ctx = testJobContext("queue", clock);
  const job = await createJob(ctx, { kind: "retention", params: { full: true, batch: 5 }, singletonKey: `retention-test-${crypto.randomUUID()}` });
  return { ctx, id: job.id };
}

describe("a job that is interrupted", () => {
  it("killed between slices (its lease still held): resumed once the lease lapses, every document counted once", async () => {
    const clock = testClock();
    const { ctx, id } = await recomputeJob(clock);
    expect(await runJob(ctx, id, { maxSlices: 2 })).toBe("paused");
    const paused = (await jobRow(id))!;
    expect(paused).toMatchObject({ status: "RUNNING", progress: 10 });
    // Another runner cannot take it while the lease holds...
    expect(await runJob(testJobContext("queue", clock), id)).toBe("busy");
    // ...but can once it lapsed (the Worker was killed).
    clock.advance(3 * 60_000);
    expect(await runJob(testJobContext("queue", clock), id)).toBe("done");
    const done = (await jobRow(id))!;
    expect(done.status).toBe("DONE");
    expect(done.progress).toBe(await liveThrough(JSON.parse(done.cursor!) as number));
    // Finished jobs are not run again.
    expect(await runJob(testJobContext("queue", clock), id)).toBe("gone");
  });

  it("killed inside a slice, after its work but before its batch: the slice is done again, never twice", async () => {
    const clock = testClock();
    const { ctx, id } = await recomputeJob(clock);
    await expect(
      runJob(ctx, id, {
        beforeCommit: (slice) => {
          if (slice === 1) throw new KilledForTest("killed");
        },
      }),
    ).rejects.toThrow(KilledForTest);
    expect((await jobRow(id))!).toMatchObject({ status: "RUNNING", progress: 5 });
    clock.advance(3 * 60_000);
    expect(await runJob(testJobContext("queue", clock), id)).toBe("done");
    const done = (await jobRow(id))!;
    expect(done.progress).toBe(await liveThrough(JSON.parse(done.cursor!) as number));
    expect(JSON.parse(done.counts)).toEqual({ documents: done.progress });
  });

  it("a job acting for a user runs with their rights as they are now, and tells them when it ends", async () => {
    const admin = await signedIn("Super Admin");
    const ctx = testJobContext("queue");
    const job = await createJob(ctx, { kind: "retention", actorUserId: admin.user.id, params: { full: true }, singletonKey: `retention-test-${crypto.randomUUID()}` });
    expect(await runJob(ctx, job.id)).toBe("done");
    await settleEvents();
    const uuid = (await testEnv.DB.prepare("SELECT uuid FROM jobs WHERE id = ?").bind(job.id).first<{ uuid: string }>())!.uuid;
    const told = (await notificationsAbout(uuid)).filter((row) => row.kind === "JOB_ENDED");
    expect(told.map((row) => row.user_id)).toEqual([admin.user.id]);
    expect(told[0]!.link).toBe(`/app/pekerjaan/${uuid}`);

    // A Satuan Kerja's job that needs Super Admin's rights fails with the policy's message.
    const job2 = await createJob(ctx, { kind: "retention", actorUserId: world.owner.user.id, params: { full: true }, singletonKey: `retention-test-${crypto.randomUUID()}` });
    expect(await runJob(ctx, job2.id)).toBe("failed");
    expect((await jobRow(job2.id))!.status).toBe("FAILED");
  });
});

describe("the outbox dispatch beside a running dispatcher", () => {
  it("an event committed while another dispatcher holds the lease asks again later, and is dispatched once it can be claimed", async () => {
    await settleEvents();
    const clock = testClock();
    // Another invocation's dispatcher, between its last read of the outbox and its end.
    const ctx = testJobContext("queue", clock);
    const held = await createJob(ctx, { kind: "events.dispatch", singletonKey: "events.dispatch" });
    await testEnv.DB.prepare("UPDATE jobs SET status = 'RUNNING', lease_token = 'lain', lease_until = ? WHERE id = ?")
      .bind(new Date(clock.now.getTime() + 60_000).toISOString(), held.id)
      .run();
    const event = await testEnv.DB.prepare("INSERT INTO events (kind, subject_type, subject_id, created_at) VALUES ('test.nobody-listens', 'uji', 'uji', ?) RETURNING id")
      .bind(clock.now.toISOString())
      .first<{ id: number }>();
    // The work queue in this context only records what is sent: the test plays the consumer.
    const sent: { message: unknown; delaySeconds?: number }[] = [];
    const recording: ServiceContext = {
      ...ctx,
      env: { ...ctx.env, WORK_QUEUE: { send: async (message: unknown, options?: QueueSendOptions) => void sent.push({ message, delaySeconds: options?.delaySeconds }) } as unknown as Queue },
    };

    await dispatchPendingEvents(recording);
    expect(sent).toEqual([{ message: { type: "events.dispatch" }, delaySeconds: DISPATCH_RECHECK_SECONDS }]);
    expect(await dispatchedThrough(ctx)).toBeLessThan(event!.id);

    // The holder ended without the event (or its Worker died and the lease lapsed): the next look dispatches it.
    clock.advance(3 * 60_000);
    await dispatchPendingEvents(recording);
    expect(await dispatchedThrough(ctx)).toBeGreaterThanOrEqual(event!.id);
    expect(sent).toHaveLength(1);
  });

  it("a dispatcher whose Worker died holds the outbox for its 30 s lease, not the runner's two minutes", async () => {
    await settleEvents();
    const clock = testClock();
    const ctx = testJobContext("queue", clock);
    const event = await testEnv.DB.prepare("INSERT INTO events (kind, subject_type, subject_id, created_at) VALUES ('test.nobody-listens', 'uji', 'uji', ?) RETURNING id")
      .bind(clock.now.toISOString())
      .first<{ id: number }>();
    // A dispatcher that claimed the job and died before its first commit: its lease stays.
    await expect(runSystemJob(ctx, "events.dispatch", { beforeCommit: () => { throw new KilledForTest(); } })).rejects.toBeInstanceOf(KilledForTest);
    const sent: { message: unknown; delaySeconds?: number }[] = [];
    const recording: ServiceContext = {
      ...ctx,
      env: { ...ctx.env, WORK_QUEUE: { send: async (message: unknown, options?: QueueSendOptions) => void sent.push({ message, delaySeconds: options?.delaySeconds }) } as unknown as Queue },
    };

    clock.advance(29_000);
    await dispatchPendingEvents(recording);
    expect(await dispatchedThrough(ctx)).toBeLessThan(event!.id);
    expect(sent).toEqual([{ message: { type: "events.dispatch" }, delaySeconds: DISPATCH_RECHECK_SECONDS }]);

    clock.advance(2_000);
    await dispatchPendingEvents(recording);
    expect(await dispatchedThrough(ctx)).toBeGreaterThanOrEqual(event!.id);
  });
});

describe("an event the dispatcher cannot handle", () => {
  it("holds the notifications behind it for seconds, not minutes: retried after 2 s and 4 s, then recorded as failed and passed over", async () => {
    await settleEvents();
    // The dispatcher's job, due on this test's clock a day ahead: a dispatcher the queue consumer
    // may start on the real clock finds it not yet due, and leaves every attempt to this test.
    const clock = testClock(new Date(Date.now() + 24 * 3600_000));
    const ctx = testJobContext("queue", clock);
    const dispatcher = await createJob(ctx, { kind: "events.dispatch", singletonKey: "events.dispatch" });
    await testEnv.DB.prepare("UPDATE jobs SET run_after = ? WHERE id = ?").bind(clock.now.toISOString(), dispatcher.id).run();
    const insertEvent = (payload: string, subject: string) =>
      testEnv.DB.prepare("INSERT INTO events (kind, subject_type, subject_id, payload, created_at) VALUES ('JOB_FINISHED', 'job', ?, ?, ?) RETURNING id")
        .bind(subject, payload, clock.now.toISOString())
        .first<{ id: number }>();
    // A payload that is not JSON: the row cannot be read, as a subscriber that throws.
    const unreadable = await insertEvent("{tidak terbaca", crypto.randomUUID());
    const behindIt = crypto.randomUUID();
    await insertEvent(JSON.stringify({ kind: "retention", userId: world.owner.user.id, counts: {} }), behindIt);
    const eventRow = () => testEnv.DB.prepare("SELECT attempts, error FROM events WHERE id = ?").bind(unreadable!.id).first<{ attempts: number; error: string | null }>();
    const waitsFor = async (id: number) => {
      const row = await testEnv.DB.prepare("SELECT status, run_after FROM jobs WHERE id = ?").bind(id).first<{ status: string; run_after: string }>();
      return { status: row!.status, ms: new Date(row!.run_after).getTime() - clock.now.getTime() };
    };

    const first = await runSystemJob(ctx, "events.dispatch");
    expect(first).toEqual({ id: dispatcher.id, outcome: "retry" });
    expect(await waitsFor(first.id)).toEqual({ status: "QUEUED", ms: 2_000 });
    expect(await eventRow()).toMatchObject({ attempts: 1 });

    clock.advance(2_000);
    expect((await runSystemJob(ctx, "events.dispatch")).outcome).toBe("retry");
    expect(await waitsFor(first.id)).toEqual({ status: "QUEUED", ms: 4_000 });

    clock.advance(4_000);
    expect((await runSystemJob(ctx, "events.dispatch")).outcome).toBe("done");
    expect((await eventRow())!.attempts).toBe(3);
    expect((await eventRow())!.error).toMatch(/JSON/);
    expect(await dispatchedThrough(ctx)).toBeGreaterThan(unreadable!.id);
    expect((await notificationsAbout(behindIt)).map((row) => row.user_id)).toEqual([world.owner.user.id]);
    // Shown as a failed job, naming the event.
    const { results: deadLetters } = await testEnv.DB.prepare("SELECT status, params FROM jobs WHERE kind = 'queue.dead-letter'").all<{ status: string; params: string }>();
    const recorded = deadLetters.filter((row) => (JSON.parse(row.params) as { message: string }).message.includes(`"eventId":${unreadable!.id},`));
    expect(recorded.map((row) => row.status)).toEqual(["FAILED"]);
  });
});

describe("/api/v1/jobs", () => {
  it("Super Admin sees every job; a user only the jobs acting for them", async () => {
    const admin = await signedIn("Super Admin");
    const ctx = testJobContext("queue");
    const own = await createJob(ctx, { kind: "retention", actorUserId: world.owner.user.id, params: { full: true }, singletonKey: `retention-test-${crypto.randomUUID()}` });
    const system = await runSystemJob(ctx, "notifications.reminders");
    const uuidOf = async (id: number) => (await testEnv.DB.prepare("SELECT uuid FROM jobs WHERE id = ?").bind(id).first<{ uuid: string }>())!.uuid;
    type Page = { data: { id: string; kind: string; system: boolean }[] };
    const mine = await expectJson<Page>(await send(world.owner.session, "GET", "/api/v1/jobs?size=50"), 200);
    const ownerJobs = (await testEnv.DB.prepare("SELECT uuid FROM jobs WHERE actor_user_id = ?").bind(world.owner.user.id).all<{ uuid: string }>()).results.map((row) => row.uuid);
    expect(mine.data.map((job) => job.id)).toContain(await uuidOf(own.id));
    expect(mine.data.map((job) => job.id).sort()).toEqual(ownerJobs.sort());
    expect((await send(world.owner.session, "GET", `/api/v1/jobs/${await uuidOf(system.id)}`)).status).toBe(404);
    const detail = await expectJson<{ kind: string; status: string; progress: number; total: number | null; report: unknown[] }>(
      await send(world.owner.session, "GET", `/api/v1/jobs/${await uuidOf(own.id)}`),
      200,
    );
    expect(detail).toMatchObject({ kind: "retention", status: "QUEUED", progress: 0, report: [] });
    const everything = await expectJson<Page>(await send(admin.session, "GET", "/api/v1/jobs?size=50&kind=notifications.reminders"), 200);
    expect(everything.data.map((job) => job.id)).toContain(await uuidOf(system.id));
    expect(everything.data.every((job) => job.kind === "notifications.reminders" && job.system)).toBe(true);
    expect((await send(world.viewer.session, "GET", `/api/v1/jobs/${await uuidOf(own.id)}`)).status).toBe(404);
    expect((await send(null, "GET", "/api/v1/jobs")).status).toBe(401);
  });
});

describe("the daily retention clock past its batch limit", () => {
  const DOCUMENTS = 250_000;

  it(`moves every due row of ${DOCUMENTS.toLocaleString("en")} documents, the newest included, in resumable slices`, async () => {
    // A database of its own: a quarter of a million rows would slow every other test.
    const d1 = testEnv.SCALE_DB;
    await applyD1Migrations(d1, testEnv.TEST_MIGRATIONS);
    // The clock reads retention_states alone: the catalogue's triggers (search index, counts,
    // OAI) are dropped on this throwaway database so filling it takes seconds, not minutes.
    const extras = await d1
      .prepare("SELECT type, name FROM sqlite_master WHERE tbl_name = 'archives' AND (type = 'trigger' OR (type = 'index' AND sql IS NOT NULL))")
      .all<{ type: string; name: string }>();
    if (extras.results.length > 0) await d1.batch(extras.results.map((row) => d1.prepare(`DROP ${row.type === "trigger" ? "TRIGGER" : "INDEX"} "${row.name}"`)));
    const started = Date.now();
    await d1.batch([
      d1.prepare("INSERT INTO categories (id, category_name) VALUES (1, 'Surat')"),
      d1.prepare(
        "INSERT INTO users (id, uuid, full_name, username, role_id, created_at, updated_at) VALUES (1, 'u-1', 'Arsiparis', 'arsiparis', (SELECT id FROM roles WHERE name = 'Super Admin'), '2026-01-01', '2026-01-01')",
      ),
      // Rows straight in (the clock reads retention_states only): every one due to move today.
      d1.prepare(
        `INSERT INTO archives (uuid, title, document_number, year, description, keywords, access_level, category_id, uploader_id,
           r2_key, file_name, file_size, mime_type, sha256, created_at, updated_at)
         WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${DOCUMENTS})
         SELECT 'doc-' || i, 'Surat ' || i, 'NO/' || i, 2015, '', '', 'PRIVATE', 1, 1, 'archives/' || i, 'surat.pdf', 1, 'application/pdf', '', '2026-01-01', '2026-01-01' FROM n`,
      ),
      d1.prepare(
        `INSERT INTO retention_states (archive_id, status, disposition, active_until, inactive_until, unit_kerja_id, refreshed_at, status_since)
         SELECT id, CASE WHEN id % 2 = 0 THEN 'AKTIF' ELSE 'INAKTIF' END, 'MUSNAH', '2017-12-31', CASE WHEN id % 4 = 1 THEN '2030-12-31' ELSE '2020-12-31' END, NULL, '2026-01-01', '2016-01-01' FROM archives`,
      ),
    ]);
    const filled = Date.now();
    const ctx: ServiceContext = { ...jobContext({ ...testEnv, DB: d1 }, "queue"), db: createDb(d1), d1, now: () => new Date("2026-11-27T05:00:00Z") };
    const job = await createJob(ctx, { kind: "retention", params: { batch: 25_000 }, singletonKey: "retention" });
    // Interrupted twice on the way (lease held), resumed each time from its cursor.
    expect(await runJob(ctx, job.id, { maxSlices: 3 })).toBe("paused");
    const later = { ...ctx, now: () => new Date("2026-11-27T05:10:00Z") };
    expect(await runJob(later, job.id, { maxSlices: 4 })).toBe("paused");
    const latest = { ...ctx, now: () => new Date("2026-11-27T05:20:00Z") };
    expect(await runJob(latest, job.id, { noContinuation: true, budgetMs: 600_000 })).toBe("done");
    console.log(`retention clock at ${DOCUMENTS} documents: filled in ${filled - started} ms, moved in ${Date.now() - filled} ms`);
    const count = async (where: string) => (await d1.prepare(`SELECT COUNT(*) AS n FROM retention_states WHERE ${where}`).first<{ n: number }>())!.n;
    const today = retentionToday(ctx.now());
    expect(await count(`status = 'AKTIF' AND active_until < '${today}'`)).toBe(0);
    expect(await count(`status IN ('AKTIF', 'INAKTIF') AND inactive_until < '${today}'`)).toBe(0);
    expect(await count("status = 'JATUH_TEMPO'")).toBe((DOCUMENTS * 3) / 4);
    expect(await count("status = 'INAKTIF'")).toBe(DOCUMENTS / 4);
    expect(await count(`status = 'JATUH_TEMPO' AND status_since = '${today}'`)).toBe((DOCUMENTS * 3) / 4);
    const newest = await d1.prepare("SELECT status FROM retention_states WHERE archive_id = (SELECT MAX(id) FROM archives)").first<{ status: string }>();
    expect(newest?.status).toBe("JATUH_TEMPO");
  });
});
