import { beforeAll, describe, expect, it, vi } from "vitest";
import { deniedMessages } from "~/i18n/id";
import { documentDetailText } from "~/i18n/document-detail";
import { session as sessionText } from "~/i18n/session";
import { testEnv } from "../support/worker/env";
import {
  archiveRow,
  auditRowsFor,
  documentFields,
  downloadBytes,
  expectError,
  expectNothingWritten,
  postDocument,
  sendMultipart,
  storageSnapshot,
  uploadDocument,
  type DocumentView,
  type Uploaded,
} from "../support/worker/documents";
import { createCategory, createUnitKerja, createUser, type RoleName } from "../support/worker/factories";
import { call, login, type SignedIn } from "../support/worker/http";
import { formBody, pdfBytes } from "../support/worker/multipart";

/**
 * The permission matrix of SPEC section 6 with ownership by id (uploader and owning unit), every cell
 * through the real API: role x PUBLIC/PRIVATE x action. The documents belong to `uploader`
 * (Satuan Kerja of unit A). `colleague` is Satuan Kerja of unit A too, `outsider` of unit B,
 * `viewer` is a Viewer placed in unit A (a unit alone grants nothing), `admin` a Super Admin
 * without a unit, `visitor` has no session.
 */

// Uploads stream through busboy, file-type and R2 in workerd: slower than the other API tests
// on a loaded machine, and the first one in a file also pays for module start-up.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

type Actor = "admin" | "uploader" | "colleague" | "outsider" | "viewer" | "visitor";
type Level = "PUBLIC" | "PRIVATE";
const ACTORS: Actor[] = ["admin", "uploader", "colleague", "outsider", "viewer", "visitor"];
const LEVELS: Level[] = ["PUBLIC", "PRIVATE"];

/** What each actor may do: the expected matrix, written out. */
const MAY: Record<Actor, { seePrivate: boolean; openFile: Record<Level, boolean>; edit: boolean; create: boolean }> = {
  admin: { seePrivate: true, openFile: { PUBLIC: true, PRIVATE: true }, edit: true, create: true },
  uploader: { seePrivate: true, openFile: { PUBLIC: true, PRIVATE: true }, edit: true, create: true },
  colleague: { seePrivate: true, openFile: { PUBLIC: true, PRIVATE: true }, edit: false, create: true },
  outsider: { seePrivate: true, openFile: { PUBLIC: true, PRIVATE: false }, edit: false, create: true },
  viewer: { seePrivate: true, openFile: { PUBLIC: true, PRIVATE: false }, edit: false, create: false },
  visitor: { seePrivate: false, openFile: { PUBLIC: true, PRIVATE: false }, edit: false, create: false },
};
const visible = (actor: Actor, level: Level) => level === "PUBLIC" || MAY[actor].seePrivate;

const sessions = {} as Record<Actor, SignedIn | null>;
const names = {} as Record<Actor, { id: number; fullName: string }>;
let categoryId: number;
/** The documents the read-only and refused cells look at; they must stay as they are. */
const shared = {} as Record<Level, Uploaded & { r2Key: string }>;

beforeAll(async () => {
  const unitA = await createUnitKerja();
  const unitB = await createUnitKerja();
  categoryId = (await createCategory()).id;
  const specs: Record<Exclude<Actor, "visitor">, { role: RoleName; unitKerjaId: number | null }> = {
    admin: { role: "Super Admin", unitKerjaId: null },
    uploader: { role: "Satuan Kerja", unitKerjaId: unitA.id },
    colleague: { role: "Satuan Kerja", unitKerjaId: unitA.id },
    outsider: { role: "Satuan Kerja", unitKerjaId: unitB.id },
    viewer: { role: "Viewer", unitKerjaId: unitA.id },
  };
  await Promise.all(
    Object.entries(specs).map(async ([actor, spec]) => {
      const user = await createUser({ ...spec, fullName: `Pengguna ${actor}` });
      names[actor as Actor] = user;
      sessions[actor as Actor] = await login(user.username, user.password);
    }),
  );
  sessions.visitor = null;
  for (const level of LEVELS) {
    const uploaded = await uploadDocument(sessions.uploader!, { categoryId, fields: { accessLevel: level, title: `Dokumen bersama ${level}` } });
    shared[level] = { ...uploaded, r2Key: (await archiveRow(uploaded.uuid))!.r2_key };
  }
});

