import { z } from "zod";
import { t } from "../i18n/id";
import { createListQuerySchema, type ListPage } from "./list-query";

const s = t.accessRequests;

/**
 * PENDING -> APPROVED | REJECTED by the owning unit; APPROVED -> EXPIRED 24 hours after approval,
 * or -> REVOKED by the owning unit (or when the document's access level changes).
 */
export const ACCESS_REQUEST_STATUSES = ["PENDING", "APPROVED", "REJECTED", "EXPIRED", "REVOKED"] as const;
export type AccessRequestStatus = (typeof ACCESS_REQUEST_STATUSES)[number];

/** How long a download token lives after approval: 1x24 hours. */
export const DOWNLOAD_WINDOW_MS = 24 * 60 * 60 * 1000;
export const REQUEST_MESSAGE_MAX = 1000;
export const RESPONSE_MESSAGE_MAX = 1000;

/** Badge colour per status: PENDING yellow, APPROVED green, REJECTED red, anything else grey. */
export type StatusTone = "yellow" | "green" | "red" | "grey";
export function statusTone(status: string): StatusTone {
  if (status === "PENDING") return "yellow";
  if (status === "APPROVED") return "green";
  if (status === "REJECTED") return "red";
  return "grey";
}

/** The request dialog (and POST /api/v1/archives/{uuid}/request-access): the message, trimmed. */
export const RequestAccessSchema = z.object({
  requestMessage: z
    .string({ error: s.request.messageRequired })
    .trim()
    .min(1, s.request.messageRequired)
    .max(REQUEST_MESSAGE_MAX, s.request.messageMax(REQUEST_MESSAGE_MAX)),
});
export type RequestAccessInput = z.infer<typeof RequestAccessSchema>;

/**
 * The respond dialog (and POST /api/v1/access-requests/{uuid}/respond). The message is required:
 * the dialog keeps its button disabled while it is blank, and the server refuses a blank one.
 */
export const RespondSchema = z.object({
  action: z.enum(["accept", "reject"], { error: s.respond.actionRequired }),
  responseMessage: z
    .string({ error: s.respond.messageRequired })
    .trim()
    .min(1, s.respond.messageRequired)
    .max(RESPONSE_MESSAGE_MAX, s.respond.messageMax(RESPONSE_MESSAGE_MAX)),
});
export type RespondInput = z.infer<typeof RespondSchema>;

/**
 * `?q=&sort=&dir=&page=&size=&status=&box=` of the access-request list (page and API alike).
 * `box`: `sent` (requests I made), `received` (addressed to my unit); absent: both.
 */
export const AccessRequestListQuerySchema = createListQuerySchema({
  sorts: ["createdAt", "archiveTitle", "status", "requester", "owner", "expiresAt"],
  defaultSort: "createdAt",
  defaultDir: "desc",
  filters: {
    status: z.enum(ACCESS_REQUEST_STATUSES).optional().catch(undefined),
    box: z.enum(["sent", "received"]).optional().catch(undefined),
  },
});
export type AccessRequestListQuery = z.output<typeof AccessRequestListQuerySchema>;

/** One access request as the list page, the dashboard panel and the API show it. */
export type AccessRequestView = {
  uuid: string;
  /** The document's uuid (what page links and the token download path use). */
  archiveId: string;
  archiveTitle: string;
  status: AccessRequestStatus;
  requestMessage: string;
  responseMessage: string | null;
  /** The requester's full name. */
  requester: string;
  /** The owning work unit's name (null: a document without a unit; only Super Admin answers it). */
  owner: string | null;
  /** Only for the requester, only while the approval is live. */
  token: string | null;
  /** `GET /api/v1/archives/{archiveId}/download?token=`: same rule as `token`. */
  downloadUrl: string | null;
  downloadCount: number;
  lastDownloadedAt: string | null;
  createdAt: string;
  respondedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  /** The viewer made this request. */
  isRequester: boolean;
  /** PENDING and the viewer may answer it (Respond / Setujui / Tolak). */
  canRespond: boolean;
  /** APPROVED, unexpired, and the viewer may revoke it. */
  canRevoke: boolean;
  /** APPROVED, unexpired, and the viewer is the requester (Download). */
  canDownload: boolean;
};

export type AccessRequestPage = ListPage<AccessRequestView, AccessRequestListQuery>;

/**
 * The row action of the list: Download (a live approval, requester only), Respond
 * (PENDING, answerable by the viewer), 'Menunggu' (PENDING otherwise), 'Ditolak' (REJECTED),
 * 'Menunggu Token' (APPROVED without a token for this viewer), and the status label otherwise.
 */
export type RowAction = "download" | "respond" | "waiting" | "rejected" | "waitingToken" | "none";
export function rowActionOf(row: Pick<AccessRequestView, "status" | "canDownload" | "canRespond">): RowAction {
  if (row.status === "APPROVED") return row.canDownload ? "download" : "waitingToken";
  if (row.status === "PENDING") return row.canRespond ? "respond" : "waiting";
  if (row.status === "REJECTED") return "rejected";
  return "none";
}
