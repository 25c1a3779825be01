import { z } from "zod";
import { AuditLogQuerySchema } from "../audit-log";
import { timestamp } from "./common";

/** The contract of `/api/v1/audit-logs` (see common.ts). */

/** One audit entry (SPEC: timestamp, action, details.message, ipAddress, userAgent). */
export const AuditLogViewSchema = z
  .object({
    id: z.int().min(1),
    timestamp: timestamp(),
    action: z.string(),
    details: z.looseObject({ message: z.string() }).meta({ description: "`message` always; whatever else the writer recorded beside it." }),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    actor: z
      .object({ username: z.string(), fullName: z.string() })
      .nullable()
      .meta({ description: "Who did it; null for anonymous events (failed sign-ins), jobs and users deleted since." }),
    targetType: z.string().nullable(),
    targetId: z.string().nullable(),
  })
  .meta({ ref: "AuditLogEntry" });

/** One page of the log, paged by keyset on id (no total: counting the log per request is what keyset paging avoids). */
export const AuditLogPageSchema = z
  .object({
    data: z.array(AuditLogViewSchema),
    size: z.int().min(1),
    query: AuditLogQuerySchema,
    previous: z.object({ after: z.int() }).nullable().meta({ description: "The query parameters of the newer page, or null." }),
    next: z.object({ before: z.int() }).nullable().meta({ description: "The query parameters of the older page, or null." }),
  })
  .meta({ ref: "AuditLogPage" });

const chainBreak = z.object({ id: z.int(), reason: z.enum(["content", "link", "missing"]) });

/** The result of walking the audit-log hash chain. */
export const AuditChainReportSchema = z
  .object({
    ok: z.boolean(),
    checked: z.int().min(0).meta({ description: "Sealed rows whose hash and link were recomputed." }),
    unsealed: z.int().min(0).meta({ description: "Newest rows not sealed yet (written seconds ago)." }),
    head: z.object({ id: z.int(), hash: z.string() }).nullable(),
    firstBroken: chainBreak.optional(),
    durationMs: z.number().min(0),
  })
  .meta({ ref: "AuditChainReport" });
