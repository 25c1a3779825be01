import { redirect, href } from "react-router";
import { readForm } from "~/routes/helpers/form-body.server";
import type { Route } from "./+types/access-request";
import { ACCESS_REQUEST_PATH, AccessRequestList, RespondDialog, RevokeDialog } from "~/components/access-requests/access-request-list";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/error-boundary";
import { listHref, listSearchParams, sameSearch } from "~/components/list/list-href";
import { dialogRow, useDialogParams } from "~/components/url-dialog";
import { ACCESS_REQUEST_LIST_DEFAULTS } from "~/domain/access-request-view";
import { AccessRequestListQuerySchema, RespondSchema } from "~/domain/access-requests";
import { DomainError } from "~/domain/errors";
import { parseOrInvalid } from "~/domain/form-input";
import { parseListParams } from "~/domain/list-query";
import { ROLES } from "~/domain/roles";
import { pageMeta } from "~/lib/meta";
import { redirectWithFlash } from "~/routes/helpers/flash-redirect.server";
import { formRules } from "~/routes/helpers/form.server";
import { pageAction } from "~/routes/helpers/page-action.server";
import { getSignedIn, type SignedInContext } from "~/routes/helpers/gates.server";
import { assertPageInRange } from "~/routes/helpers/list.server";
import { orRouteError } from "~/routes/helpers/route-errors.server";
import { getAccessRequest, listAccessRequests, respondToAccessRequest, revokeAccessRequest } from "~/server/access-requests/service.server";
import { t } from "~/i18n/id";
import { accessRequests as accessRequestsText, accessRequestMessages } from "~/i18n/access-requests";

const s = accessRequestsText;
const m = accessRequestMessages;
const DEFAULTS = ACCESS_REQUEST_LIST_DEFAULTS;
/** Parameters of the dialogs, not of the list: `?respond={uuid}` (`&action=` preselects), `?revoke={uuid}`. */
const DIALOG_PARAMS = ["respond", "action", "revoke"];

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
  const uuidParam = (name: string) => {
    const value = url.searchParams.get(name);
    return value && /^[0-9a-f-]{36}$/i.test(value) ? value : null;
  };
  return {
    listParams,
    query,
    respond: uuidParam("respond"),
    revoke: uuidParam("revoke"),
    preset: presetOf(url.searchParams),
    listUrl: listHref(ACCESS_REQUEST_PATH, query, {}, DEFAULTS),
  };
}