const as = (actor: Actor) => ({ cookie: sessions[actor]?.cookie, ip: sessions[actor]?.ip, csrfToken: sessions[actor]?.csrfToken });

/** The r2 key (or any key of the bucket) never shows up in a JSON answer. */
function expectNoKey(text: string) {
  // Object keys are "archives/<uuid>"; the API's own URLs are the only "archives/" allowed.
  expect(text.replaceAll("/api/v1/archives/", "")).not.toContain("archives/");
  expect(text).not.toMatch(/r2_?key/i);
  for (const level of LEVELS) expect(text).not.toContain(shared[level].r2Key);
}

/** The file-dependent and ownership-dependent parts of a document as `actor` must see them. */
function expectViewFor(actor: Actor, level: Level, view: DocumentView) {
  const opens = MAY[actor].openFile[level];
  expect(view.previewUrl, `${actor} ${level} previewUrl`).toBe(opens ? `/api/v1/archives/${view.uuid}/download/${encodeURIComponent(view.fileName!)}?disposition=inline` : null);
  expect(view.downloadUrl, `${actor} ${level} downloadUrl`).toBe(opens ? `/api/v1/archives/${view.uuid}/download` : null);
  expect(view.canOpenFile, `${actor} ${level} canOpenFile`).toBe(opens);
  expect(view.canEdit, `${actor} ${level} canEdit`).toBe(MAY[actor].edit);
  expect(view.canDelete, `${actor} ${level} canDelete`).toBe(MAY[actor].edit);
  // Metadata is the same for everyone who may see it.
  expect(view).toMatchObject({ uuid: shared[level].uuid, accessLevel: level, uploader: "Pengguna uploader", fileName: "dokumen.pdf" });
}

describe("list visibility", () => {
  for (const actor of ACTORS) {
    it(`${actor}: ${MAY[actor].seePrivate ? "PUBLIC and PRIVATE" : "PUBLIC only"}, file links only where the file may be opened`, async () => {
      const response = await call(`/api/v1/archives?category=${categoryId}&size=50`, as(actor));
      expect(response.status).toBe(200);
      const text = await response.text();
      expectNoKey(text);
      const { data, total } = JSON.parse(text) as { data: DocumentView[]; total: number };
      for (const level of LEVELS) {
        const item = data.find((d) => d.uuid === shared[level].uuid);
        if (!visible(actor, level)) {
          expect(item, `${actor} must not see ${level}`).toBeUndefined();
          continue;
        }
        expect(item, `${actor} must see ${level}`).toBeDefined();
        expectViewFor(actor, level, item!);
      }
      if (!MAY[actor].seePrivate) expect(data.every((d) => d.accessLevel === "PUBLIC")).toBe(true);
      expect(total).toBe(data.length);
    });
  }
});

describe("detail", () => {
  for (const actor of ACTORS) {
    for (const level of LEVELS) {
      const expected = visible(actor, level) ? "200" : "404";
      it(`${actor} x ${level}: ${expected}`, async () => {
        const response = await call(`/api/v1/archives/${shared[level].uuid}`, as(actor));
        if (!visible(actor, level)) {
          await expectError(response, 404, documentDetailText.notFound);
          return;
        }
        expect(response.status).toBe(200);
        const text = await response.text();
        expectNoKey(text);
        expectViewFor(actor, level, JSON.parse(text) as DocumentView);
      });
    }
  }
});

