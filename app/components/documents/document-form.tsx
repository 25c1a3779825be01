import { useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { Form, useNavigate, useNavigation } from "react-router";
import { buttonClass } from "~/components/buttons";
import { lazyComponent } from "~/components/lazy-component";
import { Field, FormBanner, RadioGroup, SelectField, TextareaField, errorsFromApiBody, useFormKit, type FieldMetadata, type FormReply, type FormRules } from "~/components/form";
import { documentHints } from "~/domain/document-hints";
import { documentForm as documentFormText } from "~/i18n/document-form";
import type { Category } from "~/server/documents/service.server";
import { CsrfField, useCsrfToken } from "~/components/form/csrf-field";
import { filingText } from "~/i18n/filing";
import { securityClassText } from "~/i18n/security-class-form";
import type { ClassificationOption } from "~/domain/classification";
import { SECURITY_CLASSES, type SecurityClass } from "~/domain/security-classes";
import { CheckboxField } from "~/components/form";
import { ACCEPTED_FILE_EXTENSIONS } from "~/domain/file-types";
import { retentionStartIssues } from "~/domain/retention-start";

/** The lowering confirmation and a failed upload's message open only after a submit: their dialog's code loads then. */
const Dialog = lazyComponent(() => import("~/components/dialog").then((module) => module.Dialog));

const f = documentFormText.fields;

export type DocumentFormDefaults = {
  categoryId?: number | string;
  title?: string;
  documentNumber?: string;
  year?: number | string;
  keywords?: string;
  description?: string;
  accessLevel?: "PRIVATE" | "PUBLIC";
  classificationCode?: string | null;
  securityClass?: SecurityClass | "";
  unitKerjaId?: number | string;
  retentionStartDate?: string | null;
  physicalLocation?: string | null;
};

/** Whether the choice of class and access level makes the document public (BIASA). */
const choosesPublic = (securityClass: unknown, accessLevel: unknown) => securityClass === "BIASA" || (!securityClass && accessLevel === "PUBLIC");

/** Whether saving would lower the document to BIASA (open to the public): the page asks first. */
function lowersToBiasa(currentClass: SecurityClass | undefined, formData: FormData): boolean {
  if (!currentClass || currentClass === "BIASA") return false;
  return choosesPublic(formData.get("securityClass"), formData.get("accessLevel"));
}

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
  units = null,
  defaults,
  rules,
  lastResult,
  submissionId,
  apiUrl,
  successUrl,
  classifications,
  currentClass,
  retentionStart,
}: {
  mode: "create" | "update";
  categories: Category[];
  /** The scheme's codes for the 'Kode Klasifikasi' select. */
  classifications: ClassificationOption[];
  /** The class the document has now (update): lowering it to BIASA asks first. */
  currentClass?: SecurityClass;
  /** The units a Super Admin chooses the owner from (null: the field is not shown). */
  units?: { id: number; nama: string }[] | null;
  defaults: DocumentFormDefaults;
  /** From the loader: `formRules(DocumentCreateSchema | DocumentUpdateSchema)`. */
  rules: FormRules;
  /** The action's reply (a post without JavaScript). */
  lastResult: FormReply | null | undefined;
  submissionId?: string;
  apiUrl: string;
  /** Where to go after a successful enhanced submit; `{uuid}` is replaced. */
  successUrl: string;
  /** Update: today (Jakarta) and whether the user may start retention before the year, for the live check of 'Tanggal mulai retensi'. */
  retentionStart?: { today: string; mayPrecedeYear: boolean };
}) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const csrfToken = useCsrfToken();
  const [progress, setProgress] = useState<number | null>(null);
  const [clientError, setClientError] = useState<{ message: string; dialog: string } | null>(null);
  const [apiResult, setApiResult] = useState<FormReply | null>(null);
  // Lowering to BIASA with JavaScript: the confirmation dialog, then the same submit again.
  const [confirmLowering, setConfirmLowering] = useState<HTMLFormElement | null>(null);
  const fallback = mode === "create" ? documentFormText.uploadFailed : documentFormText.metadataFailed;

  const [form, fields] = useFormKit<keyof DocumentFormDefaults | "file" | "versionNote" | "confirmLowering">({
    lastResult: apiResult ?? lastResult,
    rules,
    defaultValue: defaults,
    onValidSubmit(event, formData) {
      event.preventDefault();
      if (mode === "update" && lowersToBiasa(currentClass, formData) && formData.get("confirmLowering") !== "on") {
        setConfirmLowering(event.currentTarget);
        return;
      }
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
        setClientError({ message: documentFormText.networkFailed, dialog: documentFormText.uploadNetworkError });
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
  // 'Tanggal mulai retensi' is checked against the year as both are typed (the server refuses
  // the same; a Super Admin's start before the year is allowed with a warning).
  const [startInput, setStartInput] = useState(() => ({ year: String(fields.year.initialValue ?? ""), date: String(fields.retentionStartDate.initialValue ?? "") }));
  const startCheck =
    retentionStart && /^\d{4}$/.test(startInput.year)
      ? retentionStartIssues({ date: startInput.date, year: Number(startInput.year), ...retentionStart })
      : { error: null, warning: null };
  const startMessage = fields.retentionStartDate.errors?.length ? null : (startCheck.error ?? startCheck.warning);
  // The consent to make the document public: with JavaScript only while the choice makes it
  // public; without, always there, saying what it is for.
  const hydrated = useHydrated();
  const [choice, setChoice] = useState(() => ({ securityClass: String(fields.securityClass.initialValue ?? ""), accessLevel: String(fields.accessLevel.initialValue ?? "PRIVATE") }));
  const askConsent = mode === "update" && currentClass !== "BIASA" && (!hydrated || choosesPublic(choice.securityClass, choice.accessLevel));
  // A post without JavaScript: the action's reply carries an upload failure as the form's error.
  const serverError = apiResult ? null : (form.errors?.[0] ?? null);
  const bannerMessage = clientError?.message ?? serverError;
  const dialogMessage = clientError?.dialog ?? serverError;

  return (
    <>
      <FormBanner message={bannerMessage} testId="form-error" />
      <Form
        method="post"
        encType="multipart/form-data"
        className="space-y-5"
        {...form.props}
        onChange={(event) => {
          const target = event.target;
          if (target instanceof HTMLInputElement && (target.name === "securityClass" || target.name === "accessLevel")) {
            setChoice((current) => ({ ...current, [target.name]: target.value }));
          }
        }}
      >
        {/* CSRF and idempotency fields come first: the server checks them before the file streams in. */}
        <CsrfField />
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
          <Field
            label={f.year}
            field={fields.year}
            type="number"
            inputProps={{ onInput: ({ currentTarget: { value } }) => setStartInput((current) => ({ ...current, year: value })) }}
          />
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
        {units && (
          <SelectField
            label={f.ownerUnit}
            field={fields.unitKerjaId}
            options={units.map((unit) => ({ value: unit.id, label: unit.nama }))}
            placeholder={f.chooseOwnerUnit}
            hint={documentFormText.ownerUnitHint}
          />
        )}
        <AccessLevelAndCodeFields accessLevel={fields.accessLevel} classificationCode={fields.classificationCode} classifications={classifications} />
        {mode === "update" && <Field label={f.physicalLocation} field={fields.physicalLocation} hint={documentFormText.physicalLocationHint} />}
        {mode === "update" && (
          <div>
            <Field
              label={f.retentionStartDate}
              field={fields.retentionStartDate}
              type="date"
              hint={documentFormText.retentionStartDateHint}
              inputProps={{ onChange: ({ currentTarget: { value } }) => setStartInput((current) => ({ ...current, date: value })) }}
            />
            <p role="status" className={`mt-1 text-sm ${startCheck.error ? "text-red-700" : "text-amber-800"}`} data-testid="retention-start-check">
              {startMessage}
            </p>
          </div>
        )}
        <RadioGroup
          legend={securityClassText.label}
          field={fields.securityClass}
          options={[
            currentClass
              ? { value: "", label: securityClassText.keepCurrent(securityClassText.names[currentClass]), hint: securityClassText.keepCurrentHint }
              : { value: "", label: securityClassText.followDefault, hint: securityClassText.followDefaultHint },
            ...SECURITY_CLASSES.map((value) => ({ value, label: securityClassText.names[value], hint: securityClassText.hints[value] })),
          ]}
          fallback=""
        />
        {askConsent && (
          <CheckboxField label={securityClassText.confirmLowering} field={fields.confirmLowering} hint={hydrated ? null : documentFormText.confirmLoweringWhen} />
        )}
        {mode === "update" && <Field label={documentFormText.fields.versionNote} field={fields.versionNote} inputProps={{ placeholder: documentFormText.versionNotePlaceholder }} />}
        {/* The file comes last: the server checks the fields sent before it (year, category, owner)
            and refuses a wrong form before the file streams in. */}
        <Field
          label={mode === "create" ? f.file : f.newFile}
          field={fields.file}
          type="file"
          hint={mode === "update" ? documentFormText.newFileHint : documentFormText.fileHint}
          inputProps={{ accept: ACCEPTED_FILE_EXTENSIONS, className: "file:mr-3 file:rounded file:border-0 file:bg-blue-50 file:px-3 file:py-1 file:text-blue-800" }}
        />
        {progress !== null && (
          <div className="h-2 overflow-hidden rounded bg-slate-200" role="progressbar" aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100}>
            <div className="h-full bg-blue-600 transition-all" style={{ width: `${progress}%` }} />
          </div>
        )}
        <button type="submit" className={buttonClass.primary} disabled={busy} data-testid="submit-document">
          {progress !== null ? documentFormText.uploadProgress(progress) : busy ? documentFormText.saving : documentFormText.submit}
        </button>
      </Form>
      {confirmLowering && (
        <Dialog
          title={securityClassText.confirmLoweringTitle}
          status="error"
          closeLabel={documentFormText.cancel}
          onClose={() => setConfirmLowering(null)}
          testId="confirm-lowering"
          actions={
            <button
              type="button"
              className={buttonClass.danger}
              data-testid="confirm-lowering-yes"
              onClick={() => {
                const target = confirmLowering;
                setConfirmLowering(null);
                const box = target.elements.namedItem("confirmLowering");
                if (box instanceof HTMLInputElement) box.checked = true;
                target.requestSubmit();
              }}
            >
              {documentFormText.confirmLoweringYes}
            </button>
          }
        >
          <p>{documentFormText.confirmLoweringText}</p>
        </Dialog>
      )}
      {dialogMessage && (
        <Dialog key={dialogMessage} title={documentFormText.failed} status="error" closeLabel={documentFormText.close} testId="error-dialog">
          {dialogMessage}
        </Dialog>
      )}
    </>
  );
}

/** 'Tingkat Akses' and 'Kode Klasifikasi', as the document form and 'Unggah Banyak' ask them. */
export function AccessLevelAndCodeFields({
  accessLevel,
  classificationCode,
  classifications,
}: {
  accessLevel: FieldMetadata;
  classificationCode: FieldMetadata;
  classifications: ClassificationOption[];
}) {
  return (
    <>
      <RadioGroup
        legend={f.accessLevel}
        field={accessLevel}
        options={[
          { value: "PRIVATE", label: f.private },
          { value: "PUBLIC", label: f.public },
        ]}
        fallback="PRIVATE"
      />
      <SelectField
        label={filingText.documentCode}
        field={classificationCode}
        options={classifications.map((code) => ({ value: code.code, label: `${code.code} — ${code.name}`, group: code.group }))}
        placeholder={filingText.noCode}
      />
    </>
  );
}

/** An API answer's JSON body (an empty object when it is not JSON: a proxy's error page). */
export function parseJson(text: string): { data?: unknown; message?: string; errors?: string[]; fieldErrors?: Record<string, string[]> } {
  try {
    return JSON.parse(text) ?? {};
  } catch {
    return {};
  }
}
