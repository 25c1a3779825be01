import { can } from "~/domain/policy";
import { LATEST_DOCUMENTS_COUNT, type DashboardView, type StatisticsView } from "~/domain/statistics";
import { t } from "~/i18n/id";
import type { AppContext } from "../context.server";
import { categoryCounts, countUnitKerja, countUsers, latestDocuments } from "../statistics/queries.server";

/**
 * Statistics for whoever asks; anyone may read them (visitors included). Visitors count PUBLIC
 * documents only; signed-in users see every document's metadata, so they count all. The user
 * and work-unit totals are shown to those who manage users and work units (Super Admin) and are
 * null for everyone else. No writes, no audit rows.
 */
export async function getStatistics(ctx: AppContext): Promise<StatisticsView> {
  const publicOnly = !ctx.actor;
  const showUsers = can(ctx.actor, { type: "users.manage" });
  const showUnits = can(ctx.actor, { type: "unitKerja.manage" });
  const [archivesByCategory, totalUsers, totalUnitKerja] = await Promise.all([
    categoryCounts(ctx, { publicOnly }),
    showUsers ? countUsers(ctx) : null,
    showUnits ? countUnitKerja(ctx) : null,
  ]);
  return {
    // archive_counts covers every document exactly once (one row per category and level).
    totalVisibleArchives: archivesByCategory.reduce((sum, category) => sum + category.count, 0),
    totalUsers,
    totalUnitKerja,
    totalCategories: archivesByCategory.length,
    archivesByCategory,
  };
}

/** Statistics plus the newest documents the caller may see, for `/` and `/app`. Anyone may read. */
export async function getDashboard(ctx: AppContext): Promise<DashboardView> {
  const [statistics, latest] = await Promise.all([
    getStatistics(ctx),
    latestDocuments(ctx, { publicOnly: !ctx.actor, limit: LATEST_DOCUMENTS_COUNT }),
  ]);
  return { statistics, latestDocuments: latest };
}

/**
 * The per-category numbers as CSV (RFC 4180: CRLF, quoted fields), with a UTF-8 byte order mark
 * so spreadsheet programs read Indonesian names correctly. Same audience rule as the statistics.
 * A name that a spreadsheet would run as a formula (=, +, -, @ first) is prefixed with '.
 */
export async function categoryStatisticsCsv(ctx: AppContext): Promise<string> {
  const { archivesByCategory } = await getStatistics(ctx);
  const lines = [
    [t.dashboard.categoryColumn, t.dashboard.countColumn],
    ...archivesByCategory.map((category) => [category.categoryName, String(category.count)]),
  ];
  return "\uFEFF" + lines.map((fields) => fields.map(csvField).join(",")).join("\r\n") + "\r\n";
}

function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
