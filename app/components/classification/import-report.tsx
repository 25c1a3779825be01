import { Form } from "react-router";
import { buttonClass } from "~/components/buttons";
import { CsrfField } from "~/components/form/csrf-field";
import { DataTable, type Column } from "~/components/list";
import { classificationImportText } from "~/i18n/classification-import";
import { uploadedText } from "~/i18n/uploaded-text";
import type { ImportReport, ImportRow } from "~/server/classification/service.server";

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

/**
 * A dry run's report under the import form: what it found, the encoding it read the file in,
 * 'Impor Sekarang' when it found nothing wrong, and every line. The page loads it lazily: it shows
 * only after a check.
 */
export function ClassificationImportReport({ report, busy }: { report: ImportReport; busy: boolean }) {
  return (
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
  );
}
