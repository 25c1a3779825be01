import { z } from "zod";
import { accessRequestMessages } from "../i18n/access-requests";
import { createListQuerySchema, type ListPage } from "./list-query";
import { ACCESS_REQUEST_LIST_DEFAULTS, ACCESS_REQUEST_SORTS, ACCESS_REQUEST_STATUSES, type AccessRequestView } from "./access-request-view";

// The zod-free half (statuses, view type, badge tone, row action) is safe for browser bundles.
export * from "./access-request-view";

const m = accessRequestMessages;

/** How long a download token lives after approval: 1x24 hours. */
export const DOWNLOAD_WINDOW_MS = 24 * 60 * 60 * 1000;
export const REQUEST_MESSAGE_MAX = 1000;
export const RESPONSE_MESSAGE_MAX = 1000;

/** The request dialog (and POST /api/v1/archives/{uuid}/request-access): the message, trimmed. */
export const RequestAccessSchema = z.object({
  requestMessage: z
    .string({ error: m.request.messageRequired })
    .trim()
    .min(1, m.request.messageRequired)
    .max(REQUEST_MESSAGE_MAX, m.request.messageMax(REQUEST_MESSAGE_MAX)),
});
export type RequestAccessInput = z.infer<typeof RequestAccessSchema>;

/**
 * The respond dialog (and POST /api/v1/access-requests/{uuid}/respond). The message is required:
 * the dialog keeps its button disabled while it is blank, and the server refuses a blank one.
 */
export const RespondSchema = z.object({
  action: z.enum(["accept", "reject"], { error: m.respond.actionRequired }),
  responseMessage: z
    .string({ error: m.respond.messageRequired })
    .trim()
    .min(1, m.respond.messageRequired)
    .max(RESPONSE_MESSAGE_MAX, m.respond.messageMax(RESPONSE_MESSAGE_MAX)),
});
export type RespondInput = z.infer<typeof RespondSchema>;

/**
 * `?q=&sort=&dir=&page=&size=&status=&box=&owner=` of the access-request list (page and API
 * alike). `box`: `sent` (requests I made), `received` (addressed to my unit); absent: both.
 * `owner=none`: only requests on documents without an owning unit.
 */
export const AccessRequestListQuerySchema = createListQuerySchema({
  sorts: ACCESS_REQUEST_SORTS,
  defaultSort: ACCESS_REQUEST_LIST_DEFAULTS.sort,
  defaultDir: ACCESS_REQUEST_LIST_DEFAULTS.dir,
  filters: {
    status: z.enum(ACCESS_REQUEST_STATUSES).optional().catch(undefined),
    box: z.enum(["sent", "received"]).optional().catch(undefined),
    // `none`: requests on documents without an owning unit (Super Admin answers them).
    owner: z.enum(["none"]).optional().catch(undefined),
  },
});
export type AccessRequestListQuery = z.output<typeof AccessRequestListQuerySchema>;

export type AccessRequestPage = ListPage<AccessRequestView, AccessRequestListQuery>;

