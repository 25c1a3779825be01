import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import { DocumentCreateSchema, DocumentUpdateSchema, documentHints } from "~/domain/document-schemas";
import { t } from "~/i18n/id";
import type { Category } from "~/server/services/documents.server";
import { buttonClass, inputClass } from "./buttons";
import { Dialog } from "./dialog";

const f = t.documents.fields;

export type DocumentFormDefaults = {
  categoryId?: number | string;
  title?: string;
  documentNumber?: string;
  year?: number | string;
  keywords?: string;
  description?: string;
  accessLevel?: "PRIVATE" | "PUBLIC";
};

/** SPEC section 8's rule for reading an upload reply: message, error, errors, text, fallback. */
export function uploadErrorMessage(status: number, body: string, fallback: string): string {
  try {
    const json = JSON.parse(body) as { message?: string; error?: string; errors?: string[] };
    return json.message || json.error || (json.errors?.length ? json.errors.join(", ") : "") || fallback;
  } catch {
    return status >= 400 && body.trim() && !body.trimStart().startsWith("<") ? body.trim() : fallback;
  }
}

/**
 * The create and update form (SPEC sections 2 and 5). Without JavaScript it is a plain
 * multipart post to the route action. With JavaScript it is validated in the browser with the
 * same schema and sent to the API with upload progress; both reach the same service.
 */
