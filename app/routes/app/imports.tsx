import { useRef, useState, type FormEvent } from "react";
import { Form, href, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/imports";
import { PageHeader } from "~/components/app-shell";
import { buttonClass, inputClass } from "~/components/buttons";
import { CsrfField, useCsrfToken } from "~/components/form/csrf-field";
import { DataTable, EmptyState, type Column } from "~/components/list";
import { IMPORT_PARTS_ABOVE_BYTES, IMPORT_POST_MAX_MB, type ImportError } from "~/domain/imports";
import { imports as t } from "~/i18n/imports";
import { formatDate } from "~/lib/format";
import { PartedUploadError, uploadInParts } from "~/lib/parted-upload";
import { pageMeta } from "~/lib/meta";
import { readForm } from "~/routes/helpers/form-body.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { pageAction } from "~/routes/helpers/page-action.server";
import { streamsUploadHandle } from "~/routes/helpers/upload-handle";
import { listCategories } from "~/server/documents/service.server";
import { cancelImport, createImport, getImport, listImports, runImport, type ImportView } from "~/server/imports/service.server";
import { AppLink } from "~/components/app-link";

const BASE = href("/app/impor");
const at = (id: string) => `${BASE}?id=${encodeURIComponent(id)}`;

// The ZIP comes as a file: this route takes multipart bodies past the cap of other forms.
export const handle = streamsUploadHandle;

export const meta = () => pageMeta({ title: t.title });

/** The recent imports, the categories (for lines that name none) and, with `?id=`, one import's dry-run report. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const id = new URL(request.url).searchParams.get("id");
  const [recent, current, categories] = await Promise.all([listImports(ctx), id ? getImport(ctx, id) : null, listCategories(ctx)]);
  return { recent, current, categories };
}

/**
 * 'Periksa (Uji Coba)' posts the ZIP (multipart) and lands on its report; 'Impor Sekarang' and
 * 'Batalkan Impor' post the import's id.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const multipart = request.headers.get("content-type")?.toLowerCase().startsWith("multipart/form-data");
  let id = "";
  return pageAction(
    ctx,
    async () => {
      if (multipart) {
        const view = await createImport(ctx, request);
        return { to: at(view.id), flash: { type: view.status === "CHECKED" ? "success" : "error", message: view.status === "CHECKED" ? t.cleanRun : t.hasErrors } };
      }
      const form = await readForm(request);
      id = String(form.get("id") ?? "");
      if (form.get("intent") === "cancel") {
        const view = await cancelImport(ctx, id);
        return { to: at(view.id), toast: t.cancelled };
      }
      await runImport(ctx, id);
      return { to: at(id), toast: t.started };
    },
    () => ({ toast: { to: id ? at(id) : BASE } }),
  );
}

const c = t.columns;
const errorColumns: Column<ImportError>[] = [
  { key: "line", header: c.line, width: "12%", card: "title", cell: (row) => <span className="dt-title">{t.errorLine(row.line)}</span> },
  { key: "message", header: c.message, width: "88%", cell: (row) => row.message },
];
const recentColumns: Column<ImportView>[] = [
  {
    key: "source",
    header: c.source,
    width: "34%",
    card: "title",
    cell: (row) => (
      <AppLink to={at(row.id)} className="dt-title text-blue-700 hover:underline">
        {row.sourceName}
      </AppLink>
    ),
  },
  { key: "status", header: c.status, width: "18%", cell: (row) => t.status[row.status] ?? row.status },
  { key: "lines", header: c.lines, width: "12%", cell: (row) => row.lines },
  { key: "created", header: c.created, width: "12%", cell: (row) => row.createdDocuments },
  { key: "createdAt", header: c.createdAt, width: "24%", cell: (row) => formatDate(row.createdAt, "DD MMM YYYY HH:mm") },
];

function ImportReport({ view, busy }: { view: ImportView; busy: boolean }) {
  const ended = view.status === "DONE" || view.status === "FAILED" || view.status === "CANCELLED";
  return (
    <section className="mt-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200" aria-labelledby="import-result" data-testid="import-result">
      <h2 id="import-result" className="text-lg font-semibold">
        {t.resultHeading}: {view.sourceName}
      </h2>
      <p className="mt-1 text-slate-700" data-testid="import-status">
        {t.status[view.status] ?? view.status}. {t.summary(view.lines, view.files, view.errorCount)} {view.encoding ? t.encoding(view.encoding) : ""}
      </p>
      {view.manifestName && <p className="mt-1 text-slate-700" data-testid="import-format">{t.format(view.manifestName, view.manifestFormat === "ARTERI")}</p>}
      {view.status === "CHECKED" && <p className="mt-1 text-green-800">{t.cleanRun}</p>}
      {view.status === "INVALID" && <p className="mt-1 text-red-700">{t.hasErrors}</p>}
      {view.status === "DONE" && <p className="mt-1 text-green-800">{t.finished(view.createdDocuments)}</p>}
      {view.error && <p className="mt-1 text-red-700">{view.error}</p>}
      <div className="mt-3 flex flex-wrap gap-3">
        {view.status === "CHECKED" && (
          <Form method="post">
            <CsrfField />
            <input type="hidden" name="id" value={view.id} />
            <button type="submit" name="intent" value="run" className={buttonClass.primary} disabled={busy} data-testid="run-import">
              {t.run}
            </button>
          </Form>
        )}
        {!ended && (
          <Form method="post">
            <CsrfField />
            <input type="hidden" name="id" value={view.id} />
            <button type="submit" name="intent" value="cancel" className={buttonClass.secondary} disabled={busy} data-testid="cancel-import">
              {t.cancel}
            </button>
          </Form>
        )}
        {view.jobId && (
          <AppLink to={href("/app/pekerjaan/:id", { id: view.jobId })} className={buttonClass.secondary}>
            {t.jobLink}
          </AppLink>
        )}
      </div>
      {view.errors.length > 0 && (
        <>
          <h3 className="mt-5 font-semibold">{t.errorsHeading}</h3>
          <div className="mt-2 rounded-lg ring-1 ring-slate-200">
            <DataTable columns={errorColumns} rows={view.errors} rowKey={(row) => `${row.line}:${row.message}`} label={t.errorsHeading} rowTestId="import-error" />
          </div>
        </>
      )}
      {view.warnings.length > 0 && (
        <>
          <h3 className="mt-5 font-semibold">{t.warningsHeading}</h3>
          <ul className="mt-2 list-disc pl-6 text-slate-700" data-testid="import-warnings">
            {view.warnings.map((warning) => (
              <li key={warning.message}>{warning.message}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * With JavaScript, a ZIP above IMPORT_PARTS_ABOVE_BYTES goes to the API in parts, with its
 * progress and a cancel button, then lands on its dry run as a post does; a smaller one (and
 * every ZIP without JavaScript) is posted.
 */
function usePartedUpload() {
  const navigate = useNavigate();
  const csrfToken = useCsrfToken();
  const [percent, setPercent] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ message: string; error: boolean } | null>(null);
  const controller = useRef<AbortController | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const file = (form.elements.namedItem("file") as HTMLInputElement | null)?.files?.[0];
    // A CSV or XLSX alone (paper records) is small enough for one post; only a ZIP goes in parts.
    if (!file || file.size <= IMPORT_PARTS_ABOVE_BYTES || !/\.zip$/i.test(file.name)) return;
    event.preventDefault();
    const abort = new AbortController();
    controller.current = abort;
    setNotice(null);
    setPercent(0);
    const categoryId = (form.elements.namedItem("categoryId") as HTMLSelectElement | null)?.value ?? "";
    uploadInParts(file, { csrfToken, categoryId, signal: abort.signal, fallback: t.uploadFailed, onProgress: (sent) => setPercent(Math.floor((sent / file.size) * 100)) })
      .then(async (result) => {
        // The bar stays until the report shows (the page stays mounted across the navigation).
        await navigate(at(result.id));
        setPercent(null);
      })
      .catch((error: unknown) => {
        setPercent(null);
        if (abort.signal.aborted) setNotice({ message: t.uploadCancelled, error: false });
        else setNotice({ message: error instanceof PartedUploadError ? error.message : t.uploadFailed, error: true });
      });
  };
  const cancel = () => controller.current?.abort();
  return { onSubmit, cancel, percent, notice };
}

