import type { z } from "zod";
import type { CategoryCountSchema, StatisticsViewSchema } from "./api/statistics";

/**
 * What the dashboards and `GET /api/v1/statistics` show. Counts are per audience: a visitor
 * sees PUBLIC documents only, a signed-in user every document's metadata.
 */

/** Category cards and charts show at most this many categories (the first ones, by id). */
export const MAX_DASHBOARD_CATEGORIES = 8;
/** 'Dokumen Terbaru' lists this many documents, newest first. */
export const LATEST_DOCUMENTS_COUNT = 5;

export type CategoryCount = z.output<typeof CategoryCountSchema>;

/** What the dashboards and the API count (see api/statistics.ts). */
export type StatisticsView = z.output<typeof StatisticsViewSchema>;

export type LatestDocument = {
  uuid: string;
  title: string;
  accessLevel: "PRIVATE" | "PUBLIC";
  createdAt: string;
};

export type DashboardView = {
  statistics: StatisticsView;
  latestDocuments: LatestDocument[];
  /** Live documents filed under no classification code: for who keeps the scheme (Super Admin), else null. */
  unclassified: number | null;
};

/** The categories the cards and charts draw. */
export const dashboardCategories = (statistics: Pick<StatisticsView, "archivesByCategory">) =>
  statistics.archivesByCategory.slice(0, MAX_DASHBOARD_CATEGORIES);
