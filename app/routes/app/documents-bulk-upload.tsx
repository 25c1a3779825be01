import { useState } from "react";
import { href } from "react-router";
import type { Route } from "./+types/documents-bulk-upload";
import { PageHeader } from "~/components/app-shell";
import { BackLink } from "~/components/back-link";
import { buttonClass, inputClass } from "~/components/buttons";
import { errorsFromApiBody, Field, FormBanner, RadioGroup, SelectField, TextareaField, useFormKit, type FormReply } from "~/components/form";
import { CsrfField, useCsrfToken } from "~/components/form/csrf-field";
import { AccessLevelAndCodeFields, parseJson, uploadErrorMessage } from "~/components/documents/document-form";
import { lazyComponent } from "~/components/lazy-component";
import { FILES_FIELD, filesProgress, MAX_BULK_UPLOAD_FILES, TITLES_FIELD, titleFromFileName, type BulkUploadOutcome } from "~/domain/bulk-upload";
import { BulkUploadSchema } from "~/domain/document-schemas";
import { DomainError } from "~/domain/errors";
import { ACCEPTED_FILE_EXTENSIONS } from "~/domain/file-types";
import { assertCan } from "~/domain/policy";
import { SECURITY_CLASSES } from "~/domain/security-classes";
import { bulkUpload as text } from "~/i18n/bulk-upload";
import { documentForm as documentFormText } from "~/i18n/document-form";
import { securityClassText } from "~/i18n/security-class-form";
import { deniedMessages } from "~/i18n/id";
import { useHydrated } from "~/lib/use-hydrated";
import { pageMeta } from "~/lib/meta";
import { documentFormRules, ownerUnitOptions, ownerUnitRuleOf } from "~/routes/helpers/document-form.server";
import { replyWithDomainError } from "~/routes/helpers/form.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { orRouteError } from "~/routes/helpers/route-errors.server";
import { streamsUploadHandle } from "~/routes/helpers/upload-handle";
import { classificationOptions } from "~/server/classification/service.server";
import { uploadDocuments } from "~/server/documents/bulk-upload.server";
import { listCategories } from "~/server/documents/service.server";
import { uploadBodyOf } from "~/server/http/upload-body.server";

export const meta = () => pageMeta({ title: text.title });

/** Where the enhanced form sends the batch (the same use case as this page's action). */
const BATCH_API = "/api/v1/archives/batch";

export const handle = streamsUploadHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  await orRouteError(() => assertCan(ctx.actor, { type: "document.create" }, deniedMessages.createDocument));
  const [categories, classifications, units] = await Promise.all([listCategories(ctx), classificationOptions(ctx), ownerUnitOptions(ctx)]);
  return {
    categories,
    classifications,
    units,
    rules: documentFormRules(BulkUploadSchema, { ownerUnit: units !== null }),
    // A fresh key per rendered form: the same batch posted twice makes its documents once.
    submissionId: crypto.randomUUID(),
  };
}

/** The batch's report is the answer (nothing to redirect to: it lists the documents made). */
export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  try {
    const report = await uploadDocuments(ctx, uploadBodyOf(request), { ownerUnit: ownerUnitRuleOf(ctx) });
    return { report };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return replyWithDomainError(error, { formLevelFields: [FILES_FIELD] });
  }
}

/** The report shows once a batch is sent: its code (and the list kit's table) loads then. */
const Report = lazyComponent(() => import("~/components/documents/bulk-upload-report").then((module) => module.BulkUploadReport));

export default function BulkUpload({ loaderData, actionData }: Route.ComponentProps) {
  // Without JavaScript the action answers the report; with it, the API call does.
  const [sentReport, setSentReport] = useState<BulkUploadOutcome[] | null>(null);
  const report = actionData && "report" in actionData ? actionData.report : sentReport;
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink fallback={href("/app/documents")} />
      <PageHeader title={text.title} description={text.intro(MAX_BULK_UPLOAD_FILES)} />
      {report ? <Report report={report} /> : <BulkUploadForm {...loaderData} lastResult={actionData && !("report" in actionData) ? (actionData as FormReply) : null} onReport={setSentReport} />}
    </div>
  );
}

