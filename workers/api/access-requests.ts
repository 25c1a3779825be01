import { Hono, type Context } from "hono";
import { AccessRequestListQuerySchema } from "~/domain/access-requests";
import { DomainError, InvalidError } from "~/domain/errors";
import { parseListParams } from "~/domain/list-query";
import { downloadWithToken, TokenDownloadError } from "~/server/services/access-request-download.server";
import { listAccessRequests, requestAccess, respondToAccessRequest, revokeAccessRequest } from "~/server/services/access-requests.server";
import { accessRequests as accessRequestsText, accessRequestMessages } from "~/i18n/access-requests";
import type { HonoEnv } from "../hono-env";

const s = accessRequestsText;
const m = accessRequestMessages;
/** The access-request bodies are a message or two; anything bigger is not one of ours. */
const MAX_JSON_BYTES = 16 * 1024;

/** The JSON body, or a 400 in Indonesian for a body that is not JSON (or too big to be ours). */
async function jsonBody(c: Context<HonoEnv>): Promise<unknown> {
  const declared = Number(c.req.header("content-length") ?? 0);
  if (declared > MAX_JSON_BYTES) throw new DomainError(413, m.bodyTooLarge);
  const text = await c.req.text();
  if (new TextEncoder().encode(text).byteLength > MAX_JSON_BYTES) throw new DomainError(413, m.bodyTooLarge);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new InvalidError(m.invalidJson);
  }
}

/**
 * `GET /api/v1/access-requests`: the product's client reads an array, so the body is the page's rows;
 * `?q=&sort=&dir=&page=&size=&status=&box=` work as on the list page, and the paging figures
 * travel in X-Total-Count / X-Page / X-Page-Size / X-Total-Pages.
 */
export const accessRequestsApi = new Hono<HonoEnv>()
  .get("/", async (c) => {
    const query = parseListParams(AccessRequestListQuerySchema, new URL(c.req.url).searchParams);
    const page = await listAccessRequests(c.get("ctx"), query);
    c.header("X-Total-Count", String(page.total));
    c.header("X-Page", String(page.page));
    c.header("X-Page-Size", String(page.size));
    c.header("X-Total-Pages", String(page.totalPages));
    return c.json(page.data);
  })
  .post("/:uuid/respond", async (c) => {
    const view = await respondToAccessRequest(c.get("ctx"), c.req.param("uuid"), await jsonBody(c));
    return c.json({ message: m.respond.success, data: view });
  })
  .post("/:uuid/revoke", async (c) => {
    const view = await revokeAccessRequest(c.get("ctx"), c.req.param("uuid"));
    return c.json({ message: m.revoke.success, data: view });
  });

/** `POST /api/v1/archives/{uuid}/request-access` {requestMessage}, mounted on the archives router. */
export async function requestAccessHandler(c: Context<HonoEnv>) {
  const view = await requestAccess(c.get("ctx"), c.req.param("uuid") ?? "", await jsonBody(c));
  return c.json({ message: m.request.success, data: view }, 201);
}

/** Headers of every token-download answer, file or refusal: the token must not leak onwards. */
function noLeakHeaders(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set("Referrer-Policy", "no-referrer");
  headers.set("Cache-Control", "private, no-store");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * `GET /api/v1/archives/{uuid}/download?token=`: the path's id is the document's uuid (what
 * page links use). A refusal is `{ message: 'Gagal mengunduh file', error: reason }`.
 */
export async function tokenDownloadHandler(c: Context<HonoEnv>, token: string) {
  try {
    const response = await downloadWithToken(c.get("ctx"), c.req.param("uuid") ?? "", token, {
      range: c.req.header("range") ?? null,
      ifNoneMatch: c.req.header("if-none-match") ?? null,
    });
    return noLeakHeaders(response);
  } catch (error) {
    if (!(error instanceof TokenDownloadError)) throw error;
    return noLeakHeaders(c.json({ message: s.download.failed, error: error.message }, error.status));
  }
}
