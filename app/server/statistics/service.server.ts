import { can } from "~/domain/policy";
import { LATEST_DOCUMENTS_COUNT, type DashboardView, type StatisticsView } from "~/domain/statistics";
import { dashboard as dashboardText } from "~/i18n/dashboard";
import type { ServiceContext } from "../context.server";
import { batchedRead, readTogether, type BatchedRead } from "../db/prepared.server";
import { audienceOf, audienceUnit } from "../documents/queries.server";
import { unclassifiedCountStatement } from "../classification/queries.server";
import { csvField } from "../http/csv.server";
import {
  categoryCountsStatement,
  countUnitKerjaStatement,
  countUsersStatement,
  latestDocumentsStatement,
  toCategoryCount,
  toLatestDocument,
} from "./queries.server";

/**
 * Statistics for whoever asks; anyone may read them (visitors included). Visitors count PUBLIC
 * documents only; signed-in users see every document's metadata, so they count all. The user
 * and work-unit totals are shown to those who manage users and work units (Super Admin) and are
 * null for everyone else. No writes, no audit rows.
 */
export async function getStatistics(ctx: ServiceContext): Promise<StatisticsView> {
  const [dashboard] = await readTogether(ctx.d1, readDashboard(ctx, false));
  return dashboard.statistics;
}

/** Statistics plus the newest documents the caller may see, for `/` and `/app`. Anyone may read. */
export async function getDashboard(ctx: ServiceContext): Promise<DashboardView> {
  const [dashboard] = await readTogether(ctx.d1, dashboardRead(ctx));
  return dashboard;
}

/** `getDashboard` as a read that shares one D1 round trip with the page's other cards. */
export const dashboardRead = (ctx: ServiceContext): BatchedRead<DashboardView> => readDashboard(ctx, true);

/** Every number of a dashboard in one D1 round trip; nothing the caller may not see is read. */
function readDashboard(ctx: ServiceContext, withLatest: boolean): BatchedRead<DashboardView> {
  const audience = audienceOf(ctx.actor);
  const unitId = audienceUnit(audience);
  return batchedRead(
    [
      categoryCountsStatement(ctx.d1, audience.kind, unitId),
      withLatest ? latestDocumentsStatement(ctx.d1, audience.kind, unitId, LATEST_DOCUMENTS_COUNT) : null,
      can(ctx.actor, { type: "users.manage" }) ? countUsersStatement(ctx.d1, null) : null,
      can(ctx.actor, { type: "unitKerja.manage" }) ? countUnitKerjaStatement(ctx.d1, null) : null,
      withLatest && can(ctx.actor, { type: "classification.manage" }) ? unclassifiedCountStatement(ctx.d1, null) : null,
    ],
    ([categoryRows, latestRows, userRows, unitRows, unclassifiedRows]) => {
      const archivesByCategory = categoryRows.map(toCategoryCount);
      return {
        statistics: {
          // archive_counts covers every document exactly once (one row per category and level).
          totalVisibleArchives: archivesByCategory.reduce((sum, category) => sum + category.count, 0),
          totalUsers: userRows ? Number(userRows[0]?.n ?? 0) : null,
          totalUnitKerja: unitRows ? Number(unitRows[0]?.n ?? 0) : null,
          totalCategories: archivesByCategory.length,
          archivesByCategory,
        },
        latestDocuments: (latestRows ?? []).map(toLatestDocument),
        unclassified: unclassifiedRows ? Number(unclassifiedRows[0]?.n ?? 0) : null,
      };
    },
  );
}

/**
 * The per-category numbers as CSV (RFC 4180: CRLF, quoted fields), with a UTF-8 byte order mark
 * so spreadsheet programs read Indonesian names correctly. Same audience rule as the statistics.
 * A name that a spreadsheet would run as a formula is prefixed with ' (see `spreadsheetSafe`).
 */
export async function categoryStatisticsCsv(ctx: ServiceContext): Promise<string> {
  const { archivesByCategory } = await getStatistics(ctx);
  const lines = [
    [dashboardText.categoryColumn, dashboardText.countColumn],
    ...archivesByCategory.map((category) => [category.categoryName, String(category.count)]),
  ];
  return "\uFEFF" + lines.map((fields) => fields.map(csvField).join(",")).join("\r\n") + "\r\n";
}