/** The respond dialog's preselected choice (`&action=`, the admin's 'Setujui' / 'Tolak'). */
function presetOf(params: URLSearchParams): "accept" | "reject" | undefined {
  const value = params.get("action");
  return value === "accept" || value === "reject" ? value : undefined;
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

const DESCRIPTIONS = {
  received: (unit: string | null) => s.receivedDescription(unit),
  sent: () => s.description,
  all: () => s.adminDescription,
  unowned: () => s.unownedDescription,
} as const;

/** The approval 'Cabut' would end; anything it cannot revoke goes back to the list with a toast. */
async function requestToRevoke(ctx: SignedInContext, uuid: string, listUrl: string) {
  try {
    const view = await getAccessRequest(ctx, uuid);
    if (view.canRevoke) return view;
    throw await redirectWithFlash(ctx, listUrl, { type: "error", message: m.revoke.notRevocable });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    throw await redirectWithFlash(ctx, listUrl, { type: "error", message: error.message });
  }
}

/**
 * The page's sides. A unit member's list is split server-side into 'Masuk' (requests addressed
 * to their unit, `box=received`, the default: what they must act on) and 'Diajukan' (their own,
 * `box=sent`), each with its own description and actions. Super Admin sees everything, plus a
 * view of the requests on documents without an owning unit (`owner=none`), which only they
 * answer. Anyone else has one side: the requests they made.
 */
function sidesOf(ctx: SignedInContext) {
  const role = ctx.actor.role;
  if (role === ROLES.superAdmin) return { kind: "admin" as const };
  if (role === ROLES.satuanKerja && ctx.actor.unitKerjaId !== null) return { kind: "unit" as const };
  return { kind: "requester" as const };
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const { listParams, query, respond, revoke, preset, listUrl } = splitUrl(new URL(request.url));
  const sides = sidesOf(ctx);
  // A unit member lands on 'Masuk'; someone who only requests has no other side to choose.
  const box = sides.kind === "unit" ? (query.box ?? "received") : sides.kind === "requester" ? undefined : query.box;
  const owner = sides.kind === "admin" ? query.owner : undefined;
  const effective = { ...query, box, owner };
  const dialog = respond ? { respond, action: preset } : revoke ? { revoke } : {};
  if (!sameSearch(listParams, listSearchParams(effective, {}, DEFAULTS))) {
    throw redirect(listHref(ACCESS_REQUEST_PATH, effective, dialog, DEFAULTS));
  }
  const page = await orRouteError(() => listAccessRequests(ctx, effective));
  assertPageInRange(page, ACCESS_REQUEST_PATH, DEFAULTS);
  // A URL opened directly (without JavaScript, or a reload) is checked here; with JavaScript the
  // dialogs open in the page from the rows it shows (see url-dialog).
  const respondTo = respond ? await requestToAnswer(ctx, respond, listUrl) : null;
  const revokeTarget = revoke && !respondTo ? await requestToRevoke(ctx, revoke, listUrl) : null;
  return {
    page,
    respondTo,
    revokeTarget,
    listUrl,
    kind: sides.kind,
    side: (sides.kind === "admin" ? (owner === "none" ? "unowned" : "all") : sides.kind === "unit" ? box! : "sent") as keyof typeof DESCRIPTIONS,
    unitName: ctx.session.user.unitKerjaName,
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
    return pageAction(
      ctx,
      async () => {
        await revokeAccessRequest(ctx, uuid);
        return { to: listUrl, toast: m.revoke.success };
      },
      { toast: { to: listUrl } },
    );
  }
  if (intent !== "respond") return null;
  const input = {
    action: form.get("action") ?? undefined,
    responseMessage: form.get("responseMessage") ?? undefined,
  };
  const values = Object.fromEntries(Object.entries(input).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  return pageAction(
    ctx,
    async () => {
      await respondToAccessRequest(ctx, uuid, parseOrInvalid(RespondSchema, input));
      return { to: listUrl, toast: m.respond.success };
    },
    // A request that vanished or may not be answered: back to the list with the reason.
    (error) =>
      error.status === 404 || error.status === 403
        ? { toast: { to: listUrl, fallback: m.respond.failed } }
        : { form: { values, fallback: m.respond.failed } },
  );
}


export default function AccessRequests({ loaderData, actionData }: Route.ComponentProps) {
  const { page, listUrl, kind, side, unitName, rules } = loaderData;
  const params = useDialogParams();
  const preset = presetOf(params);
  const respondRow = dialogRow(params.get("respond"), page.data, (row) => row.uuid, loaderData.respondTo);
  const respondTo = respondRow?.canRespond ? respondRow : null;
  const revokeRow = respondTo ? null : dialogRow(params.get("revoke"), page.data, (row) => row.uuid, loaderData.revokeTarget);
  const revokeTarget = revokeRow?.canRevoke ? revokeRow : null;
  const isAdmin = kind === "admin";
  const tab = (key: typeof side, label: string, change: Record<string, string | undefined>) => ({ key, label, change, current: side === key });
  const tabs =
    kind === "admin"
      ? [tab("all", s.tabs.all, {}), tab("unowned", s.tabs.unowned, { owner: "none" })]
      : kind === "unit"
        ? [tab("received", s.tabs.received, { box: "received" }), tab("sent", s.tabs.sent, { box: "sent" })]
        : undefined;
  return (
    <>
      <AccessRequestList
        page={page}
        description={DESCRIPTIONS[side](unitName)}
        tabs={tabs}
        // The reminder to download within 1x24 hours is for requesters.
        showBanner={side === "sent" || side === "all"}
        // Super Admin oversees every unit: the list shows all requests, with the admin column.
        adminActions={isAdmin}
      />
      {revokeTarget && (
        <RevokeDialog
          key={revokeTarget.uuid}
          request={revokeTarget}
          action={listHref(ACCESS_REQUEST_PATH, page.query, { revoke: revokeTarget.uuid }, DEFAULTS)}
          closeTo={listUrl}
        />
      )}
      {respondTo && (
        <RespondDialog
          key={respondTo.uuid + (preset ?? "")}
          request={respondTo}
          defaultAction={preset}
          action={listHref(ACCESS_REQUEST_PATH, page.query, { respond: respondTo.uuid, action: preset }, DEFAULTS)}
          closeTo={listUrl}
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
        403: ({ message }) => <ErrorPanel title={t.errorPage.forbiddenTitle} message={message ?? s.list.denied} back={{ to: href("/app"), label: t.back }} />,
      }}
      unexpectedErrorHandler={() => <ErrorPanel title={s.list.errorTitle} message={s.list.failed} />}
    />
  );
}
