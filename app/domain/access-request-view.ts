import { DEFAULT_PAGE_SIZE, type SortDir } from "./list-page";
import type { z } from "zod";
import type { AccessRequestViewSchema } from "./api/access-requests";

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
  owner: undefined as "none" | undefined,
};

/** Badge colour per status: PENDING yellow, APPROVED green, REJECTED red, anything else grey. */
export type StatusTone = "yellow" | "green" | "red" | "grey";
export function statusTone(status: string): StatusTone {
  if (status === "PENDING") return "yellow";
  if (status === "APPROVED") return "green";
  if (status === "REJECTED") return "red";
  return "grey";
}

/** One access request as the list page, the dashboard panel and the API show it (see api/access-requests.ts). */
export type AccessRequestView = z.output<typeof AccessRequestViewSchema>;

/**
 * The row action of the list, for the side the viewer is on. The requester: Download (a live
 * approval), 'Menunggu' (PENDING), 'Ditolak' (REJECTED), 'Menunggu Token' (APPROVED without a
 * token), nothing otherwise. The answering side (the owning unit, Super Admin): Respond (PENDING,
 * answerable by the viewer), 'Menunggu' (PENDING they may not answer), 'Ditolak'; a live approval
 * offers 'Cabut' (see `canRevoke`) and its download count, never the requester's 'Menunggu Token'.
 */
export type RowAction = "download" | "respond" | "waiting" | "rejected" | "waitingToken" | "none";
export function rowActionOf(row: Pick<AccessRequestView, "status" | "canDownload" | "canRespond" | "isRequester">): RowAction {
  if (row.status === "PENDING") return row.canRespond ? "respond" : "waiting";
  if (row.status === "REJECTED") return "rejected";
  if (row.status === "APPROVED" && row.isRequester) return row.canDownload ? "download" : "waitingToken";
  return "none";
}

/** The two sides of the access-request page for a unit member: requests received, requests made. */
export type AccessRequestBox = "received" | "sent";
