import { Form, href } from "react-router";
import { buttonClass } from "~/components/buttons";
import { DetailTable } from "~/components/detail-table";
import { FormBanner } from "~/components/form";
import { CsrfField } from "~/components/form/csrf-field";
import { ReceiptPdfForm } from "~/components/ppid/receipt";
import { OBJECTION_GROUNDS } from "~/domain/ppid/requests-view";
import { ppidObjections } from "~/i18n/ppid/objections";
import { ppidReceipt } from "~/i18n/ppid/receipt";
import { ppidRequestFacts } from "~/i18n/ppid/request-facts";
import { ppidStatusPage } from "~/i18n/ppid/status-page";
import { ppidOutcomes, ppidStatuses } from "~/i18n/ppid/vocabulary";
import { formatDate, formatJakartaDay } from "~/lib/format";
import type { ObjectionView } from "~/server/ppid/objections.server";
import type { ReleasedFile } from "~/server/ppid/released-files.server";
import type { requestByStatusCode } from "~/server/ppid/service.server";

const s = ppidStatusPage;
const f = ppidRequestFacts;
const o = ppidObjections;

/** What the status page's lookup answers: the request, and its objection and released files. */
export type StatusFound = {
  request: Awaited<ReturnType<typeof requestByStatusCode>>;
  lookup: { number: string; code: string };
  objection: ObjectionView | null;
  mayObject: boolean;
  objectionError: string | null;
  filed: string | null;
};

/**
 * The answer to a lookup on the status page (`/ppid/status`): the request's facts and receipt,
 * the files released to the requester, and the objection (filed, or the form to file one). It
 * shows only after the requester posts a number and code, so the page loads it then.
 */
export function StatusResult({ found }: { found: StatusFound }) {
  return (
    <>
      <StatusDetails request={found.request} lookup={found.lookup} />
      <ReleasedFiles files={found.request.released} lookup={found.lookup} />
      <ObjectionSection {...found} />
    </>
  );
}

function ObjectionSection({ lookup, objection, mayObject, objectionError, filed }: Omit<StatusFound, "request">) {
  if (objection) {
    return (
      <section aria-labelledby="ppid-objection" className="mt-6 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <h2 id="ppid-objection" className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900">
          {o.title}
        </h2>
        <FormBanner message={filed ? o.filed(filed) : null} tone="notice" testId="ppid-objection-filed" />
        <DetailTable
          testId="ppid-objection-details"
          items={[
            [o.number, <strong data-testid="ppid-objection-number">{objection.registrationNumber}</strong>],
            [o.status, o.statuses[objection.status]],
            [o.ground, o.grounds[objection.ground as keyof typeof o.grounds] ?? objection.ground],
            [o.dueDate, formatJakartaDay(objection.dueDate)],
            ...(objection.response ? ([[o.response, objection.response]] as [string, string][]) : []),
          ]}
        />
      </section>
    );
  }
  if (!mayObject) return null;
  return (
    <section aria-labelledby="ppid-objection" className="mt-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="ppid-objection" className="mb-2 text-lg font-semibold text-slate-900">
        {o.title}
      </h2>
      <p className="mb-4 text-sm text-slate-600">{o.intro}</p>
      <FormBanner message={objectionError} testId="ppid-objection-error" />
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="object" />
        <input type="hidden" name="number" value={lookup.number} />
        <input type="hidden" name="code" value={lookup.code} />
        <fieldset>
          <legend className="text-sm font-medium">{o.ground}</legend>
          <div className="mt-2 grid gap-1">
            {OBJECTION_GROUNDS.map((ground) => (
              <label key={ground} className="flex min-h-11 items-center gap-2 text-sm">
                <input type="radio" name="ground" value={ground} required className="h-4 w-4 shrink-0" />
                {o.grounds[ground]}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor="objection-reason" className="text-sm font-medium">
            {o.reason}
          </label>
          <textarea id="objection-reason" name="reason" required maxLength={2000} rows={4} className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm" />
        </div>
        <button type="submit" className={buttonClass.primary} data-testid="ppid-object">
          {o.submit}
        </button>
      </Form>
    </section>
  );
}

/**
 * The files released to this requester: each a native form (not enhanced, so the browser saves
 * the attachment and stays here) posting the number and code again with the file's token.
 */
function ReleasedFiles({ files, lookup }: { files: ReleasedFile[]; lookup: StatusFound["lookup"] }) {
  if (files.length === 0) return null;
  const until = (file: ReleasedFile) => formatDate(file.expiresAt, "DD MMMM YYYY HH:mm");
  return (
    <section aria-labelledby="ppid-released" className="mt-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="ppid-released" className="mb-1 text-lg font-semibold text-slate-900">
        {s.released}
      </h2>
      <p className="mb-4 text-sm text-slate-600">{s.releasedHint}</p>
      <ul className="divide-y divide-slate-100" data-testid="ppid-released">
        {files.map((file) => (
          <li key={file.token} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="break-words font-medium text-slate-900">{file.title}</p>
              <p className="text-sm text-slate-600">{file.expired ? s.expired(until(file)) : s.until(until(file))}</p>
            </div>
            {!file.expired && (
              <form method="post" action={href("/ppid/status/unduh")}>
                <CsrfField />
                <input type="hidden" name="number" value={lookup.number} />
                <input type="hidden" name="code" value={lookup.code} />
                <input type="hidden" name="token" value={file.token} />
                <button type="submit" className={buttonClass.primary} aria-label={s.downloadLabel(file.title)} data-testid="ppid-released-download">
                  {s.download}
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function StatusDetails({ request, lookup }: { request: StatusFound["request"]; lookup: StatusFound["lookup"] }) {
  const rows: [string, React.ReactNode][] = [
    [ppidReceipt.number, request.registrationNumber],
    [f.status, <strong data-testid="ppid-status">{ppidStatuses[request.status]}</strong>],
    [f.information, request.information],
    [f.dueDate, request.dueDate ? formatJakartaDay(request.dueDate) : "-"],
  ];
  if (request.extendedDueDate) rows.push([f.extendedDueDate, formatJakartaDay(request.extendedDueDate)], [f.extensionReason, request.extensionReason]);
  if (request.daysLeft !== null) rows.push([f.daysLeft, String(request.daysLeft)]);
  if (request.outcome) rows.push([f.outcome, ppidOutcomes[request.outcome as keyof typeof ppidOutcomes]], [f.answerMessage, request.answerMessage]);
  if (request.files.length > 0)
    rows.push([
      s.files,
      <ul>
        {request.files.map((file) => (
          <li key={file.link}>
            <a href={file.link} className="text-blue-700 underline">
              {file.title}
            </a>
          </li>
        ))}
      </ul>,
    ]);
  return (
    <section aria-labelledby="ppid-status-details" className="mt-6 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <h2 id="ppid-status-details" className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900">
        {request.registrationNumber}
      </h2>
      <DetailTable items={rows} testId="ppid-status-details" />
      <div className="border-t border-slate-100 px-4 py-3">
        <ReceiptPdfForm number={lookup.number} code={lookup.code} />
      </div>
    </section>
  );
}
