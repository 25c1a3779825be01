import { z } from "zod";
import { AUDIT_ACTIONS } from "./audit-actions";
import { blankToUndefined } from "./form-input";
import { createListQuerySchema } from "./list-query";
import type { AuditLogViewSchema } from "./api/audit-logs";

// The action filter offers exactly the actions the log can hold.
export { AUDIT_ACTIONS, type AuditAction } from "./audit-actions";

/** One audit entry as the page and the API show it (SPEC: timestamp, action, details.message, …; see api/audit-logs.ts). */
export type AuditLogView = z.output<typeof AuditLogViewSchema>;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
  .optional()
  .catch(undefined);
const cursor = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined);

/**
 * `/app/audit-logs`, `GET /api/v1/audit-logs` and its CSV export. Always newest first; paged by
 * keyset on id (`before` = older than that id, `after` = newer), never by page number. Dates are
 * calendar days in Asia/Jakarta, both ends included.
 */
export const AuditLogQuerySchema = createListQuerySchema({
  sorts: ["timestamp"],
  defaultSort: "timestamp",
  defaultDir: "desc",
  filters: {
    action: z.enum(AUDIT_ACTIONS).optional().catch(undefined),
    actor: z.preprocess(blankToUndefined, z.string().trim().max(50).optional()).catch(undefined),
    from: isoDate,
    to: isoDate,
    before: cursor,
    after: cursor,
  },
});
export type AuditLogQuery = z.output<typeof AuditLogQuerySchema>;

/**
 * One page of a keyset-paged list. There is no total (counting a large table per request is
 * what keyset paging avoids): the page knows how many rows it shows and whether there are newer
 * (Previous) or older (Next) ones. `previous`/`next` are the query parameters to set on the
 * current URL (dropping `page`, `before` and `after`), or null when there is no such page.
 */
export type KeysetPage<Row, Query> = {
  data: Row[];
  size: number;
  query: Query;
  previous: { after: number } | null;
  next: { before: number } | null;
};

/** The UTC instant a Jakarta calendar day starts (UTC+7 all year: Indonesia has no DST). */
export const jakartaDayStart = (day: string): string => new Date(`${day}T00:00:00+07:00`).toISOString();
/** The UTC instant the Jakarta day after `day` starts: the exclusive end of an inclusive range. */
export const jakartaDayEnd = (day: string): string =>
  new Date(new Date(`${day}T00:00:00+07:00`).getTime() + 24 * 60 * 60 * 1000).toISOString();
