import { Hono } from "hono";
import { categoryStatisticsCsv, getStatistics } from "~/server/services/statistics.server";
import { dashboard as dashboardText } from "~/i18n/dashboard";
import type { HonoEnv } from "../hono-env";

/**
 * GET /api/v1/statistics and its CSV export. Open to visitors (PUBLIC counts only); the user
 * and work-unit totals are null unless the caller manages them.
 */
export const statisticsApi = new Hono<HonoEnv>()
  .get("/", async (c) => c.json(await getStatistics(c.get("ctx"))))
  .get("/categories.csv", async (c) =>
    c.body(await categoryStatisticsCsv(c.get("ctx")), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${dashboardText.csvFileName}"`,
    }),
  );
