import { z } from "zod";
import { ACCESS_REQUEST_STATUSES } from "../access-request-view";
import { timestamp, uuid } from "./common";

/** The contract of `/api/v1/access-requests` (see common.ts). */

/** One access request as the list page, the dashboard panel and the API show it. */
export const AccessRequestViewSchema = z
  .object({
    uuid: uuid(),
    archiveId: uuid().meta({ description: "The document's uuid (what page links and the token download path use)." }),
    archiveTitle: z.string(),
    status: z.enum(ACCESS_REQUEST_STATUSES),
    requestMessage: z.string(),
    responseMessage: z.string().nullable(),
    requester: z.string().meta({ description: "The requester's full name." }),
    owner: z.string().nullable().meta({ description: "The owning work unit's name (null: a document without a unit)." }),
    token: z.string().nullable().meta({ description: "Only for the requester, only while the approval is live." }),
    downloadUrl: z.string().nullable().meta({ description: "`/api/v1/archives/{archiveId}/download?token=`: same rule as `token`." }),
    downloadCount: z.int().min(0),
    lastDownloadedAt: timestamp().nullable(),
    createdAt: timestamp(),
    respondedAt: timestamp().nullable(),
    expiresAt: timestamp().nullable(),
    revokedAt: timestamp().nullable(),
    revokedBy: z.string().nullable().meta({ description: "Who revoked it (full name); null when the system did (the document's class changed, or it went to the trash)." }),
    isRequester: z.boolean().meta({ description: "The caller made this request." }),
    canRespond: z.boolean().meta({ description: "PENDING and the caller may answer it." }),
    canRevoke: z.boolean().meta({ description: "APPROVED, unexpired, and the caller may revoke it." }),
    canDownload: z.boolean().meta({ description: "APPROVED, unexpired, and the caller is the requester." }),
  })
  .meta({ ref: "AccessRequest" });

/** The list answers an array (the SPEC's client reads one); the paging figures travel in headers. */
export const AccessRequestListSchema = z.array(AccessRequestViewSchema);
