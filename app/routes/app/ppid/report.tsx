import { Form } from "react-router";
import type { Route } from "./+types/report";
import { PageHeader } from "~/components/app-shell";
import { buttonClass, inputClass } from "~/components/buttons";
import { ReportDownloads } from "~/components/ppid/report-downloads";
import { DetailTable } from "~/components/detail-table";
import { REPORT_YEARS } from "~/domain/ppid/reports";
import { ppidReports } from "~/i18n/ppid/reports";
import { pageMeta } from "~/lib/meta";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { reportYearOf } from "~/routes/helpers/ppid-report.server";
import { orRouteError } from "~/routes/helpers/route-errors.server";
import { annualReport, annualReportSections } from "~/server/ppid/reports.server";

const r = ppidReports;

export const meta = () => pageMeta({ title: r.title });

/** 'Laporan Tahunan' of `?tahun=` (this year by default; officers, by the layout's gate). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  return orRouteError(async () => {
    const year = reportYearOf(ctx, request);
    return { year, sections: annualReportSections(await annualReport(ctx, year)) };
  });
}

export default function PpidAnnualReport({ loaderData }: Route.ComponentProps) {
  const { year, sections } = loaderData;
  return (
    <>
      <PageHeader title={r.title} description={r.description} />
      <Form method="get" className="mb-6 flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <div>
          <label htmlFor="ppid-report-year" className="text-sm font-medium">
            {r.year}
          </label>
          <input
            id="ppid-report-year"
            name="tahun"
            type="number"
            inputMode="numeric"
            min={REPORT_YEARS.first}
            max={REPORT_YEARS.last}
            required
            defaultValue={year}
            key={year}
            className={`${inputClass} w-32`}
          />
        </div>
        <button type="submit" className={buttonClass.primary} data-testid="ppid-report-show">
          {r.show}
        </button>
      </Form>
      <h2 className="mb-1 text-lg font-semibold text-slate-900">
        {r.yearLabel(year)}
      </h2>
      <p className="mb-4 text-sm text-slate-600">{r.yearNote(year)}</p>
      <div className="grid gap-4 lg:grid-cols-2">
        {sections.map((section, index) => (
          <section key={section.heading} aria-labelledby={`ppid-report-${index}`} className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
            <h3 id={`ppid-report-${index}`} className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900">
              {section.heading}
            </h3>
            <DetailTable items={section.lines} testId={`ppid-report-section-${index}`} />
          </section>
        ))}
      </div>
      <section aria-labelledby="ppid-report-downloads" className="mt-6">
        <h2 id="ppid-report-downloads" className="mb-2 text-lg font-semibold text-slate-900">
          {r.downloads}
        </h2>
        <ReportDownloads year={year} />
      </section>
    </>
  );
}
