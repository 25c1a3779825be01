import { DEFAULT_PAGE_SIZE, type SortDir } from "./list-page";

/**
 * The zod-free half of the access-request domain (statuses, the view type, badge tone, row
 * action, list defaults): page components import it without pulling zod into the browser.
 */

/**
 * PENDING -> APPROVED | REJECTED by the owning unit; APPROVED -> EXPIRED 24 hours after approval,
 * or -> REVOKED by the owning unit (or when the document's access level changes).
 */
export const ACCESS_REQUEST_STATUSES = ["PENDING", "APPROVED", "REJECTED", "EXPIRED", "REVOKED"] as const;
export type AccessRequestStatus = (typeof ACCESS_REQUEST_STATUSES)[number];

/** Sort keys of the access-request list. */
export const ACCESS_REQUEST_SORTS = ["createdAt", "archiveTitle", "status", "requester", "owner", "expiresAt"] as const;
export type AccessRequestSort = (typeof ACCESS_REQUEST_SORTS)[number];

/** What an empty list URL means, i.e. what its links leave out (the schema's defaults). */
export const ACCESS_REQUEST_LIST_DEFAULTS = {
  q: "",
  sort: "createdAt" as AccessRequestSort,
  dir: "desc" as SortDir,
  page: 1,
  size: DEFAULT_PAGE_SIZE,
  status: undefined as AccessRequestStatus | undefined,
  box: undefined as "sent" | "received" | undefined,
};

/** Badge colour per status: PENDING yellow, APPROVED green, REJECTED red, anything else grey. */
export type StatusTone = "yellow" | "green" | "red" | "grey";
export function statusTone(status: string): StatusTone {
  if (status === "PENDING") return "yellow";
  if (status === "APPROVED") return "green";
  if (status === "REJECTED") return "red";
  return "grey";
}

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
