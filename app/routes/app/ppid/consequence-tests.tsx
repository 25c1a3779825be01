import { Form, href } from "react-router";
import type { Route } from "./+types/consequence-tests";
import { PageHeader } from "~/components/app-shell";
import { BackLink } from "~/components/back-link";
import { buttonClass } from "~/components/buttons";
import { Field, FormBanner, TextareaField, useFormKit } from "~/components/form";
import { CsrfField } from "~/components/form/csrf-field";
import { DataTable, EmptyState, type Column } from "~/components/list";
import { parseOrInvalid } from "~/domain/form-input";
import { ConsequenceTestSchema } from "~/domain/ppid/requests";
import { jakartaDate } from "~/domain/time";
import { ppidTests } from "~/i18n/ppid/tests";
import { pageMeta } from "~/lib/meta";
import { formRules } from "~/routes/helpers/form.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { formPageAction } from "~/routes/helpers/page-action.server";
import { createConsequenceTest, listConsequenceTests, type ConsequenceTestView } from "~/server/ppid/consequence-tests.server";
import { formatJakartaDay } from "~/lib/format";

const u = ppidTests;
const BASE = href("/app/ppid/uji-konsekuensi");

export const meta = () => pageMeta({ title: u.title });

/** Every consequence test, newest first, and the form that signs a new one (officers, by the layout). */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  return { tests: await listConsequenceTests(ctx), today: jakartaDate(ctx.now()), rules: formRules(ConsequenceTestSchema) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const save = (fields: Record<string, string>) => createConsequenceTest(ctx, parseOrInvalid(ConsequenceTestSchema, fields));
  return formPageAction(ctx, request, save, () => ({ to: BASE, toast: u.created }), { fallback: u.failed });
}

function testColumns(today: string): Column<ConsequenceTestView>[] {
  const c = u.columns;
  return [
    {
      key: "information",
      header: c.information,
      width: "34%",
      card: "title",
      cell: (test) => (
        <span className="block">
          <span className="dt-title font-medium">{test.information}</span>
          <span className="mt-1 block text-sm text-slate-600 line-clamp-3">{test.consequences}</span>
        </span>
      ),
    },
    { key: "legalBasis", header: c.legalBasis, width: "20%", cell: (test) => test.legalBasis },
    { key: "validUntil", header: c.validUntil, width: "14%", cell: (test) => formatJakartaDay(test.validUntil) },
    { key: "signedBy", header: c.signedBy, width: "18%", cell: (test) => u.signed(test.signedBy, formatJakartaDay(jakartaDate(new Date(test.createdAt)))) },
    {
      key: "status",
      header: c.status,
      width: "14%",
      cell: (test) =>
        test.validUntil >= today ? (
          <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">{u.inForce}</span>
        ) : (
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">{u.lapsed}</span>
        ),
    },
  ];
}

export default function PpidConsequenceTests({ loaderData, actionData }: Route.ComponentProps) {
  const { tests, today, rules } = loaderData;
  const [form, fields] = useFormKit<"information" | "legalBasis" | "consequences" | "validUntil">({ lastResult: actionData, rules, id: "consequence-test" });
  const f = u.fields;
  return (
    <div className="space-y-6">
      <BackLink fallback={href("/app/ppid")} />
      <PageHeader title={u.title} description={u.description} />
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <DataTable
          columns={testColumns(today)}
          rows={tests}
          rowKey={(test) => test.id}
          empty={<EmptyState>{u.empty}</EmptyState>}
          label={u.title}
          testId="consequence-tests-table"
          rowTestId="consequence-test-row"
        />
      </div>
      <section aria-labelledby="consequence-test-form" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="consequence-test-form" className="mb-1 text-lg font-semibold text-slate-900">
          {u.formTitle}
        </h2>
        <p className="mb-4 text-sm text-slate-600">{u.formNote}</p>
        <FormBanner id={form.errorId} message={form.errors?.[0]} />
        <Form method="post" className="grid gap-4 md:grid-cols-2" {...form.props}>
          <CsrfField />
          <TextareaField label={f.information} field={fields.information} rows={2} className="md:col-span-2" />
          <Field label={f.legalBasis} field={fields.legalBasis} />
          <Field label={f.validUntil} field={fields.validUntil} type="date" />
          <TextareaField label={f.consequences} field={fields.consequences} rows={4} className="md:col-span-2" />
          <div className="md:col-span-2">
            <button type="submit" className={buttonClass.primary} data-testid="consequence-test-sign">
              {u.submit}
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}
