import { redirect, href } from "react-router";
import { buttonClass } from "~/components/buttons";
import type { Route } from "./+types/home";
import { PageHeader } from "~/components/app-shell";
import { CategoryStatistics, DistributionCharts, Section } from "~/components/dashboard/dashboard-sections";
import { LatestDocuments } from "~/components/dashboard/latest-documents";
import { SummaryCards } from "~/components/dashboard/summary-cards";
import { getAppContext } from "~/routes/helpers/route-errors.server";
import { getDashboard } from "~/server/statistics/service.server";
import { pageMeta } from "~/lib/meta";
import { t } from "~/i18n/id";
import { dashboard as dashboardText } from "~/i18n/dashboard";
import { AppLink } from "~/components/app-link";

export const meta = () => pageMeta({ title: dashboardText.home, description: dashboardText.homeDescription, indexable: true });

/**
 * The public landing; a signed-in user belongs on /app (that redirect is never cached: the edge
 * cache serves visitors only). Everything shown here — PUBLIC counts, category names, the newest
 * PUBLIC documents — changes only through writes that bump the public version in the cache key.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = getAppContext(context);
  if (ctx.session) throw redirect(href("/app"));
  return getDashboard(ctx);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { statistics, latestDocuments } = loaderData;
  return (
    <>
      <PageHeader title={t.pages.dashboard} description={dashboardText.homeDescription} />
      <p className="-mt-2 mb-6">
        <AppLink to={href("/documents")} className={buttonClass.primary} data-testid="browse-documents">
          {t.pages.documents}
        </AppLink>
      </p>
      <SummaryCards cards={[{ label: dashboardText.totalDocuments, value: statistics.totalVisibleArchives, to: href("/documents"), testId: "total-documents" }]} />
      <CategoryStatistics statistics={statistics} listPath={href("/documents")} />
      <DistributionCharts statistics={statistics} />
      <Section title={dashboardText.latest} testId="latest">
        <LatestDocuments documents={latestDocuments} detailPath={href("/documents")} publicPage />
      </Section>
    </>
  );
}
