import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { requireSession } from "~/routes/helpers/gates.server";
import { requestContextKey } from "~/server/context.server";
import { createBerkas, fileDocumentsIntoBerkas } from "~/server/berkas/service.server";
import { createDb } from "~/server/db/db.server";
import { accessWorld, ownerDocument, type AccessWorld } from "../support/worker/access-requests";
import { serviceContext } from "../support/worker/context";
import { testEnv } from "../support/worker/env";
import { unique } from "../support/worker/http";

/**
 * Each D1 round trip is a wait in production and the in-process database's CPU here: a page reads
 * what it shows together (`readTogether`). The dashboard once grew from one round trip to five
 * (the vital card read its four counts one by one), the document page from two to six and the
 * list from one to two without anyone seeing it; these counts make such a change a failing test.
 */

vi.setConfig({ testTimeout: 60_000 });

let world: AccessWorld;
beforeAll(async () => {
  world = await accessWorld();
});

/** A D1 binding that counts round trips: each statement run alone, each batch. */
function countingD1(d1: D1Database) {
  let roundTrips = 0;
  const targets = new WeakMap<object, D1PreparedStatement>();
  const counted = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, key) {
        const value = Reflect.get(target, key) as unknown;
        if (typeof value !== "function") return value;
        if (key === "bind") return (...values: unknown[]) => counted(target.bind(...values));
        if (key === "first" || key === "all" || key === "run" || key === "raw") {
          return (...args: unknown[]) => {
            roundTrips++;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
    targets.set(proxy, statement);
    return proxy;
  };
  const binding = {
    prepare: (sql: string) => counted(d1.prepare(sql)),
    batch: (statements: D1PreparedStatement[]) => {
      roundTrips++;
      return d1.batch(statements.map((statement) => targets.get(statement) ?? statement));
    },
  } as unknown as D1Database;
  return { binding, roundTrips: () => roundTrips };
}

/** Runs a page's loader below the /app layout's gate, as React Router does: the loader's own round trips, and its data. */
async function roundTripsOf(user: AccessWorld["admin"]["user"], url: string, params: Record<string, string>, loader: (args: never) => unknown) {
  const base = await serviceContext(user);
  const d1 = countingD1(base.d1);
  const context = new RouterContextProvider(new Map([[requestContextKey, base]]));
  const args = { request: new Request(`http://earsip.test${url}`), context, params, unstable_pattern: url } as never;
  let before = 0;
  let data: unknown;
  await requireSession(args, async () => {
    // From here on the loader reads through the counting binding.
    Object.assign(base, { d1: d1.binding, db: createDb(d1.binding) });
    before = d1.roundTrips();
    data = await loader(args);
    return data as never;
  });
  return { count: d1.roundTrips() - before, data };
}

describe("what a page reads, in how many D1 round trips", () => {
  it("the /app layout reads the sidebar's pending requests and the bell's unread count in one, for a unit's staff too", async () => {
    const { loader } = await import("~/routes/app-layout");
    const layout = await roundTripsOf(world.owner.user, "/app", {}, loader as never);
    expect(layout.count).toBe(1);
    expect(layout.data).toEqual({ pendingAccessRequests: expect.any(Number), unreadNotifications: expect.any(Number) });
  });

  it("the Super Admin dashboard reads every card, the vital card included, in one", async () => {
    const { loader } = await import("~/routes/app/dashboard");
    expect((await roundTripsOf(world.admin.user, "/app", {}, loader as never)).count).toBe(1);
  });

  it("the documents list reads its page, total, filters and the bulk bar's berkas in one", async () => {
    const { loader } = await import("~/routes/app/documents");
    await ownerDocument(world);
    expect((await roundTripsOf(world.admin.user, "/app/documents", {}, loader as never)).count).toBe(1);
  });

  it("a searched list reads its words' expansions and how common each is in one, then its page, total and filters in one more", async () => {
    const { loader } = await import("~/routes/app/documents");
    await ownerDocument(world, "PUBLIC", "Surat edaran pengabdian masyarakat");
    const page = await roundTripsOf(world.admin.user, "/app/documents?q=pengabdian+masyarakat", {}, loader as never);
    expect(page.count).toBe(2);
    expect((page.data as { page: { total: number } }).page.total).toBeGreaterThan(0);
  });

  it("a document's page reads the document, then everything else it shows (retention, versions, text, berkas options, vital section) in one more", async () => {
    const { loader } = await import("~/routes/app/document-detail");
    const doc = await ownerDocument(world);
    expect((await roundTripsOf(world.admin.user, `/app/documents/${doc.uuid}`, { uuid: doc.uuid }, loader as never)).count).toBe(2);
  });

  it("a filed document's page reads its berkas, and whether the berkas is open, in the same second one", async () => {
    const { loader } = await import("~/routes/app/document-detail");
    const code = unique("RT").replace(/[^A-Za-z0-9]/g, "").toUpperCase().slice(-10);
    const now = new Date().toISOString();
    const codeRow = await testEnv.DB.prepare(
      `INSERT INTO classification_codes (code, name, retention_active_years, retention_inactive_years, final_disposition, created_at, updated_at)
       VALUES (?, 'Kode uji', 1, 1, 'MUSNAH', ?, ?) RETURNING id`,
    )
      .bind(code, now, now)
      .first<{ id: number }>();
    const doc = await ownerDocument(world);
    await testEnv.DB.prepare("UPDATE archives SET classification_id = ? WHERE uuid = ?").bind(codeRow!.id, doc.uuid).run();
    const owner = await serviceContext(world.owner.user);
    const berkas = await createBerkas(owner, { number: unique("B"), title: "Berkas uji", classificationCode: code });
    await fileDocumentsIntoBerkas(owner, berkas.id, [doc.uuid]);
    const page = await roundTripsOf(world.owner.user, `/app/documents/${doc.uuid}`, { uuid: doc.uuid }, loader as never);
    expect(page.count).toBe(2);
    expect((page.data as { archival: { berkas: unknown } }).archival.berkas).toEqual({ id: berkas.id, number: berkas.number, title: "Berkas uji", canManage: true });
  });
});
