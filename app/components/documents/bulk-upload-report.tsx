import { href } from "react-router";
import { buttonClass } from "~/components/buttons";
import { DataTable, type Column } from "~/components/list/data-table";
import type { BulkUploadOutcome } from "~/domain/bulk-upload";
import { bulkUpload as text } from "~/i18n/bulk-upload";
import { AppLink } from "~/components/app-link";

const reportColumns: Column<BulkUploadOutcome>[] = [
  { key: "file", header: text.columns.file, width: "40%", card: "title", cell: (row) => row.fileName },
  {
    key: "result",
    header: text.columns.result,
    cell: (row) =>
      row.uuid ? (
        <span>
          {text.created}:{" "}
          <AppLink to={href("/app/documents/:uuid", { uuid: row.uuid })} discover={false} className="text-blue-800 underline">
            {row.title}
          </AppLink>
        </span>
      ) : (
        <span className="text-red-700">
          {text.refused}: {row.error}
        </span>
      ),
  },
];

/** What a batch made: one row per file, the document made or why the file was refused. */
export function BulkUploadReport({ report }: { report: BulkUploadOutcome[] }) {
  const created = report.filter((row) => row.uuid).length;
  return (
    <section className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-labelledby="bulk-report">
      <h2 id="bulk-report" className="px-4 pt-4 text-lg font-semibold">
        {text.reportHeading}
      </h2>
      <p role="status" className="px-4 pb-2 text-sm text-slate-700" data-testid="bulk-upload-summary">
        {text.reportSummary(created, report.length - created)}
      </p>
      <DataTable columns={reportColumns} rows={report} rowKey={(row) => `${row.fileName}:${row.uuid ?? row.error}`} label={text.reportHeading} testId="bulk-upload-report" rowTestId="bulk-upload-row" empty={null} />
      <div className="flex flex-wrap gap-3 p-4">
        {/* A fresh page load: the upload form starts empty. */}
        <a href={href("/app/documents/unggah-banyak")} className={buttonClass.secondary}>
          {text.again}
        </a>
        <AppLink to={href("/app/documents")} className={buttonClass.primary}>
          {text.toList}
        </AppLink>
      </div>
    </section>
  );
}
