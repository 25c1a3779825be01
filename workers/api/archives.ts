import { Hono, type Context } from "hono";
import { parseListQuery } from "~/domain/document-schemas";
import { NotFoundError } from "~/domain/errors";
import { SUBMISSION_ID_FIELD, uploadBodyOf } from "~/server/upload-body.server";
import {
  createDocument,
  deleteDocument,
  getDocument,
  listCategories,
  listDocuments,
  openDownload,
  replaceDocumentFile,
  updateDocument,
} from "~/server/services/documents.server";
import { documents as documentsText, documentMessages } from "~/i18n/documents";
import { documentValidation } from "~/i18n/document-validation";
import type { HonoEnv } from "../hono-env";
import { requestAccessHandler, tokenDownloadHandler } from "./access-requests";

/** The streamed body of an upload route (CSRF already checked by the router's middleware). */
const uploadBody = (c: Context<HonoEnv>) => uploadBodyOf(c.req.raw);
/** A create also names its idempotency key: the `Idempotency-Key` header, else the form's `submissionId`. */
const createBody = (c: Context<HonoEnv>) => uploadBodyOf(c.req.raw, { header: c.req.header("idempotency-key") ?? null, field: SUBMISSION_ID_FIELD });

const listQuery = (c: Context<HonoEnv>) => new URL(c.req.url).searchParams;

/** The archive calls. Visitors see PUBLIC documents only (enforced in the service). */
export const archivesApi = new Hono<HonoEnv>()
  .get("/", async (c) => c.json(await listDocuments(c.get("ctx"), parseListQuery(listQuery(c)))))
  .get("/categories", async (c) => c.json(await listCategories(c.get("ctx"))))
  .get("/category/:id", async (c) => {
    if (!/^\d{1,9}$/.test(c.req.param("id"))) throw new NotFoundError(documentValidation.categoryUnknown);
    const params = listQuery(c);
    params.set("category", c.req.param("id"));
    return c.json(await listDocuments(c.get("ctx"), parseListQuery(params)));
  })
  .post("/", async (c) => {
    const { document, created } = await createDocument(c.get("ctx"), createBody(c));
    return c.json({ message: documentsText.uploadSuccess, data: document }, created ? 201 : 200);
  })
  .get("/:uuid", async (c) => c.json(await getDocument(c.get("ctx"), c.req.param("uuid"))))
  .put("/:uuid", async (c) => {
    const document = await updateDocument(c.get("ctx"), c.req.param("uuid"), uploadBody(c));
    return c.json({ message: documentsText.updateSuccess, data: document });
  })
  .post("/:uuid/file", async (c) => {
    const document = await replaceDocumentFile(c.get("ctx"), c.req.param("uuid"), uploadBody(c));
    return c.json({ message: documentsText.updateSuccess, data: document });
  })
  .delete("/:uuid", async (c) => {
    await deleteDocument(c.get("ctx"), c.req.param("uuid"));
    return c.json({ success: true, message: documentMessages.deleted });
  })
  .post("/:uuid/request-access", requestAccessHandler)
  .get("/:uuid/download", (c) =>
    // With ?token= it is the requester's download of an approved access request.
    c.req.query("token") !== undefined
      ? tokenDownloadHandler(c, c.req.query("token")!)
      : openDownload(
      c.get("ctx"),
      c.req.param("uuid"),
      { range: c.req.header("range") ?? null, ifNoneMatch: c.req.header("if-none-match") ?? null },
      c.req.query("disposition") === "inline" ? "inline" : "attachment",
    ),
  );
