import { Hono } from "hono";
import { AuditChainReportSchema, AuditLogPageSchema } from "~/domain/api/audit-logs";
import { AuditLogQuerySchema } from "~/domain/audit-log";
import { exportAuditLogsCsv, listAuditLogs } from "~/server/audit-log/service.server";
import { verifyAuditChain } from "~/server/audit/integrity.server";
import type { HonoEnv } from "../hono-env";
import { listQuery, route } from "./contract";

const TAG = "Audit log";

/**
 * `/api/v1/audit-logs`: read, export and verify the hash chain (Super Admin, enforced in the
 * services). There is deliberately no route that changes or deletes an audit row.
 */
export const auditLogsApi = new Hono<HonoEnv>()
  .get(
    "/",
    route({
      tag: TAG,
      summary: "Read the audit log, newest first (Super Admin)",
      description: "Paged by keyset on id: `before` asks for older rows, `after` for newer ones.",
      access: "read",
      ok: { description: "One page of entries.", schema: AuditLogPageSchema },
      errors: [403],
    }),
    listQuery(AuditLogQuerySchema),
    async (c) => c.json(await listAuditLogs(c.get("ctx"), c.req.valid("query"))),
  )
  .get(
    "/export.csv",
    route({
      tag: TAG,
      summary: "Export the filtered audit log as CSV (Super Admin)",
      access: "read",
      ok: { description: "A CSV file, streamed.", content: { "text/csv": { schema: { type: "string" } } } },
      errors: [403],
    }),
    listQuery(AuditLogQuerySchema),
    async (c) => {
      const { stream, fileName } = await exportAuditLogsCsv(c.get("ctx"), c.req.valid("query"));
      return new Response(stream, {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="${fileName}"`,
          "Cache-Control": "private, no-store",
        },
      });
    },
  )
  .post(
    "/verify",
    route({ tag: TAG, summary: "Walk the audit-log hash chain (Super Admin)", access: "write", ok: { description: "The result of the walk.", schema: AuditChainReportSchema }, errors: [403] }),
    async (c) => c.json(await verifyAuditChain(c.get("ctx"))),
  );
