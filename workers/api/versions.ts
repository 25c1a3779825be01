import { Hono } from "hono";
import { DocumentViewSchema, RestoredSchema, RestoreVersionSchema, VersionDownloadQuerySchema, VersionListSchema } from "~/domain/api/documents";
import { changed } from "~/domain/api/common";
import { restoreDocument } from "~/server/documents/trash.server";
import { listVersions, openVersionDownload, restoreVersion } from "~/server/documents/versions.server";
import { fileResponse } from "~/server/http/file-response.server";
import { recordMessages } from "~/i18n/records";
import type { HonoEnv } from "../hono-env";
import { FILE_ANSWERS, listQuery, optionalJsonBody, pathParam, route } from "./contract";
import { fileRequestOf } from "./file-request";

const TAG = "Versions and trash";
const uuidParam = pathParam("uuid", "The document's uuid.");
const versionParam = pathParam("version", "The version number (1, 2, …).", { type: "integer", minimum: 1 });

/**
 * A record's history under `/api/v1/archives/{uuid}`: its file versions (list, download,
 * restore as the newest version) and its way back from the trash.
 */
export const versionsApi = new Hono<HonoEnv>()
  .get(
    "/:uuid/versions",
    route({
      tag: TAG,
      summary: "'Riwayat Versi': every version of the document's file, newest first",
      description: "For whoever may open the file.",
      access: "public",
      parameters: [uuidParam],
      ok: { description: "The versions.", schema: VersionListSchema },
      errors: [403, 404],
    }),
    async (c) => c.json({ data: await listVersions(c.get("ctx"), c.req.param("uuid")) }),
  )
  .get(
    "/:uuid/versions/:version/download",
    route({
      tag: TAG,
      summary: "Download (or preview) one version of the file",
      access: "public",
      parameters: [uuidParam, versionParam],
      ok: FILE_ANSWERS,
      errors: [403, 404],
    }),
    listQuery(VersionDownloadQuerySchema),
    async (c) => {
      const ctx = c.get("ctx");
      const request = fileRequestOf(c);
      const disposition = c.req.valid("query").disposition ?? "attachment";
      return fileResponse(ctx.files, await openVersionDownload(ctx, c.req.param("uuid"), c.req.param("version"), request, disposition), request);
    },
  )
  .post(
    "/:uuid/versions/:version/restore",
    route({
      tag: TAG,
      summary: "Make an old version the current one again (as a new version)",
      description: "Super Admin, or the uploader. History is never rewritten: the restored copy is version n+1.",
      access: "write",
      parameters: [uuidParam, versionParam],
      ok: { description: "The document with its new current version.", schema: changed(DocumentViewSchema) },
      errors: [400, 404, 409],
    }),
    optionalJsonBody(RestoreVersionSchema),
    async (c) => {
      const ctx = c.get("ctx");
      const document = await restoreVersion(ctx, c.req.param("uuid"), c.req.param("version"), c.req.valid("json"));
      return c.json({ message: recordMessages.versionRestored(Number(c.req.param("version")), document.currentVersion), data: document });
    },
  )
  .post(
    "/:uuid/restore",
    route({
      tag: TAG,
      summary: "'Pulihkan': bring a document back from the trash",
      access: "write",
      parameters: [uuidParam],
      ok: { description: "Restored, with its versions and request history.", schema: RestoredSchema },
      errors: [404, 409],
    }),
    async (c) => {
      const restored = await restoreDocument(c.get("ctx"), c.req.param("uuid"));
      return c.json({ message: recordMessages.restored(restored.title), data: restored });
    },
  );
