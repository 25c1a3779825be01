import { href } from "react-router";
import type { VitalOverview } from "~/domain/vital";
import { dashboardCards } from "~/i18n/dashboard-cards";
import { vitalDrillOutcome } from "~/i18n/vital-drill";
import { formatDate } from "~/lib/format";
import { AppLink } from "~/components/app-link";

const s = dashboardCards.vital;

/**
 * 'Arsip Vital' on the Super Admin dashboard: vital records, those due for review, those whose
 * second copy is missing or damaged, and the last restore drill. Server-rendered.
 */
export function VitalCard({ overview }: { overview: VitalOverview }) {
  const figures: [string, number, string, boolean][] = [
    [s.records, overview.vitalRecords, "vital-records", false],
    [s.reviewDue, overview.reviewDue, "vital-review-due", overview.reviewDue > 0],
    [s.copiesMissing, overview.copiesMissing, "vital-copies-missing", overview.copiesMissing > 0],
  ];
  const drill = overview.lastDrill;
  return (
    <section aria-labelledby="vital-card-heading" className="mt-8 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="vital-card">
      <h2 id="vital-card-heading" className="text-lg font-semibold text-slate-900">
        {s.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{s.description}</p>
      <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
        {figures.map(([label, value, testId, warn]) => (
          <div key={testId} className={`rounded-lg p-3 ring-1 ${warn ? "bg-red-50 ring-red-200" : "bg-slate-50 ring-slate-200"}`}>
            <dt className="text-sm font-medium text-slate-600">{label}</dt>
            <dd className={`text-2xl font-bold tabular-nums ${warn ? "text-red-800" : "text-slate-900"}`} data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-slate-700" data-testid="vital-last-drill-card">
        {s.lastDrill}:{" "}
        {drill ? (
          <>
            <AppLink to={href("/app/documents/:uuid", { uuid: drill.uuid })} className="font-medium text-blue-700 underline">
              {drill.title}
            </AppLink>{" "}
            — {vitalDrillOutcome[drill.outcome]}, {formatDate(drill.drilledAt, "DD MMMM YYYY HH:mm")}
          </>
        ) : (
          s.noDrill
        )}
      </p>
    </section>
  );
}