function BulkUploadForm({
  categories,
  classifications,
  units,
  rules,
  submissionId,
  lastResult,
  onReport,
}: Route.ComponentProps["loaderData"] & { lastResult: FormReply | null; onReport: (report: BulkUploadOutcome[]) => void }) {
  const hydrated = useHydrated();
  const csrfToken = useCsrfToken();
  const [chosen, setChosen] = useState<string[]>([]);
  // Each file's share sent while the batch goes (with JavaScript), else null.
  const [progress, setProgress] = useState<number[] | null>(null);
  const [apiResult, setApiResult] = useState<FormReply | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [form, fields] = useFormKit<"categoryId" | "year" | "keywords" | "description" | "accessLevel" | "classificationCode" | "securityClass" | "unitKerjaId" | "files">({
    lastResult: apiResult ?? lastResult,
    rules,
    defaultValue: { accessLevel: "PRIVATE" },
    // With JavaScript the batch goes to the API, so each file's bar can follow the bytes sent.
    onValidSubmit(event, formData) {
      event.preventDefault();
      const sizes = formData.getAll(FILES_FIELD).flatMap((file) => (file instanceof File ? [file.size] : []));
      setProgress(sizes.map(() => 0));
      setFailure(null);
      setApiResult(null);
      const request = new XMLHttpRequest();
      request.open("POST", BATCH_API);
      request.setRequestHeader("x-csrf-token", csrfToken);
      request.upload.onprogress = (sent) => {
        if (sent.lengthComputable) setProgress(filesProgress(sizes, sent.loaded, sent.total));
      };
      request.onload = () => {
        setProgress(null);
        const body = parseJson(request.responseText);
        if (request.status === 200 && Array.isArray(body.data)) return onReport(body.data as BulkUploadOutcome[]);
        const { fieldErrors, formErrors } = errorsFromApiBody(body, rules);
        setApiResult({ status: "error", error: fieldErrors });
        if (formErrors.length || Object.keys(fieldErrors).length === 0) setFailure(uploadErrorMessage(request.status, request.responseText, documentFormText.uploadFailed));
      };
      request.onerror = () => {
        setProgress(null);
        setFailure(documentFormText.uploadNetworkError);
      };
      request.send(formData);
    },
  });
  const f = documentFormText.fields;
  return (
    <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <FormBanner message={failure ?? form.errors?.[0]} testId="form-error" />
      {/* Without JavaScript a real post to this page; with it, the same fields to the API. Either way the server streams the files one after another. */}
      <form method="post" encType="multipart/form-data" className="space-y-5" {...form.props}>
        {/* The shared fields come before the files: the server checks them before a byte is stored. */}
        <CsrfField />
        <input type="hidden" name="submissionId" value={submissionId} />
        <SelectField
          label={f.category}
          field={fields.categoryId}
          options={categories.map((category) => ({ value: category.id, label: category.categoryName }))}
          placeholder={f.chooseCategory}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={f.year} field={fields.year} type="number" />
          <Field label={f.keywords} field={fields.keywords} />
        </div>
        <TextareaField label={text.description} field={fields.description} hint={text.descriptionHint} rows={3} />
        {units && (
          <SelectField label={f.ownerUnit} field={fields.unitKerjaId} options={units.map((unit) => ({ value: unit.id, label: unit.nama }))} placeholder={f.chooseOwnerUnit} />
        )}
        <AccessLevelAndCodeFields accessLevel={fields.accessLevel} classificationCode={fields.classificationCode} classifications={classifications} />
        <RadioGroup
          legend={securityClassText.label}
          field={fields.securityClass}
          options={[
            { value: "", label: securityClassText.followDefault, hint: securityClassText.followDefaultHint },
            ...SECURITY_CLASSES.map((value) => ({ value, label: securityClassText.names[value], hint: securityClassText.hints[value] })),
          ]}
          fallback=""
        />
        {/* A large target: files dropped on a file input are taken by the browser itself, JavaScript or not. */}
        <Field
          label={text.files}
          field={fields.files}
          type="file"
          hint={text.filesHint}
          inputProps={{
            multiple: true,
            accept: ACCEPTED_FILE_EXTENSIONS,
            className: "block w-full rounded-lg border-2 border-dashed border-slate-300 p-6 file:mr-3 file:rounded file:border-0 file:bg-blue-50 file:px-3 file:py-1 file:text-blue-800",
            onChange: ({ currentTarget }) => setChosen([...(currentTarget.files ?? [])].map((file) => file.name)),
          }}
        />
        {hydrated && chosen.length > 0 && (
          <fieldset className="space-y-2" data-testid="bulk-upload-titles">
            <legend className="text-sm font-medium">{text.chosen(chosen.length)}</legend>
            {chosen.map((fileName, index) => (
              <label key={`${index}:${fileName}`} className="block text-sm">
                <span className="sr-only">{text.titleOf(fileName)}</span>
                <span aria-hidden className="block truncate text-xs text-slate-500">
                  {fileName}
                </span>
                <input name={TITLES_FIELD} defaultValue={titleFromFileName(fileName)} maxLength={255} className={inputClass} />
                {progress && (
                  <progress max={100} value={progress[index] ?? 0} aria-label={text.progressOf(fileName)} className="mt-1 h-2 w-full" data-testid="bulk-upload-progress">
                    {progress[index] ?? 0}%
                  </progress>
                )}
              </label>
            ))}
          </fieldset>
        )}
        <button type="submit" className={buttonClass.primary} disabled={progress !== null} data-testid="bulk-upload-submit">
          {progress ? text.sending : text.submit}
        </button>
      </form>
    </div>
  );
}
