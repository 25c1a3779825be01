import type { Route } from "./+types/dashboard";
import { PageHeader } from "~/components/app-shell";
import { CategoryStatistics, DistributionCharts, Section } from "~/components/dashboard/dashboard-sections";
import { LatestDocuments } from "~/components/dashboard/latest-documents";
import { SummaryCards } from "~/components/dashboard/summary-cards";
import { ROLES } from "~/domain/roles";
import { getSignedIn } from "~/server/gates.server";
import { getDashboard } from "~/server/services/statistics.server";
import { pageMeta } from "~/lib/meta";
import { t } from "~/i18n/id";

export const meta = () => pageMeta({ title: t.pages.dashboard });

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  return { role: ctx.session.user.role, ...(await getDashboard(ctx)) };
}

/**
 * Every role: per-category cards and the newest documents. Super Admin also gets the system
 * summary and the charts; Satuan Kerja the access-request status panel.
 */
export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { role, statistics, latestDocuments } = loaderData;
  const isSuperAdmin = role === ROLES.superAdmin;
  return (
    <>
      <PageHeader title={isSuperAdmin ? t.pages.dashboardAdmin : t.pages.dashboard} />
      {isSuperAdmin && (
        <SummaryCards
          cards={[
            { label: t.dashboard.totalDocuments, value: statistics.totalVisibleArchives, to: "/app/documents", testId: "total-documents" },
            { label: t.dashboard.totalUsers, value: statistics.totalUsers ?? 0, to: "/app/users", testId: "total-users" },
            { label: t.dashboard.totalCategories, value: statistics.totalCategories, to: "/app/documents", testId: "total-categories" },
            { label: t.dashboard.totalUnitKerja, value: statistics.totalUnitKerja ?? 0, to: "/app/manage-unit-kerja", testId: "total-unit-kerja" },
          ]}
        />
      )}
      <CategoryStatistics statistics={statistics} listPath="/app/documents" />
      {isSuperAdmin && <DistributionCharts statistics={statistics} />}
      <Section title={t.dashboard.latest} testId="latest">
        <LatestDocuments documents={latestDocuments} detailPath="/app/documents" />
      </Section>
      {role === ROLES.satuanKerja && (
        // SLOT: the 'Status Permintaan Akses' panel (the access-request table of the signed-in
        // Satuan Kerja user) goes here; it is built with the access-request feature.
        null
      )}
    </>
  );
}
