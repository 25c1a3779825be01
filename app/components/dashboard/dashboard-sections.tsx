import { CategoryChart } from "~/components/charts/category-chart";
import { dashboardCategories, type StatisticsView } from "~/domain/statistics";
import { dashboard as dashboardText } from "~/i18n/dashboard";
import { CategoryCards } from "./category-cards";

/** A titled block of the dashboard. */
export function Section({ title, action, children, testId }: { title: string; action?: React.ReactNode; children: React.ReactNode; testId?: string }) {
  return (
    <section className="mt-8" data-testid={testId}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** 'Statistik Per Kategori' with its CSV export (a plain link: a download without JavaScript). */
export function CategoryStatistics({ statistics, listPath }: { statistics: StatisticsView; listPath: string }) {
  return (
    <Section
      title={dashboardText.perCategory}
      testId="category-statistics"
      action={
        <a
          href="/api/v1/statistics/categories.csv"
          download={dashboardText.csvFileName}
          className="rounded-lg px-3 py-1.5 text-sm font-medium text-blue-700 ring-1 ring-blue-200 hover:bg-blue-50"
          data-testid="statistics-csv"
        >
          {dashboardText.exportCsv}
        </a>
      }
    >
      <CategoryCards categories={dashboardCategories(statistics)} listPath={listPath} />
    </Section>
  );
}

/** 'Distribusi Dokumen' as a bar chart and a doughnut over the first eight categories. */
export function DistributionCharts({ statistics }: { statistics: StatisticsView }) {
  const categories = dashboardCategories(statistics);
  const labels = categories.map((category) => category.categoryName);
  const values = categories.map((category) => category.count);
  return (
    <Section title={dashboardText.chartsHeading} testId="charts">
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <CategoryChart kind="bar" labels={labels} values={values} name={dashboardText.barChartName} testId="bar-chart" />
        <CategoryChart kind="doughnut" labels={labels} values={values} name={dashboardText.doughnutChartName} testId="doughnut-chart" />
      </div>
    </Section>
  );
}
