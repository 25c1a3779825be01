import { Hono } from "hono";
import {
  ImportCreateBodySchema,
  ImportSchema,
  ImportUploadAbortedSchema,
  ImportUploadPartSchema,
  ImportUploadSchema,
  ImportUploadStartBodySchema,
} from "~/domain/api/imports";
import { JobStartedSchema } from "~/domain/api/jobs";
import { cancelImport, createImport, getImport, runImport } from "~/server/imports/service.server";
import { IMPORT_MAX_PART_BYTES } from "~/domain/imports";
import { abortImportUpload, completeImportUpload, startImportUpload, uploadImportPart } from "~/server/imports/uploads.server";
import type { HonoEnv } from "../hono-env";
import { rawBodyUpTo, streamedUpload } from "../upload-routes";
import { binaryBody, jsonBody, multipartBody, pathParam, route } from "./contract";

const TAG = "Imports";
const idParam = pathParam("id", "The import's id.");
const uploadIdParam = pathParam("uploadId", "The upload's id (from its start).");
const partParam = pathParam("n", "The part's number, from 1.", { type: "integer", minimum: 1 });

/** `/api/v1/imports`: bringing an existing archive in (Super Admin; a Satuan Kerja into its own unit). */
export const importsApi = new Hono<HonoEnv>()
  .post(
    "/",
    route({
      tag: TAG,
      summary: "Upload a ZIP with its manifest and get the dry run",
      description:
        "Every line of the manifest is checked (required fields, dates, known category, classification code and unit, its file present in the ZIP and of an allowed type, duplicates within the file and against existing document numbers); nothing else is written. `status` is CHECKED for a clean dry run, INVALID otherwise.",
      access: "write",
      requestBody: multipartBody(ImportCreateBodySchema, "The ZIP (streamed to storage)."),
      ok: { status: 201, description: "The dry run.", schema: ImportSchema },
      errors: [400, 413, 415, 429],
    }),
    streamedUpload,
    async (c) => c.json(await createImport(c.get("ctx"), c.req.raw), 201),
  )
  .post(
    "/uploads",
    route({
      tag: TAG,
      summary: "Start uploading a large ZIP in parts",
      description:
        "For a ZIP larger than one request can carry (up to 5 GB). The permission, the unit's quota (against `size`) and the upload rate limit (counted once for the whole upload) are checked here. Send each part with `PUT …/parts/{n}`, then `POST …/complete`. An upload not completed within 24 hours is aborted.",
      access: "write",
      ok: { status: 201, description: "The upload: its id, the part size and the number of parts.", schema: ImportUploadSchema },
      errors: [400, 413],
    }),
    jsonBody(ImportUploadStartBodySchema),
    async (c) => c.json(await startImportUpload(c.get("ctx"), c.req.valid("json")), 201),
  )
  .put(
    "/uploads/:uploadId/parts/:n",
    route({
      tag: TAG,
      summary: "Send one part of a ZIP upload",
      description: "The raw bytes of part `n`: exactly `partSize` bytes, except the last part (the rest). A part sent again replaces the earlier one.",
      access: "write",
      parameters: [uploadIdParam, partParam],
      requestBody: binaryBody("The part's bytes."),
      ok: { description: "The part was stored.", schema: ImportUploadPartSchema },
      errors: [400, 404],
    }),
    rawBodyUpTo(IMPORT_MAX_PART_BYTES),
    async (c) => c.json(await uploadImportPart(c.get("ctx"), c.req.param("uploadId"), Number(c.req.param("n")), new Uint8Array(await c.req.arrayBuffer()))),
  )
  .post(
    "/uploads/:uploadId/complete",
    route({
      tag: TAG,
      summary: "Finish a ZIP upload and get the dry run",
      description:
        "Joins the parts (refused with the missing ones named while any is missing; the upload stays open). The stored ZIP must have the declared size and be a ZIP, else it is deleted and refused. Then the dry run, answered as by `POST /api/v1/imports`.",
      access: "write",
      parameters: [uploadIdParam],
      ok: { status: 201, description: "The dry run.", schema: ImportSchema },
      errors: [400, 404],
    }),
    async (c) => c.json(await completeImportUpload(c.get("ctx"), c.req.param("uploadId")), 201),
  )
  .post(
    "/uploads/:uploadId/abort",
    route({
      tag: TAG,
      summary: "Abort a ZIP upload",
      description: "The parts sent so far are dropped.",
      access: "write",
      parameters: [uploadIdParam],
      ok: { description: "Aborted.", schema: ImportUploadAbortedSchema },
      errors: [404],
    }),
    async (c) => {
      const uploadId = c.req.param("uploadId");
      await abortImportUpload(c.get("ctx"), uploadId);
      return c.json({ uploadId, aborted: true as const });
    },
  )
  .get(
    "/:id",
    route({
      tag: TAG,
      summary: "An import's status and counts",
      access: "read",
      parameters: [idParam],
      ok: { description: "The import.", schema: ImportSchema },
      errors: [404],
    }),
    async (c) => c.json(await getImport(c.get("ctx"), c.req.param("id"))),
  )
  .post(
    "/:id/run",
    route({
      tag: TAG,
      summary: "Run a clean dry run's import",
      description: "Starts the import as a job acting for the caller; every line becomes a document, or none stays. Refused with 409 unless the dry run was clean and the import has not run.",
      access: "write",
      parameters: [idParam],
      ok: { status: 202, description: "Started.", schema: JobStartedSchema },
      errors: [404, 409],
    }),
    async (c) => c.json(await runImport(c.get("ctx"), c.req.param("id")), 202),
  )
  .post(
    "/:id/cancel",
    route({
      tag: TAG,
      summary: "Cancel an import",
      description: "An import not yet run ends at once; a running one removes every document it made, files included.",
      access: "write",
      parameters: [idParam],
      ok: { description: "The import as it is now (CANCELLED, or ROLLING_BACK while the rest is removed).", schema: ImportSchema },
      errors: [404, 409],
    }),
    async (c) => c.json(await cancelImport(c.get("ctx"), c.req.param("id"))),
  );
