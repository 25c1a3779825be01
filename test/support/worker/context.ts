import { actorOf, jobContext, type RequestContext, type ServiceContext, type SessionUser } from "~/server/context.server";
import type { JobName } from "~/domain/policy";
import { createDb } from "~/server/db/db.server";
import { loadConfig } from "~/server/env.server";
import { testEnv } from "./env";
import type { CreatedUser } from "./factories";
import { uniqueIp } from "./http";

/** A settable clock for services called with `serviceContext`. */
export type TestClock = { now: Date; advance(ms: number): void; set(date: Date): void };
export function testClock(start = new Date()): TestClock {
  const clock: TestClock = {
    now: start,
    advance: (ms) => void (clock.now = new Date(clock.now.getTime() + ms)),
    set: (date) => void (clock.now = date),
  };
  return clock;
}

/**
 * The context a request of `user` (null: a visitor) would build, with an injected clock: for
 * calling a service directly where time matters (HTTP requests always use the real clock).
 */
export async function serviceContext(user: CreatedUser | null, clock: TestClock = testClock()): Promise<RequestContext> {
  let sessionUser: SessionUser | null = null;
  if (user) {
    const unit = user.unitKerjaId
      ? await testEnv.DB.prepare("SELECT nama FROM unit_kerja WHERE id = ?").bind(user.unitKerjaId).first<{ nama: string }>()
      : null;
    const designation = await testEnv.DB.prepare("SELECT ppid_role FROM users WHERE id = ?").bind(user.id).first<{ ppid_role: "PETUGAS" | "ATASAN" | null }>();
    sessionUser = {
      ppidRole: designation?.ppid_role ?? null,
      userId: user.id,
      uuid: user.uuid,
      name: user.fullName,
      username: user.username,
      role: user.role,
      unitKerjaId: user.unitKerjaId,
      unitKerjaName: unit?.nama ?? null,
    };
  }
  return {
    env: testEnv,
    config: loadConfig(testEnv),
    db: createDb(testEnv.DB),
    d1: testEnv.DB,
    files: testEnv.FILES,
    now: () => clock.now,
    waitUntil: () => {},
    actor: sessionUser ? actorOf(sessionUser) : null,
    origin: "http://earsip.test",
    client: { ip: uniqueIp(), userAgent: "vitest" },
    url: new URL("http://earsip.test/"),
    secure: false,
    session: sessionUser ? { idHash: "test", csrfToken: "test", user: sessionUser } : null,
    bearer: null,
    flash: null,
    nonce: "test",
  };
}

/** A job's context (cron, queue consumer) on the test bindings, with an injected clock. */
export function testJobContext(job: JobName, clock: TestClock = testClock()): ServiceContext {
  return jobContext(testEnv, job, { now: () => clock.now });
}
