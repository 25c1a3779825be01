/**
 * What the dashboards and `GET /api/v1/statistics` show. Counts are per audience: a visitor
 * sees PUBLIC documents only, a signed-in user every document's metadata.
 */

/** Category cards and charts show at most this many categories (the first ones, by id). */
export const MAX_DASHBOARD_CATEGORIES = 8;
/** 'Dokumen Terbaru' lists this many documents, newest first. */
export const LATEST_DOCUMENTS_COUNT = 5;

export type CategoryCount = { categoryId: number; categoryName: string; count: number };

export type StatisticsView = {
  /** Documents the caller may see: PUBLIC ones for a visitor, all for a signed-in user. */
  totalVisibleArchives: number;
  /** Only for roles that manage users (Super Admin); null for everyone else. */
  totalUsers: number | null;
  /** Only for roles that manage work units (Super Admin); null for everyone else. */
  totalUnitKerja: number | null;
  totalCategories: number;
  /** Every category in id order, with the caller's visible count (zero included). */
  archivesByCategory: CategoryCount[];
};

export type LatestDocument = {
  uuid: string;
  title: string;
  accessLevel: "PRIVATE" | "PUBLIC";
  createdAt: string;
};

export type DashboardView = {
  statistics: StatisticsView;
  latestDocuments: LatestDocument[];
};

/** The categories the cards and charts draw. */
export const dashboardCategories = (statistics: Pick<StatisticsView, "archivesByCategory">) =>
  statistics.archivesByCategory.slice(0, MAX_DASHBOARD_CATEGORIES);
