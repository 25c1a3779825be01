import { Form, href } from "react-router";
import type { Route } from "./+types/leave-days";
import { PageHeader } from "~/components/app-shell";
import { BackLink } from "~/components/back-link";
import { buttonClass } from "~/components/buttons";
import { Field, FormBanner, useFormKit } from "~/components/form";
import { CsrfField } from "~/components/form/csrf-field";
import { parseOrInvalid } from "~/domain/form-input";
import { LeaveDaySchema } from "~/domain/ppid/requests";
import { KNOWN_HOLIDAY_YEARS } from "~/domain/ppid/working-days";
import { jakartaDate } from "~/domain/time";
import { ppidLeaveDays } from "~/i18n/ppid/leave-days";
import { pageMeta } from "~/lib/meta";
import { formFields, readForm } from "~/routes/helpers/form-body.server";
import { formRules } from "~/routes/helpers/form.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { pageAction } from "~/routes/helpers/page-action.server";
import { addLeaveDay, removeLeaveDay, yearCalendar } from "~/server/ppid/calendar.server";
import { formatJakartaDay } from "~/lib/format";

const l = ppidLeaveDays;
const BASE = href("/app/ppid/hari-libur");

export const meta = () => pageMeta({ title: l.title });

const yearOf = (request: Request, fallback: number) => {
  const year = Number(new URL(request.url).searchParams.get("tahun"));
  return Number.isInteger(year) && year >= KNOWN_HOLIDAY_YEARS.first && year <= KNOWN_HOLIDAY_YEARS.last ? year : fallback;
};

/** A year's national holidays (from the code) and its cuti bersama (entered here). Super Admin, by the layout. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const year = yearOf(request, Number(jakartaDate(ctx.now()).slice(0, 4)));
  return { calendar: await yearCalendar(ctx, year), rules: formRules(LeaveDaySchema) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const form = await readForm(request);
  const fields = formFields(form);
  const to = (date: string | undefined) => `${BASE}?tahun=${(date ?? "").slice(0, 4) || jakartaDate(ctx.now()).slice(0, 4)}`;
  if (form.get("intent") === "remove") {
    return pageAction(
      ctx,
      async () => {
        await removeLeaveDay(ctx, fields.date ?? "");
        return { to: to(fields.date), toast: l.removed };
      },
      { toast: { to: to(fields.date) } },
    );
  }
  return pageAction(
    ctx,
    async () => {
      const day = parseOrInvalid(LeaveDaySchema, fields);
      await addLeaveDay(ctx, day);
      return { to: to(day.date), toast: l.added };
    },
    { form: { values: fields } },
  );
}

export default function PpidLeaveDays({ loaderData, actionData }: Route.ComponentProps) {
  const { calendar, rules } = loaderData;
  const [form, fields] = useFormKit<"date" | "note">({ lastResult: actionData, rules });
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <BackLink fallback={href("/app/ppid")} />
      <PageHeader title={`${l.title} ${calendar.year}`} description={l.intro} />
      <nav aria-label={l.year} className="flex gap-3 text-sm">
        <a href={`${BASE}?tahun=${calendar.year - 1}`} className="text-blue-700 underline">
          {calendar.year - 1}
        </a>
        <a href={`${BASE}?tahun=${calendar.year + 1}`} className="text-blue-700 underline">
          {calendar.year + 1}
        </a>
      </nav>
      <section aria-labelledby="leave-days" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="leave-days" className="mb-3 text-lg font-semibold text-slate-900">
          {l.leave}
        </h2>
        {calendar.leave.length === 0 ? (
          <p className="text-slate-600">{l.none}</p>
        ) : (
          <ul className="mb-4 divide-y divide-slate-100" data-testid="leave-days">
            {calendar.leave.map((day) => (
              <li key={day.date} className="flex items-center justify-between gap-4 py-2">
                <span>
                  {formatJakartaDay(day.date)} — {day.note}
                </span>
                <Form method="post">
                  <CsrfField />
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="date" value={day.date} />
                  <button type="submit" className={buttonClass.secondary} aria-label={`${l.remove} ${formatJakartaDay(day.date)}`}>
                    {l.remove}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <FormBanner id={form.errorId} message={form.errors?.[0]} />
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-[12rem_1fr_auto] sm:items-end" {...form.props}>
          <CsrfField />
          <Field label={l.date} field={fields.date} type="date" />
          <Field label={l.note} field={fields.note} />
          <button type="submit" className={buttonClass.primary} data-testid="add-leave-day">
            {l.add}
          </button>
        </Form>
      </section>
      <section aria-labelledby="national-holidays" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="national-holidays" className="mb-3 text-lg font-semibold text-slate-900">
          {l.national}
        </h2>
        <ul className="divide-y divide-slate-100">
          {calendar.national.map((day) => (
            <li key={day.date} className="py-2">
              {formatJakartaDay(day.date)} — {day.name}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