describe("download", () => {
  for (const actor of ACTORS) {
    for (const level of LEVELS) {
      const opens = MAY[actor].openFile[level];
      const expected = opens ? "200 with the bytes" : actor === "visitor" ? "404" : "403";
      it(`${actor} x ${level}: ${expected}`, async () => {
        const audit = (await auditRowsFor(shared[level].uuid)).length;
        for (const query of ["", "?disposition=inline"]) {
          const response = await call(`/api/v1/archives/${shared[level].uuid}/download${query}`, as(actor));
          if (opens) {
            expect(response.status, query).toBe(200);
            expect(await downloadBytes(response)).toEqual(shared[level].bytes);
          } else if (actor === "visitor") {
            await expectError(response, 404, documentDetailText.notFound, query);
          } else {
            await expectError(response, 403, documentDetailText.noAccess, query);
          }
        }
        const rows = await auditRowsFor(shared[level].uuid);
        expect(rows.length).toBe(audit + (opens ? 2 : 0));
        if (opens) {
          expect(rows.slice(-2).map((r) => [r.action, r.actor_id])).toEqual([
            ["DOCUMENT_DOWNLOAD", actor === "visitor" ? null : names[actor].id],
            ["DOCUMENT_PREVIEW", actor === "visitor" ? null : names[actor].id],
          ]);
        }
      });
    }
  }
});

/** A throwaway document of `level` for the cells that change or delete it. */
const fresh = (level: Level) => uploadDocument(sessions.uploader!, { categoryId, fields: { accessLevel: level, title: `Dokumen sekali pakai ${level}` } });

/** Expect a refused write: 401 for a visitor, 403 with `message` otherwise, and nothing changed. */
async function expectRefused(actor: Actor, response: Response, message: string, level: Level) {
  if (actor === "visitor") await expectError(response, 401, sessionText.required);
  else await expectError(response, 403, message);
  expect(await archiveRow(shared[level].uuid)).toMatchObject({ title: `Dokumen bersama ${level}`, r2_key: shared[level].r2Key });
  expect(await testEnv.FILES.head(shared[level].r2Key)).not.toBeNull();
}

describe("edit (PUT)", () => {
  for (const actor of ACTORS) {
    for (const level of LEVELS) {
      it(`${actor} x ${level}: ${MAY[actor].edit ? "200" : actor === "visitor" ? "401" : "403"}`, async () => {
        const fields = documentFields(categoryId, { title: `Diubah oleh ${actor}`, accessLevel: level });
        if (MAY[actor].edit) {
          const { uuid } = await fresh(level);
          const response = await sendMultipart(`/api/v1/archives/${uuid}`, sessions[actor], formBody(fields), { method: "PUT" });
          expect(response.status).toBe(200);
          expect(await archiveRow(uuid)).toMatchObject({ title: `Diubah oleh ${actor}`, uploader_id: names.uploader.id });
          expect((await auditRowsFor(uuid)).at(-1)).toMatchObject({ action: "DOCUMENT_UPDATE", actor_id: names[actor].id });
          return;
        }
        const before = await storageSnapshot();
        const response = await sendMultipart(`/api/v1/archives/${shared[level].uuid}`, sessions[actor], formBody(fields), { method: "PUT" });
        await expectRefused(actor, response, deniedMessages.editDocument, level);
        await expectNothingWritten(before);
      });
    }
  }
});

describe("replace file (POST /file)", () => {
  for (const actor of ACTORS) {
    for (const level of LEVELS) {
      it(`${actor} x ${level}: ${MAY[actor].edit ? "200" : actor === "visitor" ? "401" : "403"}`, async () => {
        const body = formBody({}, { filename: "pengganti.pdf", data: pdfBytes() });
        if (MAY[actor].edit) {
          const { uuid } = await fresh(level);
          const response = await sendMultipart(`/api/v1/archives/${uuid}/file`, sessions[actor], body);
          expect(response.status).toBe(200);
          expect(await archiveRow(uuid)).toMatchObject({ file_name: "pengganti.pdf" });
          expect((await auditRowsFor(uuid)).at(-1)).toMatchObject({ action: "DOCUMENT_FILE_REPLACE", actor_id: names[actor].id });
          return;
        }
        const before = await storageSnapshot();
        const response = await sendMultipart(`/api/v1/archives/${shared[level].uuid}/file`, sessions[actor], body);
        await expectRefused(actor, response, deniedMessages.editDocument, level);
        await expectNothingWritten(before);
      });
    }
  }
});

