import { Form, href } from "react-router";
import type { Route } from "./+types/dashboard";
import { PageHeader } from "~/components/app-shell";
import { CategoryStatistics, DistributionCharts, Section } from "~/components/dashboard/dashboard-sections";
import { LatestDocuments } from "~/components/dashboard/latest-documents";
import { FixityCard } from "~/components/dashboard/fixity-card";
import { VitalCard } from "~/components/dashboard/vital-card";
import { vitalOverviewRead } from "~/server/vital/service.server";
import { SummaryCards } from "~/components/dashboard/summary-cards";
import { lazyComponent } from "~/components/lazy-component";
import { AccessRequestListQuerySchema } from "~/domain/access-requests";
import { ROLES } from "~/domain/roles";
import { listAccessRequests, unownedPendingRead } from "~/server/access-requests/service.server";
import { UnownedRequestsPanel } from "~/components/access-requests/unowned-requests-panel";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { fixityOverviewRead } from "~/server/fixity/service.server";
import { dashboardRead } from "~/server/statistics/service.server";
import { retentionOverviewRead } from "~/server/retention/service.server";
import { recomputeRetention } from "~/server/jobs/system.server";
import { readTogether } from "~/server/db/prepared.server";
import { CsrfField } from "~/components/form/csrf-field";
import { readForm } from "~/routes/helpers/form-body.server";
import { pageAction } from "~/routes/helpers/page-action.server";
import { RETENTION_STATUSES } from "~/domain/retention";
import { retentionMessages } from "~/i18n/retention";
import { formatDate } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { t } from "~/i18n/id";
import { dashboard as dashboardText } from "~/i18n/dashboard";
import { dashboardCards } from "~/i18n/dashboard-cards";
import { retentionFilterText } from "~/i18n/retention-filter";

export const meta = () => pageMeta({ title: t.pages.dashboard });

/** Satuan Kerja's panel of access requests: its code (the list kit, the token download) loads only for them. */
const AccessRequestList = lazyComponent(() => import("~/components/access-requests/access-request-list").then((module) => module.AccessRequestList));

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const role = ctx.session.user.role;
  // Every card in one D1 round trip; each read gives null where the actor has no such card.
  const [[dashboard, unownedPending, fixity, retention, vital], accessRequests] = await Promise.all([
    readTogether(
      ctx.d1,
      dashboardRead(ctx),
      // Super Admin answers the requests on documents without an owning unit: their way in.
      unownedPendingRead(ctx),
      // Super Admin: stored files whose fixity check failed.
      fixityOverviewRead(ctx),
      // Super Admin: documents per retention status (the retention schedule's state).
      retentionOverviewRead(ctx),
      // Super Admin: vital records, their second copies and the last restore drill.
      vitalOverviewRead(ctx),
    ),
    // The panel: the newest five requests of the Satuan Kerja user (made, or addressed to the unit).
    role === ROLES.satuanKerja ? listAccessRequests(ctx, AccessRequestListQuerySchema.parse({ size: 5 })) : null,
  ]);
  return { role, ...dashboard, accessRequests, unownedPending, fixity, retention, vital };
}

/**
 * 'Hitung Ulang' of the retention cards (Super Admin): the daily refresh, now (after an upgrade,
 * or a change of the scheme that the daily run has not yet seen).
 */
export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const form = await readForm(request);
  if (form.get("intent") !== "refresh-retention") return null;
  const here = href("/app");
  return pageAction(
    ctx,
    async () => {
      const { documents, complete } = await recomputeRetention(ctx);
      return { to: here, toast: complete ? retentionMessages.refreshed(documents) : retentionMessages.refreshContinues(documents) };
    },
    { toast: { to: here } },
  );
}

/**
 * Every role: per-category cards and the newest documents. Super Admin also gets the system
 * summary, the file-integrity card and the charts; Satuan Kerja the access-request status panel.
 */
export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { role, statistics, latestDocuments, accessRequests, unclassified, unownedPending, fixity, retention, vital } = loaderData;
  const isSuperAdmin = role === ROLES.superAdmin;
  return (
    <>
      <PageHeader title={isSuperAdmin ? t.pages.dashboardAdmin : t.pages.dashboard} />
      {isSuperAdmin && (
        <SummaryCards
          cards={[
            { label: dashboardText.totalDocuments, value: statistics.totalVisibleArchives, to: href("/app/documents"), testId: "total-documents" },
            { label: dashboardText.totalUsers, value: statistics.totalUsers ?? 0, to: href("/app/users"), testId: "total-users" },
            { label: dashboardText.totalCategories, value: statistics.totalCategories, to: href("/app/documents"), testId: "total-categories" },
            { label: dashboardText.totalUnitKerja, value: statistics.totalUnitKerja ?? 0, to: href("/app/manage-unit-kerja"), testId: "total-unit-kerja" },
            // Beyond the SPEC's four: what is not yet filed under the classification scheme.
            ...(unclassified !== null ? [{ label: dashboardText.unclassified, value: unclassified, to: href("/app/klasifikasi"), testId: "unclassified" }] : []),
          ]}
        />
      )}
      {retention && (
        <Section
          title={dashboardCards.retention.heading}
          testId="retention-cards"
          action={
            <Form method="post">
              <CsrfField />
              <button
                type="submit"
                name="intent"
                value="refresh-retention"
                className="rounded-lg px-3 py-1.5 text-sm font-medium text-blue-700 ring-1 ring-blue-200 hover:bg-blue-50"
                data-testid="refresh-retention"
              >
                {dashboardCards.retention.refresh}
              </button>
            </Form>
          }
        >
          <SummaryCards
            testId="retention-summary"
            cards={[
              ...RETENTION_STATUSES.map((status) => ({
                label: retentionFilterText.status[status],
                value: retention[status],
                to: `${href("/app/documents")}?retensi=${status}`,
                testId: `retention-${status.toLowerCase()}`,
              })),
              { label: dashboardCards.retention.destroyed, value: retention.DIMUSNAHKAN, to: href("/app/audit-logs"), testId: "retention-dimusnahkan" },
            ]}
          />
          <p className="mt-2 text-sm text-slate-700" data-testid="retention-checked-at">
            {retention.checkedAt ? dashboardCards.retention.checkedAt(`${formatDate(retention.checkedAt, "DD MMMM YYYY HH:mm")} WIB`) : dashboardCards.retention.neverChecked}
          </p>
        </Section>
      )}
      {unownedPending !== null && <UnownedRequestsPanel count={unownedPending} />}
      {fixity && <FixityCard overview={fixity} />}
      {vital && <VitalCard overview={vital} />}
      <CategoryStatistics statistics={statistics} listPath={href("/app/documents")} />
      {isSuperAdmin && <DistributionCharts statistics={statistics} />}
      <Section title={dashboardText.latest} testId="latest">
        <LatestDocuments documents={latestDocuments} detailPath={href("/app/documents")} />
      </Section>
      {accessRequests && <AccessRequestList page={accessRequests} compact />}
    </>
  );
}
