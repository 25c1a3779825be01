import { redirect } from "react-router";
import { readForm } from "~/server/form-body.server";
import type { Route } from "./+types/access-request";
import { ACCESS_REQUEST_PATH, AccessRequestList } from "~/components/access-requests/access-request-list";
import { lazyComponent } from "~/components/lazy-component";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/error-boundary";
import { listHref, listSearchParams, sameSearch } from "~/components/list/list-href";
import { ACCESS_REQUEST_LIST_DEFAULTS } from "~/domain/access-request-view";
import { AccessRequestListQuerySchema, RespondSchema } from "~/domain/access-requests";
import { DomainError } from "~/domain/errors";
import { parseListParams } from "~/domain/list-query";
import { ROLES } from "~/domain/roles";
import { pageMeta } from "~/lib/meta";
import { redirectWithFlash } from "~/server/flash-redirect.server";
import { formRules, replyWithDomainError } from "~/server/form.server";
import { getSignedIn, type SignedInContext } from "~/server/gates.server";
import { assertPageInRange } from "~/server/list.server";
import { orRouteError } from "~/server/route-helpers.server";
import { getAccessRequest, listAccessRequests, respondToAccessRequest, revokeAccessRequest } from "~/server/services/access-requests.server";
import { t } from "~/i18n/id";
import { accessRequests as accessRequestsText, accessRequestMessages } from "~/i18n/access-requests";

const s = accessRequestsText;
const m = accessRequestMessages;
const DEFAULTS = ACCESS_REQUEST_LIST_DEFAULTS;
/** Open only when the URL asks for it (`?respond=`): its code loads then. */
const RespondDialog = lazyComponent(() => import("~/components/access-requests/message-dialogs").then((module) => module.RespondDialog));
/** Parameters of the dialog, not of the list: `?respond={uuid}` opens it, `&action=` preselects. */
const DIALOG_PARAMS = ["respond", "action"];

export const meta = () => pageMeta({ title: s.title });

/**
 * The page holds the requester's Download links. Their token is never in a page URL (the links
 * lead to the download page; the token download itself answers `no-referrer`), so `same-origin`
 * is enough here, and `no-referrer` would break every form posted without JavaScript (Chromium
 * then sends `Origin: null`, which the CSRF check refuses).
 */
export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" };
}

/** The list's own query (dialog parameters left out) and the dialog's. */
function splitUrl(url: URL) {
  const listParams = new URLSearchParams(url.searchParams);
  for (const name of DIALOG_PARAMS) listParams.delete(name);
  const query = parseListParams(AccessRequestListQuerySchema, listParams);
  const respond = url.searchParams.get("respond");
  const presetParam = url.searchParams.get("action");
  const preset: "accept" | "reject" | undefined = presetParam === "accept" || presetParam === "reject" ? presetParam : undefined;
  return {
    listParams,
    query,
    respond: respond && /^[0-9a-f-]{36}$/i.test(respond) ? respond : null,
    preset,
    listUrl: listHref(ACCESS_REQUEST_PATH, query, {}, DEFAULTS),
  };
}

/** The request the respond dialog answers; anything it cannot answer goes back to the list with a toast. */
async function requestToAnswer(ctx: SignedInContext, uuid: string, listUrl: string) {
  try {
    const view = await getAccessRequest(ctx, uuid);
    if (view.canRespond) return view;
    const message = view.status === "PENDING" ? m.respond.denied : m.respond.alreadyAnswered;
    throw await redirectWithFlash(ctx, listUrl, { type: "error", message });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    throw await redirectWithFlash(ctx, listUrl, { type: "error", message: error.message });
  }
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const { listParams, query, respond, preset, listUrl } = splitUrl(new URL(request.url));
  if (!sameSearch(listParams, listSearchParams(query, {}, DEFAULTS))) {
    throw redirect(listHref(ACCESS_REQUEST_PATH, query, respond ? { respond, action: preset } : {}, DEFAULTS));
  }
  const page = await orRouteError(() => listAccessRequests(ctx, query));
  assertPageInRange(page, ACCESS_REQUEST_PATH, DEFAULTS);
  const respondTo = respond ? await requestToAnswer(ctx, respond, listUrl) : null;
  const isSuperAdmin = ctx.actor.role === ROLES.superAdmin;
  return {
    page,
    respondTo,
    preset,
    listUrl,
    isSuperAdmin,
    csrfToken: ctx.session.csrfToken,
    rules: formRules(RespondSchema),
  };
}

/** `intent=respond` (the dialog) or `intent=revoke` ('Cabut'); both call the service and go back to the list. */
export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const { listUrl } = splitUrl(new URL(request.url));
  const form = await readForm(request);
  const uuid = String(form.get("uuid") ?? "");
  const intent = form.get("intent");
  if (intent === "revoke") {
    try {
      await revokeAccessRequest(ctx, uuid);
      return redirectWithFlash(ctx, listUrl, { type: "success", message: m.revoke.success });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return redirectWithFlash(ctx, listUrl, { type: "error", message: error.message });
    }
  }
  if (intent !== "respond") return null;
  const input = {
    action: form.get("action") ?? undefined,
    responseMessage: form.get("responseMessage") ?? undefined,
  };
  try {
    await respondToAccessRequest(ctx, uuid, input);
    return redirectWithFlash(ctx, listUrl, { type: "success", message: m.respond.success });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // A request that vanished or may not be answered: back to the list with the reason.
    if (error.status === 404 || error.status === 403) return redirectWithFlash(ctx, listUrl, { type: "error", message: error.message || m.respond.failed });
    error.values = Object.fromEntries(Object.entries(input).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
    if (!error.message) error.message = m.respond.failed;
    return replyWithDomainError(error);
  }
}

export default function AccessRequests({ loaderData, actionData }: Route.ComponentProps) {
  const { page, respondTo, preset, listUrl, isSuperAdmin, csrfToken, rules } = loaderData;
  return (
    <>
      <AccessRequestList
        page={page}
        csrfToken={csrfToken}
        // Super Admin oversees every unit: the list shows all requests, with the admin column.
        description={isSuperAdmin ? s.adminDescription : s.description}
        adminActions={isSuperAdmin}
      />
      {respondTo && (
        <RespondDialog
          key={respondTo.uuid + (preset ?? "")}
          request={respondTo}
          defaultAction={preset}
          action={listHref(ACCESS_REQUEST_PATH, page.query, { respond: respondTo.uuid, action: preset }, DEFAULTS)}
          closeTo={listUrl}
          csrfToken={csrfToken}
          rules={rules}
          lastResult={actionData}
        />
      )}
    </>
  );
}

/** 'Error' with the message when the list cannot be loaded (SPEC section 4). */
export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        403: ({ message }) => <ErrorPanel title={t.errorPage.forbiddenTitle} message={message ?? s.list.denied} back={{ to: "/app", label: t.back }} />,
      }}
      unexpectedErrorHandler={() => <ErrorPanel title={s.list.errorTitle} message={s.list.failed} />}
    />
  );
}