describe("delete", () => {
  for (const actor of ACTORS) {
    for (const level of LEVELS) {
      it(`${actor} x ${level}: ${MAY[actor].edit ? "200" : actor === "visitor" ? "401" : "403"}`, async () => {
        if (MAY[actor].edit) {
          const { uuid } = await fresh(level);
          const response = await call(`/api/v1/archives/${uuid}`, { method: "DELETE", ...as(actor) });
          expect(response.status).toBe(200);
          expect(await archiveRow(uuid)).toMatchObject({ deleted_at: expect.any(String), deleted_by: names[actor].id });
          expect((await auditRowsFor(uuid)).at(-1)).toMatchObject({ action: "DOCUMENT_TRASH", actor_id: names[actor].id });
          return;
        }
        const before = await storageSnapshot();
        const response = await call(`/api/v1/archives/${shared[level].uuid}`, { method: "DELETE", ...as(actor) });
        await expectRefused(actor, response, deniedMessages.deleteDocument, level);
        await expectNothingWritten(before);
      });
    }
  }
});

describe("create", () => {
  for (const actor of ACTORS) {
    it(`${actor}: ${MAY[actor].create ? "201, owned by the session user" : actor === "visitor" ? "401" : "403"}`, async () => {
      // The body names someone else as the uploader: it never counts.
      const fields = documentFields(categoryId, { uploaderId: String(names.uploader.id), uploader: "Pengguna uploader" });
      const before = await storageSnapshot();
      const response = await postDocument(sessions[actor], { fields });
      if (MAY[actor].create) {
        expect(response.status).toBe(201);
        const { data } = await response.json<{ data: DocumentView }>();
        expect(data).toMatchObject({ uploader: `Pengguna ${actor}`, canEdit: true, canDelete: true, canOpenFile: true });
        expect(await archiveRow(data.uuid)).toMatchObject({ uploader_id: names[actor].id });
        return;
      }
      if (actor === "visitor") await expectError(response, 401, sessionText.required);
      else await expectError(response, 403, deniedMessages.createDocument);
      await expectNothingWritten(before);
    });
  }
});

describe("a visitor and a PRIVATE document", () => {
  it("cannot tell it from one that does not exist, on any read", async () => {
    for (const path of [`/api/v1/archives/${shared.PRIVATE.uuid}`, `/api/v1/archives/${shared.PRIVATE.uuid}/download`]) {
      const hidden = await call(path);
      const missing = await call(path.replace(shared.PRIVATE.uuid, crypto.randomUUID()));
      expect(hidden.status).toBe(404);
      expect(await hidden.json()).toEqual(await missing.json());
    }
  });

  it("is never counted in a visitor's totals or search", async () => {
    const all = await (await call(`/api/v1/archives?category=${categoryId}`)).json<{ total: number; data: DocumentView[] }>();
    expect(all.data.map((d) => d.uuid)).not.toContain(shared.PRIVATE.uuid);
    const search = await (await call(`/api/v1/archives?q=${encodeURIComponent("bersama PRIVATE")}`)).json<{ total: number }>();
    expect(search.total).toBe(0);
    const signedIn = await (await call(`/api/v1/archives?q=${encodeURIComponent("bersama PRIVATE")}`, as("viewer"))).json<{ total: number }>();
    expect(signedIn.total).toBe(1);
  });
});

describe("canRequestAccess", () => {
  it("is offered only to a signed-in non-Viewer, non-admin who cannot open a PRIVATE file", async () => {
    for (const actor of ACTORS) {
      for (const level of LEVELS) {
        if (!visible(actor, level)) continue;
        const view = await (await call(`/api/v1/archives/${shared[level].uuid}`, as(actor))).json<DocumentView>();
        expect(view.canRequestAccess, `${actor} ${level}`).toBe(actor === "outsider" && level === "PRIVATE");
      }
    }
  });
});
