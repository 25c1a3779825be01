import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { inputClass } from "~/components/buttons";
import type { FieldMetadata } from "./form-state";

/** What every control of a field carries: its name, `required`, and its error while invalid. */
function controlProps(field: FieldMetadata) {
  const invalid = Boolean(field.errors?.length);
  return {
    id: field.id,
    name: field.name,
    required: field.required || undefined,
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid ? field.errorId : undefined,
  };
}

/** The value shown first: the default, or what a failed post sent back. */
const initialText = (field: FieldMetadata) => (Array.isArray(field.initialValue) ? field.initialValue[0] : field.initialValue);

/** The field's messages, by the id its control's `aria-describedby` names. */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {[...new Set(errors)].join(" ")}
    </p>
  );
}

/** A message above a form: an error (role=alert) or a notice (role=status). */
export function FormBanner({ id, message, tone = "error", testId }: { id?: string; message: ReactNode; tone?: "error" | "notice"; testId?: string }) {
  if (!message) return null;
  const error = tone === "error";
  return (
    <p
      id={id}
      role={error ? "alert" : "status"}
      className={`mb-4 rounded-lg p-3 text-sm ring-1 ${error ? "bg-red-50 text-red-800 ring-red-200" : "bg-amber-50 text-amber-900 ring-amber-200"}`}
      data-testid={testId}
    >
      {message}
    </p>
  );
}

type ShellProps = { label: string; field: FieldMetadata; hint?: string | null; className?: string };

/**
 * Label, control, hint and errors. The hint stays out of `aria-describedby`, which names only
 * the field's errors (set while the field is invalid).
 */
function FieldShell({ label, field, hint, className, children }: ShellProps & { children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={field.id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && (
        <p className="mt-1 text-xs text-slate-500" data-testid="hint">
          {hint}
        </p>
      )}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

type InputType = "text" | "number" | "password" | "email" | "search" | "tel" | "url" | "date" | "file";
type ExtraInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "type" | "form" | "defaultValue">;

/** A labelled input with its native constraints (from the form's `constraint`), hint and errors. */
export function Field({ type = "text", inputProps, ...shell }: ShellProps & { type?: InputType; inputProps?: ExtraInputProps }) {
  const { className, ...rest } = inputProps ?? {};
  const { field } = shell;
  return (
    <FieldShell {...shell}>
      <input
        {...controlProps(field)}
        type={type}
        minLength={field.minLength}
        maxLength={field.maxLength}
        min={field.min}
        max={field.max}
        step={field.step}
        pattern={field.pattern}
        multiple={field.multiple}
        // A file input cannot be given a value.
        defaultValue={type === "file" ? undefined : initialText(field)}
        {...rest}
        className={className ? `${inputClass} ${className}` : inputClass}
      />
    </FieldShell>
  );
}

type ExtraTextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "form" | "defaultValue" | "className">;

export function TextareaField({ rows = 4, textareaProps, ...shell }: ShellProps & { rows?: number; textareaProps?: ExtraTextareaProps }) {
  const { field } = shell;
  return (
    <FieldShell {...shell}>
      <textarea
        {...controlProps(field)}
        minLength={field.minLength}
        maxLength={field.maxLength}
        defaultValue={initialText(field)}
        {...textareaProps}
        rows={rows}
        className={inputClass}
      />
    </FieldShell>
  );
}

export type Option = {
  value: string | number;
  label: string;
  /** A select's optgroup the option sits in (options of one group come together). */
  group?: string;
  /** A radio option's one-line explanation, under its label. */
  hint?: string;
};

export function SelectField({ options, placeholder, ...shell }: ShellProps & { options: readonly Option[]; placeholder?: string }) {
  return (
    <FieldShell {...shell}>
      <select {...controlProps(shell.field)} defaultValue={initialText(shell.field)} className={inputClass}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {groupsOf(options).map(([group, members]) =>
          group === undefined ? (
            members.map(optionElement)
          ) : (
            <optgroup key={group} label={group}>
              {members.map(optionElement)}
            </optgroup>
          ),
        )}
      </select>
    </FieldShell>
  );
}

const optionElement = (option: Option) => (
  <option key={option.value} value={option.value}>
    {option.label}
  </option>
);

/** Options in their groups, in the order the groups first appear (ungrouped ones as one run). */
function groupsOf(options: readonly Option[]): [string | undefined, Option[]][] {
  const groups: [string | undefined, Option[]][] = [];
  for (const option of options) {
    const last = groups.at(-1);
    if (last && last[0] === option.group) last[1].push(option);
    else groups.push([option.group, [option]]);
  }
  return groups;
}

/** Radio buttons in a fieldset; `fallback` is checked while the form has no value. */
export function RadioGroup({ legend, field, options, fallback }: { legend: string; field: FieldMetadata; options: readonly Option[]; fallback?: string }) {
  const checked = initialText(field) ?? fallback;
  return (
    <fieldset aria-describedby={field.errors ? field.errorId : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className={options.some((option) => option.hint) ? "mt-2 grid gap-1" : "mt-2 flex flex-wrap gap-x-6"}>
        {options.map((option) => (
          <label key={option.value} className="flex min-h-11 items-center gap-2 text-sm">
            <input type="radio" name={field.name} value={option.value} defaultChecked={checked === String(option.value)} required={field.required} className="h-4 w-4 shrink-0" />
            {option.hint ? (
              <span>
                <span className="font-medium">{option.label}</span>
                <span className="block text-xs text-slate-500">{option.hint}</span>
              </span>
            ) : (
              option.label
            )}
          </label>
        ))}
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

/** A single checkbox (sends "on" when checked; read it with `z.coerce.boolean()` or `z.literal("on")`). */
export function CheckboxField({ label, field, hint }: { label: string; field: FieldMetadata; hint?: string | null }) {
  // A box the server asks to tick (a confirmation) takes the focus: without JavaScript the answer
  // is a new page, which would otherwise open at its top, far above the request.
  return (
    <div>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input {...controlProps(field)} type="checkbox" defaultChecked={initialText(field) === "on"} autoFocus={!!field.errors?.length} className="h-4 w-4" />
        {label}
      </label>
      {hint && <p className="text-xs text-slate-500">{hint}</p>}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}
