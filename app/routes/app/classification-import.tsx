import { Form, data, href, useNavigation } from "react-router";
import type { Route } from "./+types/classification-import";
import { PageHeader } from "~/components/app-shell";
import { BackLink } from "~/components/back-link";
import { buttonClass, inputClass } from "~/components/buttons";
import { FormBanner } from "~/components/form";
import { CsrfField } from "~/components/form/csrf-field";
import { DataTable, type Column } from "~/components/list";
import { DomainError } from "~/domain/errors";
import { pageMeta } from "~/lib/meta";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { redirectWithFlash } from "~/routes/helpers/flash-redirect.server";
import { readForm } from "~/routes/helpers/form-body.server";
import { bodyLimitHandle } from "~/routes/helpers/upload-handle";
import { importClassificationsCsv, type ImportReport, type ImportRow } from "~/server/classification/service.server";
import { classificationMessages } from "~/i18n/classification";
import { classificationImportText } from "~/i18n/classification-import";
import { uploadedText } from "~/i18n/uploaded-text";

/** A scheme of a few thousand codes is a few hundred kilobytes. */
const MAX_CSV_BYTES = 2 * 1024 * 1024;

// The CSV comes as a file in a form read whole: more than the 64 KB of other forms.
export const handle = bodyLimitHandle(MAX_CSV_BYTES);

export const meta = () => pageMeta({ title: classificationImportText.importTitle });

type ImportResult = { report: ImportReport | null; error: string | null };

/**
 * 'Periksa' checks every row and writes nothing; the report lists the problems by line. With no
 * problem, 'Impor Sekarang' posts the same text again and it is written in one batch (checked
 * once more: all or nothing).
 */
export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const form = await readForm(request);
  const file = form.get("file");
  // The file's bytes, in whatever encoding its spreadsheet wrote; the text posted back for
  // 'Impor Sekarang' is the decoded text the dry run read.
  const csv = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : String(form.get("csv") ?? "");
  const apply = form.get("intent") === "apply";
  try {
    const report = await importClassificationsCsv(ctx, csv, { apply });
    if (report.applied) return redirectWithFlash(ctx, href("/app/klasifikasi"), { type: "success", message: classificationMessages.imported(report.created, report.updated) });
    // A dry run is a report, whatever it found (the problems are in its rows).
    // Its text goes back to the page only when 'Impor Sekarang' can post it.
    return data<ImportResult>({ report: { ...report, text: report.errors === 0 ? report.text : "" }, error: null });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data<ImportResult>({ report: null, error: error.message }, { status: error.status });
  }
}

const c = classificationImportText.reportColumns;
const reportColumns: Column<ImportRow>[] = [
  { key: "line", header: c.line, width: "8%", cell: (row) => row.line },
  { key: "code", header: c.code, width: "14%", card: "title", cell: (row) => <span className="dt-title">{row.code || "-"}</span> },
  { key: "name", header: c.name, width: "30%", cell: (row) => row.name || "-" },
  { key: "action", header: c.action, width: "12%", cell: (row) => (row.action === "create" ? classificationImportText.actionCreate : classificationImportText.actionUpdate) },
  {
    key: "errors",
    header: c.errors,
    width: "36%",
    cell: (row) => (row.errors.length ? <span className="text-red-700">{row.errors.join(" ")}</span> : "-"),
  },
];

export default function ImportClassification({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const result = actionData as ImportResult | undefined;
  const report = result?.report ?? null;
  return (
    <div className="mx-auto max-w-5xl">
      <BackLink fallback={href("/app/klasifikasi")} />
      <PageHeader title={classificationImportText.importTitle} description={classificationImportText.importHint} />
      <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <FormBanner message={result?.error} testId="form-error" />
        <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
          <CsrfField />
          <div className="w-full min-w-0 sm:w-auto sm:flex-1">
            <label htmlFor="csv-file" className="text-sm font-medium">
              {classificationImportText.importFile}
            </label>
            <input id="csv-file" name="file" type="file" accept=".csv,text/csv" required className={`${inputClass} min-w-0`} />
          </div>
          <button type="submit" name="intent" value="check" className={buttonClass.secondary} disabled={busy} data-testid="check-import">
            {classificationImportText.checkImport}
          </button>
        </Form>
      </div>
      {report && (
        <section className="mt-6" aria-labelledby="import-report" data-testid="import-report">
          <h2 id="import-report" className="text-lg font-semibold">
            {report.errors === 0 ? classificationImportText.dryRunOk(report.created, report.updated) : classificationImportText.dryRunErrors(report.errors)}
          </h2>
          {report.encoding !== "UTF-8" && (
            <p className="mt-1 text-sm text-slate-700" data-testid="import-encoding">
              {uploadedText.readAs(uploadedText.encodingNames[report.encoding])}
            </p>
          )}
          {report.errors === 0 && report.text && (
            <Form method="post" encType="multipart/form-data" className="my-3">
              <CsrfField />
              <textarea name="csv" defaultValue={report.text} hidden readOnly aria-hidden="true" />
              <button type="submit" name="intent" value="apply" className={buttonClass.primary} disabled={busy} data-testid="apply-import">
                {classificationImportText.applyImport}
              </button>
            </Form>
          )}
          <div className="mt-3 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
            <DataTable columns={reportColumns} rows={report.rows} rowKey={(row) => String(row.line)} label={classificationImportText.importTitle} rowTestId="import-row" />
          </div>
        </section>
      )}
    </div>
  );
}
