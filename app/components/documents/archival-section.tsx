import { Form, href, useNavigation } from "react-router";
import { buttonClass, inputClass } from "~/components/buttons";
import { DetailTable, type DetailItem } from "~/components/detail-table";
import { Field, TextareaField, useFormKit, type FormRules } from "~/components/form";
import { CsrfField } from "~/components/form/csrf-field";
import type { BerkasOption } from "~/domain/berkas";
import type { VitalView } from "~/domain/vital";
import { berkasText } from "~/i18n/berkas";
import { vitalText as v } from "~/i18n/vital";
import { formatDate } from "~/lib/format";
import { AppLink } from "~/components/app-link";

const s = berkasText.documentSection;

/** Is a post with this intent in flight (its button's busy state)? */
function useBusy(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

/**
 * The document page's 'Berkas' section: the berkas it is filed in (and 'Keluarkan dari Berkas'
 * while that berkas is open), or 'Masukkan ke Berkas' with the open berkas of its unit and code,
 * and a way to make one. Plain posts to the page's action, JavaScript on or off.
 */
export function BerkasSection({
  berkas,
  options,
  createHref,
  hasCode,
}: {
  berkas: { id: number; number: string; title: string; canManage: boolean } | null;
  options: BerkasOption[];
  createHref: string | null;
  hasCode: string | null;
}) {
  const busy = useBusy("file-berkas");
  if (!berkas && options.length === 0 && !createHref) return null;
  return (
    <section className="mt-6" aria-labelledby="berkas-heading" data-testid="berkas-section">
      <h2 id="berkas-heading" className="text-lg font-semibold text-slate-800">
        {s.heading}
      </h2>
      <div className="mt-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        {berkas ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm" data-testid="filed-in">
              {s.filedIn}{" "}
              <AppLink to={href("/app/berkas/:id", { id: String(berkas.id) })} className="font-medium text-blue-700 underline">
                {berkas.number} — {berkas.title}
              </AppLink>
            </p>
            {berkas.canManage && (
              <Form method="post">
                <CsrfField />
                <input type="hidden" name="berkasId" value={berkas.id} />
                <button type="submit" name="intent" value="unfile-berkas" className={buttonClass.secondary} data-testid="unfile-berkas">
                  {s.remove}
                </button>
              </Form>
            )}
          </div>
        ) : (
          <>
            <p className="text-sm text-slate-600">{hasCode ? s.notFiled : s.needsCode}</p>
            {options.length > 0 ? (
              <Form method="post" className="mt-3 flex flex-wrap items-end gap-3" data-testid="file-berkas-form">
                <CsrfField />
                <label className="min-w-64 flex-1 text-sm font-medium">
                  {s.choose}
                  <select name="berkasId" required className={inputClass}>
                    {options.map((option) => (
                      <option key={option.id} value={option.id}>
                        {option.number} — {option.title}
                      </option>
                    ))}
                  </select>
                </label>
                <button type="submit" name="intent" value="file-berkas" className={buttonClass.primary} disabled={busy} data-testid="file-berkas">
                  {busy ? s.filing : s.fileInto}
                </button>
              </Form>
            ) : (
              hasCode && <p className="mt-2 text-sm text-slate-600">{s.noBerkas(hasCode)}</p>
            )}
            {createHref && (
              <AppLink to={createHref} className="mt-3 inline-block text-sm font-medium text-blue-700 underline" data-testid="create-berkas-for-document">
                {s.createOne}
              </AppLink>
            )}
          </>
        )}
      </div>
    </section>
  );
}

/**
 * The document page's 'Arsip Vital' section (Super Admin): the flag with its reason and review
 * date, the second copy's state and the last restore drill; set or renew, lift, and 'Uji
 * Pemulihan'.
 */
export function VitalSection({ view, rules }: { view: VitalView; rules: FormRules }) {
  const drilling = useBusy("vital-drill");
  const items: DetailItem[] = view.vital
    ? [
        [v.columns.reason, view.reason],
        [v.columns.reviewDueOn, view.reviewDueOn ? formatDate(`${view.reviewDueOn}T00:00:00+07:00`, "DD MMMM YYYY") : "–"],
        [v.columns.flagged, view.flaggedAt ? `${formatDate(view.flaggedAt, "DD MMMM YYYY HH:mm")}${view.flaggedBy ? `, ${view.flaggedBy}` : ""}` : "–"],
        [v.columns.copy, <span data-testid="vital-copy">{view.copy ? v.copyStatus[view.copy.status] : v.copyPending}</span>],
        [
          v.columns.lastDrill,
          <span data-testid="vital-last-drill">
            {view.lastDrill
              ? `${v.drillSummary(v.drillOutcome[view.lastDrill.outcome]!, formatDate(view.lastDrill.drilledAt, "DD MMMM YYYY HH:mm"))} (${v.drillDetails(view.lastDrill.bytes ?? 0, view.lastDrill.durationMs)})`
              : v.drillNone}
          </span>,
        ],
      ]
    : [];
  return (
    <section className="mt-6" aria-labelledby="vital-heading" data-testid="vital-section">
      <h2 id="vital-heading" className="text-lg font-semibold text-slate-800">
        {v.heading}
      </h2>
      <p className="mb-2 text-sm text-slate-600">{view.vital ? v.description : v.notVital}</p>
      {view.vital && (
        <>
          <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
            <DetailTable items={items} testId="vital-detail" />
          </div>
          <Form method="post" className="mt-3">
            <CsrfField />
            <button type="submit" name="intent" value="vital-drill" className={buttonClass.primary} disabled={drilling} data-testid="vital-drill">
              {drilling ? v.drilling : v.drill}
            </button>
          </Form>
        </>
      )}
      <VitalForm key={view.vital ? "renew" : "flag"} mode={view.vital ? "renew" : "flag"} rules={rules} view={view} />
      {view.vital && <LiftForm rules={rules} />}
    </section>
  );
}

function VitalForm({ mode, rules, view }: { mode: "flag" | "renew"; rules: FormRules; view: VitalView }) {
  const [form, fields] = useFormKit<"reason" | "reviewMonths">({
    id: "vital-set",
    lastResult: null,
    rules,
    defaultValue: { reason: view.reason ?? undefined, reviewMonths: view.reviewMonths ?? 12 },
  });
  const busy = useBusy("vital-set");
  return (
    <Form method="post" className="mt-4 space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" {...form.props} data-testid="vital-form">
      <CsrfField />
      <TextareaField label={v.fields.reason} field={fields.reason} rows={2} />
      <Field label={v.fields.reviewMonths} field={fields.reviewMonths} type="number" inputProps={{ min: 1, max: 120, required: true }} />
      <button type="submit" name="intent" value="vital-set" className={buttonClass.primary} disabled={busy} data-testid="vital-submit">
        {busy ? v.flagging : mode === "flag" ? v.flag : v.renew}
      </button>
    </Form>
  );
}

function LiftForm({ rules }: { rules: FormRules }) {
  const [form, fields] = useFormKit<"reason">({ id: "vital-lift", lastResult: null, rules });
  const busy = useBusy("vital-lift");
  return (
    <Form method="post" className="mt-4 space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" {...form.props} data-testid="vital-lift-form">
      <CsrfField />
      <TextareaField label={v.fields.liftReason} field={fields.reason} rows={2} />
      <button type="submit" name="intent" value="vital-lift" className={buttonClass.secondary} disabled={busy} data-testid="vital-lift">
        {busy ? v.lifting : v.lift}
      </button>
    </Form>
  );
}
