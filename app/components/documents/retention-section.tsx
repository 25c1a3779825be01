import { DetailTable, type DetailItem } from "~/components/detail-table";
import type { FormRules } from "~/components/form";
import { lazyComponent } from "~/components/lazy-component";
import type { RetentionStatus, RetentionView } from "~/domain/retention";
import { formatDate } from "~/lib/format";
import { retention as r } from "~/i18n/retention";

const STATUS_TONE: Record<RetentionStatus, string> = {
  AKTIF: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  INAKTIF: "bg-sky-50 text-sky-800 ring-sky-200",
  JATUH_TEMPO: "bg-amber-50 text-amber-900 ring-amber-200",
  DITAHAN: "bg-red-50 text-red-800 ring-red-200",
  STATIS: "bg-violet-50 text-violet-800 ring-violet-200",
  TANPA_KODE: "bg-slate-100 text-slate-700 ring-slate-200",
};

/** The status as an archivist reads it: 'Jatuh Tempo (Musnah)' names what it is due for. */
export function retentionLabel(view: Pick<RetentionView, "status" | "disposition">): string {
  return view.status === "JATUH_TEMPO" && view.disposition ? r.dueFor[view.disposition] : r.status[view.status];
}

export function RetentionBadge({ view }: { view: Pick<RetentionView, "status" | "disposition"> }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATUS_TONE[view.status]}`} data-testid="retention-status">
      {retentionLabel(view)}
    </span>
  );
}

/** Super Admin's forms (a hold, its release, a reappraisal): their code and the form kit load only where they show. */
const HoldForm = lazyComponent(() => import("./retention-forms").then((module) => module.HoldForm));
const ReleaseHoldForm = lazyComponent(() => import("./retention-forms").then((module) => module.ReleaseHoldForm));
const ReappraisalForm = lazyComponent(() => import("./retention-forms").then((module) => module.ReappraisalForm));

const day = (iso: string | null) => (iso ? formatDate(`${iso}T00:00:00+07:00`, "DD MMMM YYYY") : r.section.none);

/**
 * The 'Retensi' section of a document's page: status, dates, final disposition, the hold that
 * covers it; for Super Admin the 'Penahanan' form (put on hold / release, with a reason) and,
 * when the record is due for reappraisal, the 'Dinilai Kembali' form. Plain posts to the page's
 * action (`intent`), so they work without JavaScript; with it, the form kit checks the reason first.
 */
export function RetentionSection({ view, holdRules, reappraisalRules }: { view: RetentionView; holdRules: FormRules | null; reappraisalRules: FormRules | null }) {
  const s = r.section;
  const items: DetailItem[] = [
    [s.status, <RetentionBadge view={view} />],
    [s.start, view.retentionStartDate ? day(view.retentionStartDate) : s.startDefault(day(view.start))],
    [s.activeUntil, day(view.activeUntil)],
    [s.inactiveUntil, day(view.inactiveUntil)],
    [s.disposition, view.disposition ? r.disposition[view.disposition] : s.none],
    ...(view.totalRetentionYears !== null ? [[s.totalYears, s.years(view.totalRetentionYears)] as DetailItem] : []),
    ...(view.retentionExtendedUntil ? [[s.extendedUntil, day(view.retentionExtendedUntil)] as DetailItem] : []),
    ...(view.hold
      ? [
          [s.holdReason, <span data-testid="hold-reason">{view.hold.reason}</span>] as DetailItem,
          [s.holdSince, `${formatDate(view.hold.createdAt, "DD MMMM YYYY HH:mm")}${view.hold.createdBy ? ` · ${view.hold.createdBy}` : ""}`] as DetailItem,
        ]
      : []),
  ];
  return (
    <section className="mt-6" aria-labelledby="retention-heading" data-testid="retention-section">
      <h2 id="retention-heading" className="text-lg font-semibold text-slate-800">
        {s.heading}
      </h2>
      {view.status === "TANPA_KODE" && <p className="mb-2 text-sm text-slate-600">{s.noCode}</p>}
      {view.hold?.code && <p className="mb-2 text-sm text-slate-600">{s.holdOnCode(view.hold.code)}</p>}
      {view.hold?.document && <p className="mb-2 text-sm text-slate-600">{s.holdInBerkas(view.hold.document)}</p>}
      <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <DetailTable items={items} testId="retention-detail" />
      </div>
      {holdRules && view.canHold && (view.ownHold ? <ReleaseHoldForm rules={holdRules} /> : !view.hold?.code && <HoldForm rules={holdRules} />)}
      {reappraisalRules && view.canReappraise && <ReappraisalForm rules={reappraisalRules} />}
    </section>
  );
}
