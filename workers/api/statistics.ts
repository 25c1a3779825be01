import { Hono } from "hono";
import { StatisticsViewSchema } from "~/domain/api/statistics";
import { categoryStatisticsCsv, getStatistics } from "~/server/statistics/service.server";
import { dashboard as dashboardText } from "~/i18n/dashboard";
import type { HonoEnv } from "../hono-env";
import { route } from "./contract";

const TAG = "Statistics";

/**
 * GET /api/v1/statistics and its CSV export. Open to visitors (PUBLIC counts only); the user
 * and work-unit totals are null unless the caller manages them.
 */
export const statisticsApi = new Hono<HonoEnv>()
  .get(
    "/",
    route({ tag: TAG, summary: "Dashboard figures (visitors count PUBLIC documents only)", access: "public", ok: { description: "The figures.", schema: StatisticsViewSchema } }),
    async (c) => c.json(await getStatistics(c.get("ctx"))),
  )
  .get(
    "/categories.csv",
    route({
      tag: TAG,
      summary: "Documents per category as CSV",
      access: "public",
      ok: { description: "A CSV file (`Kategori,Jumlah`).", content: { "text/csv": { schema: { type: "string" } } } },
    }),
    async (c) =>
      c.body(await categoryStatisticsCsv(c.get("ctx")), 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${dashboardText.csvFileName}"`,
      }),
  );
