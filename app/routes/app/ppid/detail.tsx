import { Form, href, useNavigation } from "react-router";
import type { Route } from "./+types/detail";
import { PageHeader } from "~/components/app-shell";
import { BackLink } from "~/components/back-link";
import { buttonClass } from "~/components/buttons";
import { DetailTable } from "~/components/detail-table";
import { FormBanner, RadioGroup, SelectField, TextareaField, useFormKit, type FormReply } from "~/components/form";
import { CsrfField } from "~/components/form/csrf-field";
import { parseOrInvalid } from "~/domain/form-input";
import { AnswerSchema, DisputeDecisionSchema, DisputeSchema, ExtendSchema, ObjectionResponseSchema } from "~/domain/ppid/requests";
import { EXEMPTION_GROUNDS, OPEN_STATUSES, OUTCOMES, mayRecordDispute } from "~/domain/ppid/requests-view";
import { jakartaDate } from "~/domain/time";
import { ppidDesk, ppidGrounds } from "~/i18n/ppid/desk";
import { ppidObjections } from "~/i18n/ppid/objections";
import { ppidRequestPage } from "~/i18n/ppid/request-page";
import { ppidRequestFacts } from "~/i18n/ppid/request-facts";

import { ppidChannels, ppidDaysLeft, ppidDeliveries, ppidFormats, ppidOutcomes, ppidStatuses } from "~/i18n/ppid/vocabulary";
import { formatDate, formatJakartaDay } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { formFields, readForm } from "~/routes/helpers/form-body.server";
import { formRules } from "~/routes/helpers/form.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { pageAction } from "~/routes/helpers/page-action.server";
import { orRouteError } from "~/routes/helpers/route-errors.server";
import { listConsequenceTests } from "~/server/ppid/consequence-tests.server";
import { objectionOfRequest, recordDispute, recordDisputeDecision, respondToObjection, type ObjectionView } from "~/server/ppid/objections.server";
import { can } from "~/domain/policy";
import { answerRequest, extendRequest, getRequest, processRequest } from "~/server/ppid/service.server";
import { AppLink } from "~/components/app-link";

const d = ppidDesk;
const s = ppidRequestFacts;

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta({ title: loaderData ? d.detailTitle(loaderData.request.registrationNumber ?? "") : d.registerTitle });

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const request = await orRouteError(() => getRequest(ctx, params.id));
  return {
    request,
    objection: await objectionOfRequest(ctx, params.id),
    today: jakartaDate(ctx.now()),
    answersObjections: can(ctx.actor, { type: "ppid.objections" }),
    tests: await listConsequenceTests(ctx, { inForce: true }),
    extendRules: formRules(ExtendSchema),
    answerRules: formRules(AnswerSchema),
  };
}

/** The steps without a form of the form kit: their refusals come back as a toast. */
const TOASTED_INTENTS = new Set(["process", "respond", "dispute", "decide"]);

