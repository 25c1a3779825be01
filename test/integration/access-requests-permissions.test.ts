import { beforeAll, describe, expect, it } from "vitest";
import type { AccessRequestView } from "~/domain/access-requests";
import { expectError } from "../support/worker/documents";
import {
  accessWorld,
  approvedRequest,
  askAccess,
  askedRequest,
  expectDownloadRefused,
  getWith,
  listRequests,
  ownerDocument,
  requestRow,
  requestRowsFor,
  respond,
  revoke,
  type AccessWorld,
  type Person,
} from "../support/worker/access-requests";
import type { SignedIn } from "../support/worker/http";

const SIGN_IN = "Sesi tidak valid. Silakan login kembali.";
const CANNOT_REQUEST = "Anda tidak dapat meminta akses ke dokumen ini.";
const NOT_FOUND = "Permintaan akses tidak ditemukan.";

let world: AccessWorld;
beforeAll(async () => {
  world = await accessWorld();
});

type Who = "admin" | "owner" | "colleague" | "requester" | "stranger" | "viewer" | "visitor";
const sessionOf = (who: Who): SignedIn | null => (who === "visitor" ? null : (world[who] as Person).session);

describe("request access (PRIVATE document of the owner's unit)", () => {
  const cells: [Who, number, string | null][] = [
    ["admin", 403, CANNOT_REQUEST],
    ["owner", 403, CANNOT_REQUEST],
    ["colleague", 403, CANNOT_REQUEST],
    ["requester", 201, null],
    ["viewer", 403, CANNOT_REQUEST],
    ["visitor", 401, SIGN_IN],
  ];
  for (const [who, status, message] of cells) {
    it(`${who}: ${status}`, async () => {
      const doc = await ownerDocument(world);
      const response = await askAccess(sessionOf(who), doc.uuid);
      if (message) {
        await expectError(response, status, message);
        expect(await requestRowsFor(doc.uuid)).toEqual([]);
      } else expect(response.status).toBe(status);
    });
  }

  it("nobody requests a PUBLIC document (its file is open to all)", async () => {
    const doc = await ownerDocument(world, "PUBLIC");
    await expectError(await askAccess(world.requester.session, doc.uuid), 403, CANNOT_REQUEST);
  });
});

/**
 * Who may move a request on: Super Admin and the owning unit's members (200, the request then
 * `after`); the requester is refused with `refusal`, anyone else does not see it (404): the
 * request stays `before`.
 */
function statusChange(name: string, refusal: string, step: { prepare: (doc: string) => Promise<AccessRequestView>; act: (session: SignedIn | null, uuid: string) => Promise<Response>; before: string; after: string }) {
  describe(name, () => {
    const cells: [Who, number, string | null][] = [
      ["admin", 200, null],
      ["owner", 200, null],
      ["colleague", 200, null],
      ["requester", 403, refusal],
      ["stranger", 404, NOT_FOUND],
      ["viewer", 404, NOT_FOUND],
      ["visitor", 401, SIGN_IN],
    ];
    for (const [who, status, message] of cells) {
      it(`${who}: ${status}`, async () => {
        const request = await step.prepare((await ownerDocument(world)).uuid);
        const response = await step.act(sessionOf(who), request.uuid);
        if (message) {
          await expectError(response, status, message);
          expect((await requestRow(request.uuid))!.status).toBe(step.before);
        } else {
          expect(response.status, await response.clone().text()).toBe(200);
          expect((await requestRow(request.uuid))!.status).toBe(step.after);
        }
      });
    }
  });
}

statusChange("respond (PENDING request addressed to the owner's unit)", "Anda tidak memiliki izin untuk merespon permintaan akses ini.", {
  prepare: (doc) => askedRequest(world.requester.session, doc),
  act: respond,
  before: "PENDING",
  after: "APPROVED",
});

statusChange("revoke (live approval)", "Anda tidak memiliki izin untuk mencabut izin unduhan ini.", {
  prepare: (doc) => approvedRequest(world, doc),
  act: revoke,
  before: "APPROVED",
  after: "REVOKED",
});

describe("list", () => {
  let asked: AccessRequestView;
  beforeAll(async () => {
    asked = await askedRequest(world.requester.session, (await ownerDocument(world)).uuid);
  });
  const cells: [Who, boolean | number][] = [
    ["admin", true],
    ["owner", true],
    ["colleague", true],
    ["requester", true],
    ["stranger", false],
    ["viewer", 403],
    ["visitor", 401],
  ];
  for (const [who, expected] of cells) {
    it(`${who}: ${typeof expected === "number" ? expected : expected ? "sees it" : "does not see it"}`, async () => {
      const response = await listRequests(sessionOf(who), "?size=50");
      if (typeof expected === "number") {
        await expectError(response, expected, expected === 401 ? SIGN_IN : "Anda tidak memiliki izin untuk melihat permintaan akses.");
        return;
      }
      expect(response.status).toBe(200);
      const rows = await response.json<AccessRequestView[]>();
      expect(rows.some((row) => row.uuid === asked.uuid)).toBe(expected);
      // Nobody but the requester ever gets a token.
      if (who !== "requester") expect(rows.every((row) => row.token === null && row.downloadUrl === null)).toBe(true);
    });
  }

  it("a Satuan Kerja user sees exactly the requests they made and those addressed to their unit", async () => {
    const rows = await (await listRequests(world.stranger.session, "?size=50")).json<AccessRequestView[]>();
    expect(rows.every((row) => row.requester === world.stranger.user.fullName)).toBe(true);
    const owners = await (await listRequests(world.colleague.session, "?size=50")).json<AccessRequestView[]>();
    expect(owners.length).toBeGreaterThan(0);
    expect(owners.every((row) => row.owner === world.ownerUnit.nama)).toBe(true);
  });
});

describe("token download (live approval of the requester)", () => {
  let url: string;
  let doc: Awaited<ReturnType<typeof ownerDocument>>;
  beforeAll(async () => {
    doc = await ownerDocument(world);
    url = (await approvedRequest(world, doc.uuid)).downloadUrl!;
  });
  // Whoever is not the holder hears the same as for a token that does not exist.
  const FOREIGN = "Token unduhan tidak valid.";
  const cells: [Who, number, string | null][] = [
    ["requester", 200, null],
    ["admin", 403, FOREIGN],
    ["owner", 403, FOREIGN],
    ["colleague", 403, FOREIGN],
    ["stranger", 403, FOREIGN],
    ["viewer", 403, FOREIGN],
    ["visitor", 401, "Silakan login dengan akun pemohon untuk mengunduh dokumen ini."],
  ];
  for (const [who, status, reason] of cells) {
    it(`${who}: ${status}`, async () => {
      const response = await getWith(sessionOf(who), url);
      if (reason) await expectDownloadRefused(response, status, reason);
      else {
        expect(response.status).toBe(200);
        expect(new Uint8Array(await response.arrayBuffer())).toEqual(doc.bytes);
      }
    });
  }
});