export function DocumentForm({
  mode,
  categories,
  defaults,
  lastResult,
  csrfToken,
  submissionId,
  apiUrl,
  successUrl,
  serverError,
}: {
  mode: "create" | "update";
  categories: Category[];
  defaults: DocumentFormDefaults;
  lastResult: SubmissionResult<string[]> | null | undefined;
  csrfToken: string;
  submissionId?: string;
  apiUrl: string;
  /** Where to go after a successful enhanced submit; `{uuid}` is replaced. */
  successUrl: string;
  serverError?: string | null;
}) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [progress, setProgress] = useState<number | null>(null);
  const [clientError, setClientError] = useState<{ message: string; dialog: string } | null>(null);
  const schema = mode === "create" ? DocumentCreateSchema : DocumentUpdateSchema;
  const fallback = mode === "create" ? t.documents.uploadFailed : t.documents.metadataFailed;

  const [form, fields] = useForm({
    lastResult,
    defaultValue: { ...defaults, categoryId: defaults.categoryId?.toString(), year: defaults.year?.toString() },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    onSubmit(event, { formData }) {
      event.preventDefault();
      setClientError(null);
      setProgress(0);
      const request = new XMLHttpRequest();
      request.open(mode === "create" ? "POST" : "PUT", apiUrl);
      request.setRequestHeader("x-csrf-token", csrfToken);
      request.upload.onprogress = (progressEvent) => {
        if (progressEvent.lengthComputable) setProgress(Math.round((progressEvent.loaded / progressEvent.total) * 100));
      };
      request.onload = () => {
        setProgress(null);
        if (request.status >= 200 && request.status < 300) {
          let uuid: string | undefined;
          try {
            uuid = (JSON.parse(request.responseText) as { data?: { uuid?: string } }).data?.uuid;
          } catch {
            setClientError({ message: t.documents.invalidJson, dialog: t.documents.invalidJson });
            return;
          }
          navigate(successUrl.replace("{uuid}", uuid ?? ""), { replace: true });
        } else {
          const message = uploadErrorMessage(request.status, request.responseText, fallback);
          setClientError({ message, dialog: message });
        }
      };
      request.onerror = () => {
        setProgress(null);
        setClientError({ message: t.documents.networkFailed, dialog: t.documents.uploadNetworkError });
      };
      if (mode === "update") {
        // An empty file input means "keep the current file".
        const file = formData.get("file");
        if (file instanceof File && file.size === 0) formData.delete("file");
      }
      request.send(formData);
    },
  });

  const busy = progress !== null || navigation.state === "submitting";
  const hints = documentHints({
    keywords: (fields.keywords.value as string | undefined) ?? defaults.keywords,
    description: (fields.description.value as string | undefined) ?? defaults.description,
  });
  const bannerMessage = clientError?.message ?? serverError ?? null;
  const dialogMessage = clientError?.dialog ?? serverError ?? null;

  return (
    <>
      {bannerMessage && (
        <p className="mb-4 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200" role="alert" data-testid="form-error">
          {bannerMessage}
        </p>
      )}
      <Form method="post" encType="multipart/form-data" className="space-y-5" {...getFormProps(form)}>
        {/* CSRF and idempotency fields come first: the server checks them before the file streams in. */}
        <input type="hidden" name="_csrf" value={csrfToken} />
        {submissionId && <input type="hidden" name="submissionId" value={submissionId} />}
        <Field label={f.category} id={fields.categoryId.id} errors={fields.categoryId.errors} errorId={fields.categoryId.errorId}>
          <select {...getSelectProps(fields.categoryId)} className={inputClass}>
            <option value="">{f.chooseCategory}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.categoryName}
              </option>
            ))}
          </select>
        </Field>
        <Field label={f.title} id={fields.title.id} errors={fields.title.errors} errorId={fields.title.errorId}>
          <input {...getInputProps(fields.title, { type: "text" })} className={inputClass} />
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={f.documentNumber} id={fields.documentNumber.id} errors={fields.documentNumber.errors} errorId={fields.documentNumber.errorId}>
            <input {...getInputProps(fields.documentNumber, { type: "text" })} className={inputClass} />
          </Field>
          <Field label={f.year} id={fields.year.id} errors={fields.year.errors} errorId={fields.year.errorId}>
            <input {...getInputProps(fields.year, { type: "number" })} className={inputClass} />
          </Field>
        </div>
        <Field label={f.keywords} id={fields.keywords.id} errors={fields.keywords.errors} errorId={fields.keywords.errorId} hint={hints.keywords}>
          <input {...getInputProps(fields.keywords, { type: "text" })} className={inputClass} />
        </Field>
        <Field label={f.description} id={fields.description.id} errors={fields.description.errors} errorId={fields.description.errorId} hint={hints.description}>
          <textarea {...getTextareaProps(fields.description)} rows={5} className={inputClass} />
        </Field>
        <Field
          label={mode === "create" ? f.file : f.newFile}
          id={fields.file.id}
          errors={fields.file.errors}
          errorId={fields.file.errorId}
          hint={mode === "update" ? t.documents.newFileHint : null}
        >
          <input {...getInputProps(fields.file, { type: "file" })} className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-blue-50 file:px-3 file:py-1 file:text-blue-800`} />
        </Field>
        <fieldset>
          <legend className="text-sm font-medium">{f.accessLevel}</legend>
          <div className="mt-2 flex gap-6">
            {(["PRIVATE", "PUBLIC"] as const).map((level) => (
              <label key={level} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={fields.accessLevel.name}
                  value={level}
                  defaultChecked={(fields.accessLevel.initialValue ?? "PRIVATE") === level}
                  className="h-4 w-4"
                />
                {level === "PRIVATE" ? f.private : f.public}
              </label>
            ))}
          </div>
          {fields.accessLevel.errors && <p className="mt-1 text-sm text-red-700">{fields.accessLevel.errors[0]}</p>}
        </fieldset>
        {progress !== null && (
          <div className="h-2 overflow-hidden rounded bg-slate-200" role="progressbar" aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100}>
            <div className="h-full bg-blue-600 transition-all" style={{ width: `${progress}%` }} />
          </div>
        )}
        <button type="submit" className={buttonClass.primary} disabled={busy} data-testid="submit-document">
          {progress !== null ? t.documents.uploadProgress(progress) : busy ? t.documents.saving : t.documents.submit}
        </button>
      </Form>
      {dialogMessage && (
        <Dialog key={dialogMessage} title={t.documents.failed} status="error" closeLabel={t.documents.close} testId="error-dialog">
          {dialogMessage}
        </Dialog>
      )}
    </>
  );
}

function Field({
  label,
  id,
  errors,
  errorId,
  hint,
  children,
}: {
  label: string;
  id: string;
  errors?: string[];
  errorId: string;
  hint?: string | null;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && <p className="mt-1 text-xs text-slate-500" data-testid="hint">{hint}</p>}
      {errors && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {errors[0]}
        </p>
      )}
    </div>
  );
}
