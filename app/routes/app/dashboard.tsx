import type { Route } from "./+types/dashboard";
import { PageHeader } from "~/components/app-shell";
import { CategoryStatistics, DistributionCharts, Section } from "~/components/dashboard/dashboard-sections";
import { LatestDocuments } from "~/components/dashboard/latest-documents";
import { SummaryCards } from "~/components/dashboard/summary-cards";
import { AccessRequestList } from "~/components/access-requests/access-request-list";
import { AccessRequestListQuerySchema } from "~/domain/access-requests";
import { ROLES } from "~/domain/roles";
import { listAccessRequests } from "~/server/services/access-requests.server";
import { getSignedIn } from "~/server/gates.server";
import { getDashboard } from "~/server/services/statistics.server";
import { pageMeta } from "~/lib/meta";
import { t } from "~/i18n/id";
import { dashboard as dashboardText } from "~/i18n/dashboard";

export const meta = () => pageMeta({ title: t.pages.dashboard });

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const role = ctx.session.user.role;
  const [dashboard, accessRequests] = await Promise.all([
    getDashboard(ctx),
    // The panel: the newest five requests of the Satuan Kerja user (made, or addressed to the unit).
    role === ROLES.satuanKerja ? listAccessRequests(ctx, AccessRequestListQuerySchema.parse({ size: 5 })) : null,
  ]);
  return { role, ...dashboard, accessRequests, csrfToken: ctx.session.csrfToken };
}

/**
 * Every role: per-category cards and the newest documents. Super Admin also gets the system
 * summary and the charts; Satuan Kerja the access-request status panel.
 */
export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { role, statistics, latestDocuments, accessRequests, csrfToken } = loaderData;
  const isSuperAdmin = role === ROLES.superAdmin;
  return (
    <>
      <PageHeader title={isSuperAdmin ? t.pages.dashboardAdmin : t.pages.dashboard} />
      {isSuperAdmin && (
        <SummaryCards
          cards={[
            { label: dashboardText.totalDocuments, value: statistics.totalVisibleArchives, to: "/app/documents", testId: "total-documents" },
            { label: dashboardText.totalUsers, value: statistics.totalUsers ?? 0, to: "/app/users", testId: "total-users" },
            { label: dashboardText.totalCategories, value: statistics.totalCategories, to: "/app/documents", testId: "total-categories" },
            { label: dashboardText.totalUnitKerja, value: statistics.totalUnitKerja ?? 0, to: "/app/manage-unit-kerja", testId: "total-unit-kerja" },
          ]}
        />
      )}
      <CategoryStatistics statistics={statistics} listPath="/app/documents" />
      {isSuperAdmin && <DistributionCharts statistics={statistics} />}
      <Section title={dashboardText.latest} testId="latest">
        <LatestDocuments documents={latestDocuments} detailPath="/app/documents" />
      </Section>
      {accessRequests && <AccessRequestList page={accessRequests} csrfToken={csrfToken} compact />}
    </>
  );
}