/** One form per step, told apart by `intent`; every refusal comes back at its form. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const form = await readForm(request);
  const fields = formFields(form);
  const here = href("/app/ppid/:id", { id: params.id });
  const intent = form.get("intent");
  return pageAction(
    ctx,
    async () => {
      if (intent === "process") {
        await processRequest(ctx, params.id);
        return { to: here, toast: d.processed };
      }
      if (intent === "respond") {
        await respondToObjection(ctx, fields.objectionId ?? "", parseOrInvalid(ObjectionResponseSchema, fields).response);
        return { to: here, toast: ppidObjections.responded };
      }
      if (intent === "dispute") {
        await recordDispute(ctx, fields.objectionId ?? "", parseOrInvalid(DisputeSchema, fields));
        return { to: here, toast: ppidObjections.dispute.recorded };
      }
      if (intent === "decide") {
        await recordDisputeDecision(ctx, fields.objectionId ?? "", parseOrInvalid(DisputeDecisionSchema, fields));
        return { to: here, toast: ppidObjections.dispute.decided };
      }
      if (intent === "extend") {
        await extendRequest(ctx, params.id, parseOrInvalid(ExtendSchema, fields));
        return { to: here, toast: d.extended };
      }
      await answerRequest(ctx, params.id, parseOrInvalid(AnswerSchema, { ...fields, archiveUuids: form.getAll("archiveUuids") }));
      return { to: here, toast: d.answered };
    },
    // The step's name comes back with the values, so the refusal shows at the form that was sent.
    TOASTED_INTENTS.has(String(intent)) ? { toast: { to: here } } : { form: { values: { ...fields, intent: String(intent ?? "answer") }, fallback: d.failed } },
  );
}

function ExtendForm({ lastResult, rules }: { lastResult: FormReply | null; rules: Route.ComponentProps["loaderData"]["extendRules"] }) {
  const [form, fields] = useFormKit<"reason">({ lastResult, rules, id: "extend" });
  return (
    <section aria-labelledby="ppid-extend" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="ppid-extend" className="mb-1 text-lg font-semibold text-slate-900">
        {d.extendTitle}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{d.extendHint}</p>
      <FormBanner id={form.errorId} message={form.errors?.[0]} />
      <Form method="post" className="space-y-4" {...form.props}>
        <CsrfField />
        <input type="hidden" name="intent" value="extend" />
        <TextareaField label={d.extendReason} field={fields.reason} rows={3} />
        <button type="submit" className={buttonClass.secondary} data-testid="ppid-extend">
          {d.extendSubmit}
        </button>
      </Form>
    </section>
  );
}

function AnswerForm({ lastResult, rules, tests }: { lastResult: FormReply | null; rules: Route.ComponentProps["loaderData"]["answerRules"]; tests: Route.ComponentProps["loaderData"]["tests"] }) {
  const [form, fields] = useFormKit<"outcome" | "message" | "exemptionGround" | "consequenceTestId" | "releasedArchiveUuids">({ lastResult, rules, id: "answer" });
  return (
    <section aria-labelledby="ppid-answer" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="ppid-answer" className="mb-3 text-lg font-semibold text-slate-900">
        {d.answerTitle}
      </h2>
      <FormBanner id={form.errorId} message={form.errors?.[0]} />
      <Form method="post" className="space-y-4" {...form.props}>
        <CsrfField />
        <input type="hidden" name="intent" value="answer" />
        <RadioGroup legend={d.answerOutcome} field={fields.outcome} options={OUTCOMES.map((value) => ({ value, label: ppidOutcomes[value] }))} />
        <TextareaField label={d.answerMessage} field={fields.message} />
        <SelectField
          label={d.answerGround}
          field={fields.exemptionGround}
          placeholder={d.answerGroundNone}
          options={EXEMPTION_GROUNDS.map((value) => ({ value, label: ppidGrounds[value] }))}
        />
        <SelectField
          label={d.answerTest}
          field={fields.consequenceTestId}
          placeholder={d.answerTestNone}
          options={tests.map((test) => ({ value: test.id, label: `${test.information} (${test.legalBasis})` }))}
        />
        <p className="-mt-2 text-sm text-slate-600">
          {d.answerHint}{" "}
          <AppLink to={href("/app/ppid/uji-konsekuensi")} className="text-blue-700 underline">
            {d.answerHintLink}
          </AppLink>
        </p>
        {/* The schema's limit of 20 is on the list, not on the pasted text's length. */}
        <TextareaField label={d.answerReleased} field={fields.releasedArchiveUuids} hint={d.answerReleasedHint} rows={3} textareaProps={{ maxLength: 4000 }} />
        <button type="submit" className={buttonClass.primary} data-testid="ppid-answer">
          {d.answerSubmit}
        </button>
      </Form>
    </section>
  );
}

function ObjectionPanel({ objection, mayRespond, today }: { objection: ObjectionView; mayRespond: boolean; today: string }) {
  const o = ppidObjections;
  const dispute = objection.dispute;
  return (
    <section aria-labelledby="ppid-objection" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="ppid-objection" className="mb-3 text-lg font-semibold text-slate-900">
        {o.number} {objection.registrationNumber}
      </h2>
      <DetailTable
        testId="ppid-objection-details"
        items={[
          [o.status, o.statuses[objection.status]],
          [o.ground, o.grounds[objection.ground]],
          [o.reason, objection.reason],
          [o.dueDate, formatJakartaDay(objection.dueDate)],
          ...(objection.response ? ([[o.response, objection.response]] as [string, string][]) : []),
          ...(dispute ? ([[o.dispute.number, dispute.number], [o.dispute.registeredOn, formatJakartaDay(dispute.registeredOn)]] as [string, string][]) : []),
          ...(dispute?.decidedOn ? ([[o.dispute.decidedOn, formatJakartaDay(dispute.decidedOn)]] as [string, string][]) : []),
          ...(dispute?.decision ? ([[o.dispute.decision, dispute.decision]] as [string, string][]) : []),
        ]}
      />
      {mayRespond && objection.status === "KEBERATAN" && (
        <Form method="post" className="mt-4 space-y-3">
          <CsrfField />
          <input type="hidden" name="intent" value="respond" />
          <input type="hidden" name="objectionId" value={objection.id} />
          <label htmlFor="objection-response" className="block text-sm font-medium">
            {o.response}
          </label>
          <textarea id="objection-response" name="response" required maxLength={4000} rows={4} className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm" />
          <button type="submit" className={buttonClass.primary} data-testid="ppid-respond">
            {o.respondSubmit}
          </button>
        </Form>
      )}
      {mayRecordDispute(objection, today) && (
        <Form method="post" className="mt-6 space-y-3 border-t border-slate-200 pt-4">
          <CsrfField />
          <input type="hidden" name="intent" value="dispute" />
          <input type="hidden" name="objectionId" value={objection.id} />
          <h3 className="text-base font-semibold text-slate-900">{o.dispute.heading}</h3>
          <p className="text-sm text-slate-600">{o.dispute.intro}</p>
          <label htmlFor="dispute-number" className="block text-sm font-medium">
            {o.dispute.number}
          </label>
          <input id="dispute-number" name="disputeNumber" required maxLength={100} className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm" />
          <label htmlFor="dispute-registered-on" className="block text-sm font-medium">
            {o.dispute.registeredOn}
          </label>
          <input id="dispute-registered-on" name="registeredOn" type="date" required max={today} className="block rounded-lg border border-slate-300 px-3 py-2 text-sm" />
          <button type="submit" className={buttonClass.secondary} data-testid="ppid-record-dispute">
            {o.dispute.submit}
          </button>
        </Form>
      )}
      {objection.status === "SENGKETA" && (
        <Form method="post" className="mt-6 space-y-3 border-t border-slate-200 pt-4">
          <CsrfField />
          <input type="hidden" name="intent" value="decide" />
          <input type="hidden" name="objectionId" value={objection.id} />
          <h3 className="text-base font-semibold text-slate-900">{o.dispute.decision}</h3>
          <label htmlFor="dispute-decided-on" className="block text-sm font-medium">
            {o.dispute.decidedOn}
          </label>
          <input id="dispute-decided-on" name="decidedOn" type="date" required max={today} className="block rounded-lg border border-slate-300 px-3 py-2 text-sm" />
          <label htmlFor="dispute-decision" className="block text-sm font-medium">
            {o.dispute.decision}
          </label>
          <textarea id="dispute-decision" name="decision" required maxLength={4000} rows={4} className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm" />
          <button type="submit" className={buttonClass.primary} data-testid="ppid-record-decision">
            {o.dispute.decideSubmit}
          </button>
        </Form>
      )}
    </section>
  );
}

