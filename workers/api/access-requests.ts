import { Hono, type Context } from "hono";
import { AccessRequestListSchema, AccessRequestViewSchema } from "~/domain/api/access-requests";
import { changed } from "~/domain/api/common";
import { AccessRequestListQuerySchema, RequestAccessSchema, RespondSchema } from "~/domain/access-requests";
import { downloadWithToken, TOKEN_DOWNLOAD_HEADERS, TokenDownloadError } from "~/server/access-requests/download.server";
import { fileResponse } from "~/server/http/file-response.server";
import { listAccessRequests, respondToAccessRequest, revokeAccessRequest } from "~/server/access-requests/service.server";
import { accessRequests as accessRequestsText, accessRequestMessages } from "~/i18n/access-requests";
import type { HonoEnv } from "../hono-env";
import { jsonBody, listQuery, pathParam, route, type BodyOptions } from "./contract";
import { fileRequestOf } from "./file-request";

const s = accessRequestsText;
const m = accessRequestMessages;
const TAG = "Access requests";
/** The access-request bodies are a message or two; anything bigger is not one of ours. */
export const ACCESS_REQUEST_BODY: BodyOptions = { maxBytes: 16 * 1024, tooLarge: m.bodyTooLarge, invalid: m.invalidJson };
const pageHeader = (description: string) => ({ description, schema: { type: "integer" } });

/**
 * `GET /api/v1/access-requests`: the product's client reads an array, so the body is the page's rows;
 * `?q=&sort=&dir=&page=&size=&status=&box=` work as on the list page, and the paging figures
 * travel in X-Total-Count / X-Page / X-Page-Size / X-Total-Pages.
 */
export const accessRequestsApi = new Hono<HonoEnv>()
  .get(
    "/",
    route({
      tag: TAG,
      summary: "The access requests the caller may see",
      description: "Requests the caller made, plus (Satuan Kerja) those addressed to their unit; Super Admin sees all. Not for Viewers.",
      access: "read",
      ok: {
        description: "The page's rows (an array, as the SPEC's client reads it); the paging figures are headers.",
        schema: AccessRequestListSchema,
        headers: {
          "X-Total-Count": pageHeader("Rows in the whole list."),
          "X-Page": pageHeader("This page's number."),
          "X-Page-Size": pageHeader("Rows per page."),
          "X-Total-Pages": pageHeader("Pages in the whole list."),
        },
      },
      errors: [403],
    }),
    listQuery(AccessRequestListQuerySchema),
    async (c) => {
      const page = await listAccessRequests(c.get("ctx"), c.req.valid("query"));
      c.header("X-Total-Count", String(page.total));
      c.header("X-Page", String(page.page));
      c.header("X-Page-Size", String(page.size));
      c.header("X-Total-Pages", String(page.totalPages));
      return c.json(page.data);
    },
  )
  .post(
    "/:uuid/respond",
    route({
      tag: TAG,
      summary: "Answer a PENDING request (the owning unit or Super Admin)",
      description: "`accept` issues the requester's download token, valid 24 hours; `reject` ends the request. A request is answered once.",
      access: "write",
      parameters: [pathParam("uuid", "The access request's uuid.")],
      ok: { description: "Answered.", schema: changed(AccessRequestViewSchema) },
      errors: [400, 404, 409],
    }),
    jsonBody(RespondSchema, ACCESS_REQUEST_BODY),
    async (c) => {
      const view = await respondToAccessRequest(c.get("ctx"), c.req.param("uuid"), c.req.valid("json"));
      return c.json({ message: m.respond.success, data: view });
    },
  )
  .post(
    "/:uuid/revoke",
    route({
      tag: TAG,
      summary: "Revoke a live approval (the owning unit or Super Admin)",
      access: "write",
      parameters: [pathParam("uuid", "The access request's uuid.")],
      ok: { description: "Revoked: the token stops working at once.", schema: changed(AccessRequestViewSchema) },
      errors: [404, 409],
    }),
    async (c) => {
      const view = await revokeAccessRequest(c.get("ctx"), c.req.param("uuid"));
      return c.json({ message: m.revoke.success, data: view });
    },
  );

/** `POST /api/v1/archives/{uuid}/request-access` {requestMessage}: its description (the route is on the archives router). */
export const requestAccessDoc = route({
  tag: TAG,
  summary: "Ask the owning unit for access to a non-public document",
  description: "For Satuan Kerja (and other non-Viewer roles) who may not open the file. One open request per requester and document.",
  access: "write",
  parameters: [pathParam("uuid", "The document's uuid.")],
  ok: { status: 201, description: "Asked.", schema: changed(AccessRequestViewSchema) },
  errors: [400, 404, 409],
});

/** The body of a request for access. */
export const requestAccessBody = jsonBody(RequestAccessSchema, ACCESS_REQUEST_BODY);

/**
 * `GET /api/v1/archives/{uuid}/download?token=`: the path's id is the document's uuid (what
 * page links use). A refusal is `{ message: 'Gagal mengunduh file', error: reason }`.
 */
export async function tokenDownloadHandler(c: Context<HonoEnv>, token: string) {
  const ctx = c.get("ctx");
  const request = fileRequestOf(c);
  try {
    return await fileResponse(ctx.files, await downloadWithToken(ctx, c.req.param("uuid") ?? "", token, request), request);
  } catch (error) {
    if (!(error instanceof TokenDownloadError)) throw error;
    return c.json({ message: s.download.failed, error: error.message }, error.status, TOKEN_DOWNLOAD_HEADERS);
  }
}
