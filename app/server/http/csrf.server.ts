import busboy from "busboy";
import { data, type MiddlewareFunction } from "react-router";
import { session as sessionText } from "~/i18n/session";
import type { CurrentSession } from "../context.server";
import { timingSafeEqual } from "../crypto.server";
import { getAppContext } from "../../routes/helpers/route-errors.server";

export const CSRF_FIELD = "_csrf";
export const CSRF_HEADER = "x-csrf-token";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** A token field further into a multipart body than this is not looked for. */
const TOKEN_SEARCH_BYTES = 1024 * 1024;

export const isSafeMethod = (method: string) => SAFE_METHODS.has(method.toUpperCase());

/**
 * Why a state-changing request must be refused, or null when it may go on. The Origin (or, without
 * one, Sec-Fetch-Site) must be this site; a signed-in request must also carry the session's token
 * in the `x-csrf-token` header or the `_csrf` form field. Front doors call this where the route
 * is matched (on the decoded path), before any handler or action runs.
 *
 * A multipart body is not buffered: a clone is read only up to its `_csrf` field, which must come
 * before any file part (the forms render it first), and the handler then streams the body whole.
 * So a multipart content type can never skip the check, and no route has to be listed as an upload.
 */
export async function csrfRefusal(request: Request, session: CurrentSession | null): Promise<string | null> {
  if (!originAllowed(request)) return sessionText.originInvalid;
  if (!session) return null;
  const token = request.headers.get(CSRF_HEADER) ?? (await formToken(request));
  return token && timingSafeEqual(token, session.csrfToken) ? null : sessionText.csrfInvalid;
}

function originAllowed(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (origin) return origin === new URL(request.url).origin;
  const fetchSite = request.headers.get("sec-fetch-site");
  return !fetchSite || fetchSite === "same-origin" || fetchSite === "none";
}

async function formToken(request: Request): Promise<string | null> {
  const contentType = request.headers.get("content-type") ?? "";
  if (contentType.startsWith("application/x-www-form-urlencoded")) {
    const value = (await request.clone().formData().catch(() => null))?.get(CSRF_FIELD);
    return typeof value === "string" ? value : null;
  }
  if (contentType.startsWith("multipart/form-data")) return multipartToken(request, contentType);
  return null;
}

/** The `_csrf` field of a multipart body if it comes before any file part; the rest is left unread. */
async function multipartToken(request: Request, contentType: string): Promise<string | null> {
  const body = request.clone().body;
  if (!body) return null;
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { "content-type": contentType }, limits: { fieldSize: 64 * 1024, fields: 40, parts: 42 } });
  } catch {
    return null;
  }
  let token: string | null = null;
  let finished = false;
  parser.on("field", (name, value) => {
    if (name === CSRF_FIELD && !finished) [token, finished] = [value, true];
  });
  parser.on("file", (_name, stream) => {
    stream.resume();
    finished = true;
  });
  const ended = new Promise<void>((resolve) => {
    parser.on("close", resolve);
    parser.on("error", resolve);
  });
  const reader = body.getReader();
  try {
    for (let read = 0; !finished && read <= TOKEN_SEARCH_BYTES; ) {
      const chunk = await reader.read();
      if (chunk.done) {
        parser.end();
        await ended;
        break;
      }
      read += chunk.value.byteLength;
      parser.write(chunk.value);
    }
  } finally {
    // Only this clone is cancelled: the handler still reads the whole body from the start.
    await reader.cancel().catch(() => undefined);
  }
  return token;
}

/**
 * React Router middleware: every action request (any non-GET page request) passes the CSRF check
 * before a loader or action runs. A refusal renders the error page with status 403.
 */
export const pageCsrfMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (isSafeMethod(request.method)) return next();
  const refusal = await csrfRefusal(request, getAppContext(context).session);
  if (refusal) {
    await request.body?.cancel().catch(() => undefined);
    throw data({ message: refusal }, { status: 403 });
  }
  return next();
};