export default function Imports({ loaderData }: Route.ComponentProps) {
  const { recent, current, categories } = loaderData;
  const parted = usePartedUpload();
  const busy = useNavigation().state === "submitting" || parted.percent !== null;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t.title} description={t.description} />
      <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3" onSubmit={parted.onSubmit}>
          <CsrfField />
          {/* Before the file: the server reads the fields that come ahead of the ZIP's bytes. */}
          <div className="w-full min-w-0 sm:w-auto sm:flex-1">
            <label htmlFor="import-category" className="text-sm font-medium">
              {t.categoryLabel}
            </label>
            <select id="import-category" name="categoryId" defaultValue="" className={`${inputClass} min-w-0`}>
              <option value="">{t.categoryNone}</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.categoryName}
                </option>
              ))}
            </select>
          </div>
          <div className="w-full min-w-0 sm:w-auto sm:flex-1">
            <label htmlFor="import-file" className="text-sm font-medium">
              {t.fileLabel}
            </label>
            <input id="import-file" name="file" type="file" accept=".zip,.csv,.xlsx,application/zip,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" required className={`${inputClass} min-w-0`} />
          </div>
          <button type="submit" className={buttonClass.primary} disabled={busy} data-testid="check-import">
            {t.submit}
          </button>
        </Form>
        {parted.percent !== null && (
          <div className="mt-4 flex flex-wrap items-center gap-3" data-testid="import-upload">
            <progress max={100} value={parted.percent} aria-label={t.uploadProgressLabel} className="h-2 min-w-0 flex-1" data-testid="import-upload-progress">
              {parted.percent}%
            </progress>
            <span className="text-sm text-slate-700" role="status" data-testid="import-upload-percent">
              {t.uploadingParts} {parted.percent}%
            </span>
            <button type="button" className={buttonClass.secondary} onClick={parted.cancel} data-testid="cancel-upload">
              {t.cancelUpload}
            </button>
          </div>
        )}
        {parted.notice && (
          <p className={`mt-3 text-sm ${parted.notice.error ? "text-red-700" : "text-slate-700"}`} role={parted.notice.error ? "alert" : "status"} data-testid="import-upload-notice">
            {parted.notice.message}
          </p>
        )}
        <p className="mt-3 text-sm text-slate-600">{t.postLimit(IMPORT_POST_MAX_MB)}</p>
        <p className="mt-2 text-sm text-slate-600">{t.columnsHelp}</p>
        <p className="mt-2 text-sm text-slate-600">{t.arteriHelp}</p>
      </div>
      {current && <ImportReport view={current} busy={busy} />}
      <section className="mt-6 rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-labelledby="recent-imports">
        <h2 id="recent-imports" className="px-6 pt-5 text-lg font-semibold">
          {t.recent}
        </h2>
        <DataTable columns={recentColumns} rows={recent} rowKey={(row) => row.id} empty={<EmptyState>{t.recentEmpty}</EmptyState>} label={t.recent} rowTestId="import-row" />
      </section>
    </div>
  );
}
