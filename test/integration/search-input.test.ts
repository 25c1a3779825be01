import { beforeAll, describe, expect, it } from "vitest";
import { containsPattern, MAX_LIKE_PATTERN_BYTES } from "~/server/db/like-pattern.server";
import { send } from "../support/worker/admin";
import { accessWorld, askedRequest, ownerDocument } from "../support/worker/access-requests";
import { createUser } from "../support/worker/factories";
import { unique, type SignedIn } from "../support/worker/http";
import { ODD_SEARCHES, SEARCH_ENDPOINTS, type SearchRole } from "../support/shared/search-endpoints";

/**
 * Every searchable list of the API answers any search text with a list (200), never a 500: D1
 * refuses LIKE patterns over 50 bytes, FTS5 refuses syntax it cannot parse. The same table of
 * endpoints runs against the built app's pages in test/e2e/search-input.test.ts.
 */

// Every list holds rows for the search to run over (SQLite checks a LIKE pattern only when it
// compares a row): the Satuan Kerja owner has a request addressed to their unit and a document
// in the trash, and the admin sees users, units, the audit log and the trash.
const sessions = new Map<SearchRole, SignedIn | null>();
beforeAll(async () => {
  const world = await accessWorld();
  const asked = await ownerDocument(world, "PRIVATE");
  await askedRequest(world.requester.session, asked.uuid);
  const trashed = await ownerDocument(world, "PUBLIC");
  expect((await send(world.owner.session, "DELETE", `/api/v1/archives/${trashed.uuid}`)).status).toBe(200);
  sessions.set("visitor", null);
  sessions.set("Super Admin", world.admin.session);
  sessions.set("Satuan Kerja", world.owner.session);
});

describe.each(SEARCH_ENDPOINTS.filter((endpoint) => !endpoint.page))("$label ($param=)", (endpoint) => {
  it.each(ODD_SEARCHES)("%s answers 200 with a list", async (_label, search) => {
    const url = `${endpoint.path}?${new URLSearchParams({ [endpoint.param]: search })}`;
    const response = await send(sessions.get(endpoint.as)!, "GET", url);
    const text = await response.text();
    expect(response.status, text).toBe(200);
    expect(() => JSON.parse(text)).not.toThrow();
  });
});

describe("LIKE patterns", () => {
  it("stay within D1's 50 bytes, whole characters and escape pairs only", () => {
    for (const [, search] of ODD_SEARCHES) {
      const pattern = containsPattern(search);
      expect(new TextEncoder().encode(pattern).length).toBeLessThanOrEqual(MAX_LIKE_PATTERN_BYTES);
      expect(pattern.startsWith("%") && pattern.endsWith("%")).toBe(true);
      // An odd run of backslashes before the closing % would escape it.
      expect(/(^|[^\\])(\\\\)*\\%$/.test(pattern)).toBe(false);
    }
    expect(containsPattern("é".repeat(30))).toBe(`%${"é".repeat(24)}%`);
    expect(containsPattern("50%_\\")).toBe("%50\\%\\_\\\\%");
  });

  it("treat % _ and \\ as the characters they are", async () => {
    const tag = unique("pct");
    const literal = await createUser({ fullName: `Diskon 100%_\\ ${tag}` });
    await createUser({ fullName: `Diskon 1000 ${tag}` });
    await createUser({ fullName: `Diskon 100X ${tag}` });
    const admin = sessions.get("Super Admin")!;
    const response = await send(admin, "GET", `/api/v1/users?${new URLSearchParams({ q: `100%_\\ ${tag}` })}`);
    const body = await response.json<{ data: { username: string }[] }>();
    expect(body.data.map((user) => user.username)).toEqual([literal.username]);
  });

  it("match a term longer than one pattern exactly, not by its first 48 bytes", async () => {
    const tag = unique("long");
    const stem = `Kepala Bagian Tata Usaha dan Rumah Tangga ${tag} Fakultas`;
    const wanted = await createUser({ fullName: `${stem} Teknik` });
    await createUser({ fullName: `${stem} Ekonomi` });
    const admin = sessions.get("Super Admin")!;
    const response = await send(admin, "GET", `/api/v1/users?${new URLSearchParams({ q: `${stem.toUpperCase()} TEKNIK` })}`);
    const body = await response.json<{ data: { username: string }[] }>();
    expect(body.data.map((user) => user.username)).toEqual([wanted.username]);
  });
});
