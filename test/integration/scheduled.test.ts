import { createScheduledController } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker from "../../workers/app";
import { testEnv } from "../support/worker/env";
import { createAccessRequest, createArchive, createCategory, createUnitKerja, createUnitStaff, createUser } from "../support/worker/factories";
import { call, login } from "../support/worker/http";

const HOUR = 3600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/** The cron trigger, as workerd invokes it: the Worker's default export `scheduled`. */
async function runCron() {
  await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: "*/30 * * * *" }), testEnv);
}

async function statusOf(id: number) {
  const row = await testEnv.DB.prepare("SELECT status FROM access_requests WHERE id = ?").bind(id).first<{ status: string }>();
  return row!.status;
}

describe("scheduled handler", () => {
  it("expires lapsed approvals and leaves the others alone", async () => {
    const unit = await createUnitKerja();
    const owner = await createUser({ role: "Satuan Kerja", unitKerjaId: unit.id });
    const requester = await createUnitStaff();
    const category = await createCategory();
    // One document per request: a requester holds at most one open request per document.
    const base = async () => ({
      archiveId: (await createArchive({ uploaderId: owner.id, categoryId: category.id, unitKerjaId: unit.id })).id,
      requesterId: requester.id,
      ownerUnitKerjaId: unit.id,
    });

    const lapsed = await createAccessRequest({ ...(await base()), status: "APPROVED", expiresAt: iso(-1000) });
    const live = await createAccessRequest({ ...(await base()), status: "APPROVED", expiresAt: iso(23 * HOUR) });
    const pending = await createAccessRequest({ ...(await base()), status: "PENDING", expiresAt: null });
    const rejected = await createAccessRequest({ ...(await base()), status: "REJECTED", expiresAt: iso(-HOUR) });

    await runCron();

    expect(await statusOf(lapsed.id)).toBe("EXPIRED");
    expect(await statusOf(live.id)).toBe("APPROVED");
    expect(await statusOf(pending.id)).toBe("PENDING");
    expect(await statusOf(rejected.id)).toBe("REJECTED");
  });

  it("deletes expired sessions and stale throttle rows, keeping live ones", async () => {
    const user = await createUser();
    const keep = await login(user.username, user.password);
    const drop = await login(user.username, user.password);
    await testEnv.DB.prepare("UPDATE sessions SET expires_at = ? WHERE csrf_token = ?").bind(iso(-1000), drop.csrfToken).run();

    const throttle = testEnv.DB.prepare("INSERT INTO login_throttle (key, failures, window_start, locked_until) VALUES (?, ?, ?, ?)");
    const tag = crypto.randomUUID();
    await testEnv.DB.batch([
      throttle.bind(`user:stale-${tag}`, 3, iso(-25 * HOUR), null),
      throttle.bind(`user:recent-${tag}`, 3, iso(-HOUR), null),
      throttle.bind(`user:locked-${tag}`, 5, iso(-25 * HOUR), iso(HOUR)),
    ]);

    await runCron();

    const { results: sessions } = await testEnv.DB.prepare("SELECT csrf_token FROM sessions WHERE user_id = ?").bind(user.id).all<{ csrf_token: string }>();
    expect(sessions.map((row) => row.csrf_token)).toEqual([keep.csrfToken]);
    expect((await call("/api/v1/users/me", { cookie: keep.cookie })).status).toBe(200);

    const { results: keys } = await testEnv.DB.prepare("SELECT key FROM login_throttle WHERE key LIKE ? ORDER BY key")
      .bind(`%${tag}`)
      .all<{ key: string }>();
    expect(keys.map((row) => row.key)).toEqual([`user:locked-${tag}`, `user:recent-${tag}`]);
  });

  it("deletes staged R2 objects no version uses once the grace period has passed", async () => {
    const owner = await createUnitStaff();
    const archive = await createArchive({ uploaderId: owner.id, categoryId: (await createCategory()).id });
    const tag = crypto.randomUUID();
    const keys = { orphan: `archives/orphan-${tag}`, fresh: `archives/fresh-${tag}`, inUse: `archives/${archive.uuid}` };
    for (const key of Object.values(keys)) await testEnv.FILES.put(key, "bytes");
    const queue = testEnv.DB.prepare("INSERT INTO file_staging (r2_key, created_at) VALUES (?, ?)");
    await testEnv.DB.batch([
      queue.bind(keys.orphan, iso(-7 * HOUR)),
      queue.bind(keys.fresh, iso(-HOUR)),
      // A stale staging row for a key a version still uses: the row goes, the file stays.
      queue.bind(keys.inUse, iso(-7 * HOUR)),
    ]);

    await runCron();

    expect(await testEnv.FILES.head(keys.orphan)).toBeNull();
    expect(await testEnv.FILES.head(keys.fresh)).not.toBeNull();
    expect(await testEnv.FILES.head(keys.inUse)).not.toBeNull();
    const { results } = await testEnv.DB.prepare("SELECT r2_key FROM file_staging WHERE r2_key LIKE ?").bind(`%${tag}%`).all<{ r2_key: string }>();
    expect(results.map((row) => row.r2_key)).toEqual([keys.fresh]);
    const marker = await testEnv.DB.prepare("SELECT r2_key FROM file_staging WHERE r2_key = ?").bind(keys.inUse).first();
    expect(marker).toBeNull();
  });
});

describe("cron branches", () => {
  it("an unknown cron is logged and does nothing; every known one runs its named jobs", async () => {
    const jobsBefore = (await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM jobs").first<{ n: number }>())!.n;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: "0 0 * * *" }), testEnv);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"unknown_cron"'));
    warn.mockRestore();
    expect((await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM jobs").first<{ n: number }>())!.n).toBe(jobsBefore);
    await runCron();
    const kinds = (await testEnv.DB.prepare("SELECT DISTINCT kind FROM jobs WHERE status = 'DONE'").all<{ kind: string }>()).results.map((row) => row.kind);
    expect(kinds).toEqual(expect.arrayContaining(["maintenance", "text-backfill", "search.restem", "notifications.reminders"]));
  });
});
