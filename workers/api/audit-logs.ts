import { Hono } from "hono";
import { AuditLogQuerySchema } from "~/domain/audit-log";
import { parseListParams } from "~/domain/list-query";
import { exportAuditLogsCsv, listAuditLogs } from "~/server/services/audit-log.server";
import { verifyAuditChain } from "~/server/services/audit-integrity.server";
import type { HonoEnv } from "../hono-env";
import { searchParamsOf } from "./json-body";

/**
 * `/api/v1/audit-logs`: read, export and verify the hash chain (Super Admin, enforced in the
 * services). There is deliberately no route that changes or deletes an audit row.
 */
export const auditLogsApi = new Hono<HonoEnv>()
  .get("/", async (c) => c.json(await listAuditLogs(c.get("ctx"), parseListParams(AuditLogQuerySchema, searchParamsOf(c)))))
  .get("/export.csv", async (c) => {
    const { stream, fileName } = await exportAuditLogsCsv(c.get("ctx"), parseListParams(AuditLogQuerySchema, searchParamsOf(c)));
    return new Response(stream, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        "Cache-Control": "private, no-store",
      },
    });
  })
  .post("/verify", async (c) => c.json(await verifyAuditChain(c.get("ctx"))));
