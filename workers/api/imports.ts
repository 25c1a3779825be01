import { Hono } from "hono";
import { ImportCreateBodySchema, ImportSchema } from "~/domain/api/imports";
import { JobStartedSchema } from "~/domain/api/jobs";
import { cancelImport, createImport, getImport, runImport } from "~/server/imports/service.server";
import type { HonoEnv } from "../hono-env";
import { streamedUpload } from "../upload-routes";
import { multipartBody, pathParam, route } from "./contract";

const TAG = "Imports";
const idParam = pathParam("id", "The import's id.");

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
