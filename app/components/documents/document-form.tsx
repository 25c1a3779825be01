import { useState } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import { buttonClass } from "~/components/buttons";
import { Dialog } from "~/components/dialog";
import { Field, FormBanner, RadioGroup, SelectField, TextareaField, errorsFromApiBody, useFormKit, type FormReply, type FormRules } from "~/components/form";
import { documentHints } from "~/domain/document-hints";
import { documents as documentsText } from "~/i18n/documents";
import { documentForm as documentFormText } from "~/i18n/document-form";
import type { Category } from "~/server/services/documents.server";

const f = documentFormText.fields;

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
 * multipart post to the route action. With JavaScript it is checked in the browser against the
 * schema's rules (computed on the server: no zod in the browser) and sent to the API with
 * upload progress; both reach the same service, and its field errors show beside the fields.
 */
export function DocumentForm({
  mode,
  categories,
  defaults,
  rules,
  lastResult,
  csrfToken,
  submissionId,
  apiUrl,
  successUrl,
}: {
  mode: "create" | "update";
  categories: Category[];
  defaults: DocumentFormDefaults;
  /** From the loader: `formRules(DocumentCreateSchema | DocumentUpdateSchema)`. */
  rules: FormRules;
  /** The action's reply (a post without JavaScript). */
  lastResult: FormReply | null | undefined;
  csrfToken: string;
  submissionId?: string;
  apiUrl: string;
  /** Where to go after a successful enhanced submit; `{uuid}` is replaced. */
  successUrl: string;
}) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [progress, setProgress] = useState<number | null>(null);
  const [clientError, setClientError] = useState<{ message: string; dialog: string } | null>(null);
  const [apiResult, setApiResult] = useState<FormReply | null>(null);
  const fallback = mode === "create" ? documentFormText.uploadFailed : documentFormText.metadataFailed;

  const [form, fields] = useFormKit<keyof DocumentFormDefaults | "file">({
    lastResult: apiResult ?? lastResult,
    rules,
    defaultValue: defaults,
    onValidSubmit(event, formData) {
      event.preventDefault();
      setClientError(null);
      setApiResult(null);
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
            setClientError({ message: documentFormText.invalidJson, dialog: documentFormText.invalidJson });
            return;
          }
          navigate(successUrl.replace("{uuid}", uuid ?? ""), { replace: true });
        } else {
          const message = uploadErrorMessage(request.status, request.responseText, fallback);
          // Field problems go beside their fields; anything else (file refused, too large, no
          // permission) is an upload failure: red banner and the 'Gagal!' dialog.
          const { fieldErrors } = errorsFromApiBody(parseJson(request.responseText), rules);
          const fieldProblem = Object.keys(fieldErrors).some((field) => field !== "file");
          setApiResult({ status: "error", error: fieldErrors });
          if (!fieldProblem) setClientError({ message, dialog: message });
        }
      };
      request.onerror = () => {
        setProgress(null);
        setClientError({ message: documentsText.networkFailed, dialog: documentFormText.uploadNetworkError });
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
  // The advisory hints follow what is typed.
  const [hintInput, setHintInput] = useState(() => ({ keywords: String(fields.keywords.initialValue ?? ""), description: String(fields.description.initialValue ?? "") }));
  const hints = documentHints(hintInput);
  // A post without JavaScript: the action's reply carries an upload failure as the form's error.
  const serverError = apiResult ? null : (form.errors?.[0] ?? null);
  const bannerMessage = clientError?.message ?? serverError;
  const dialogMessage = clientError?.dialog ?? serverError;

  return (
    <>
      <FormBanner message={bannerMessage} testId="form-error" />
      <Form method="post" encType="multipart/form-data" className="space-y-5" {...form.props}>
        {/* CSRF and idempotency fields come first: the server checks them before the file streams in. */}
        <input type="hidden" name="_csrf" value={csrfToken} />
        {submissionId && <input type="hidden" name="submissionId" value={submissionId} />}
        <SelectField
          label={f.category}
          field={fields.categoryId}
          options={categories.map((category) => ({ value: category.id, label: category.categoryName }))}
          placeholder={f.chooseCategory}
        />
        <Field label={f.title} field={fields.title} />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={f.documentNumber} field={fields.documentNumber} />
          <Field label={f.year} field={fields.year} type="number" />
        </div>
        <Field
          label={f.keywords}
          field={fields.keywords}
          hint={hints.keywords}
          inputProps={{ onInput: ({ currentTarget: { value } }) => setHintInput((current) => ({ ...current, keywords: value })) }}
        />
        <TextareaField
          label={f.description}
          field={fields.description}
          hint={hints.description}
          rows={5}
          textareaProps={{ onInput: ({ currentTarget: { value } }) => setHintInput((current) => ({ ...current, description: value })) }}
        />
        <Field
          label={mode === "create" ? f.file : f.newFile}
          field={fields.file}
          type="file"
          hint={mode === "update" ? documentFormText.newFileHint : null}
          inputProps={{ className: "file:mr-3 file:rounded file:border-0 file:bg-blue-50 file:px-3 file:py-1 file:text-blue-800" }}
        />
        <RadioGroup
          legend={f.accessLevel}
          field={fields.accessLevel}
          options={[
            { value: "PRIVATE", label: f.private },
            { value: "PUBLIC", label: f.public },
          ]}
          fallback="PRIVATE"
        />
        {progress !== null && (
          <div className="h-2 overflow-hidden rounded bg-slate-200" role="progressbar" aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100}>
            <div className="h-full bg-blue-600 transition-all" style={{ width: `${progress}%` }} />
          </div>
        )}
        <button type="submit" className={buttonClass.primary} disabled={busy} data-testid="submit-document">
          {progress !== null ? documentFormText.uploadProgress(progress) : busy ? documentFormText.saving : documentsText.submit}
        </button>
      </Form>
      {dialogMessage && (
        <Dialog key={dialogMessage} title={documentsText.failed} status="error" closeLabel={documentsText.close} testId="error-dialog">
          {dialogMessage}
        </Dialog>
      )}
    </>
  );
}

function parseJson(text: string): { message?: string; errors?: string[]; fieldErrors?: Record<string, string[]> } {
  try {
    return JSON.parse(text) ?? {};
  } catch {
    return {};
  }
}
