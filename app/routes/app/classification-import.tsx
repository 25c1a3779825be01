import { Form, data, href, useNavigation } from "react-router";
import type { Route } from "./+types/classification-import";
import { PageHeader } from "~/components/app-shell";
import { BackLink } from "~/components/back-link";
import { buttonClass, inputClass } from "~/components/buttons";
import { FormBanner } from "~/components/form";
import { CsrfField } from "~/components/form/csrf-field";
import { DomainError } from "~/domain/errors";
import { pageMeta } from "~/lib/meta";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { redirectWithFlash } from "~/routes/helpers/flash-redirect.server";
import { readForm } from "~/routes/helpers/form-body.server";
import { bodyLimitHandle } from "~/routes/helpers/upload-handle";
import { importClassificationsCsv, type ImportReport } from "~/server/classification/service.server";
import { classificationMessages } from "~/i18n/classification";
import { classificationImportText } from "~/i18n/classification-import";
import { lazyComponent } from "~/components/lazy-component";

/** A scheme of a few thousand codes is a few hundred kilobytes. */
const MAX_CSV_BYTES = 2 * 1024 * 1024;

// The CSV comes as a file in a form read whole: more than the 64 KB of other forms.
export const handle = bodyLimitHandle(MAX_CSV_BYTES);

export const meta = () => pageMeta({ title: classificationImportText.importTitle });

/** The dry run's report: it shows only after a check, so its table and strings load then. */
const ImportReportSection = lazyComponent(() => import("~/components/classification/import-report").then((module) => module.ClassificationImportReport));

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
      {report && <ImportReportSection report={report} busy={busy} />}
    </div>
  );
}