export default function PpidRequestDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { request, tests, extendRules, answerRules, objection, answersObjections, today } = loaderData;
  const busy = useNavigation().state === "submitting";
  const open = (OPEN_STATUSES as readonly string[]).includes(request.status);
  const f = d.facts;
  const rows: [string, React.ReactNode][] = [
    [s.status, <strong data-testid="ppid-status">{ppidStatuses[request.status]}</strong>],
    [f.channel, ppidChannels[request.channel]],
    [f.receivedAt, formatDate(request.receivedAt, "DD MMMM YYYY HH:mm")],
    [s.dueDate, formatJakartaDay(request.dueDate!)],
  ];
  if (request.extendedDueDate) rows.push([s.extendedDueDate, formatJakartaDay(request.extendedDueDate)], [s.extensionReason, request.extensionReason]);
  if (request.daysLeft !== null) rows.push([s.daysLeft, <span data-testid="ppid-days-left">{ppidDaysLeft(request.daysLeft)}</span>]);
  rows.push(
    [ppidRequestPage.fields.requesterName, request.requesterName],
    [f.email, request.email ?? "-"],
    [f.phone, request.phone ?? "-"],
    [s.information, request.information],
    [f.purpose, request.purpose],
    [f.format, ppidFormats[request.format as keyof typeof ppidFormats] ?? request.format],
    [f.delivery, ppidDeliveries[request.delivery as keyof typeof ppidDeliveries] ?? request.delivery],
  );
  if (request.outcome) rows.push([s.outcome, ppidOutcomes[request.outcome]], [s.answerMessage, request.answerMessage]);
  if (request.files.length > 0)
    rows.push([
      d.files,
      <ul data-testid="ppid-answer-files">
        {request.files.map((file) => (
          <li key={file.link}>
            <a href={file.link} className="text-blue-700 underline">
              {file.title}
            </a>{" "}
            ({file.kind === "PUBLIK" ? d.filePublic : d.fileReleased(formatDate(file.expiresAt!, "DD MMMM YYYY HH:mm"), file.downloadCount ?? 0)})
          </li>
        ))}
      </ul>,
    ]);
  const intentOf = (reply: unknown) => (reply as { initialValue?: { intent?: string } } | undefined)?.initialValue?.intent;
  const reply = (actionData ?? null) as FormReply | null;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <BackLink fallback={href("/app/ppid")} />
      <PageHeader title={d.detailTitle(request.registrationNumber ?? "")} />
      <section aria-label={d.detailTitle(request.registrationNumber ?? "")} className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <DetailTable items={rows} testId="ppid-request-details" />
      </section>
      {request.status === "DITERIMA" && (
        <Form method="post">
          <CsrfField />
          <input type="hidden" name="intent" value="process" />
          <button type="submit" className={buttonClass.secondary} disabled={busy} data-testid="ppid-process">
            {d.process}
          </button>
        </Form>
      )}
      {open && !request.extendedDueDate && <ExtendForm lastResult={intentOf(reply) === "extend" ? reply : null} rules={extendRules} />}
      {objection && <ObjectionPanel objection={objection} mayRespond={answersObjections} today={today} />}
      {open && <AnswerForm lastResult={intentOf(reply) === "answer" ? reply : null} rules={answerRules} tests={tests} />}
    </div>
  );
}
