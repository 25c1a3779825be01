import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/buttons";
import { Field, FormBanner, RadioGroup, SelectField, useFormKit, type FormReply, type FormRules } from "~/components/form";
import { API_TOKEN_LIFETIMES, API_TOKEN_SCOPES, DEFAULT_API_TOKEN_LIFETIME } from "~/domain/api-token-view";
import { apiTokens as apiTokensText } from "~/i18n/api-tokens";
import { CopyText } from "~/components/copy-text";
import { CsrfField } from "~/components/form/csrf-field";

const m = apiTokensText;
const scopeOptions = API_TOKEN_SCOPES.map((scope) => ({ value: scope, label: m.scopes[scope] }));
const lifetimeOptions = API_TOKEN_LIFETIMES.map((days) => ({ value: days, label: m.lifetime(days) }));

/** 'Buat Token Baru': name, scope, lifetime. A plain post with JavaScript on or off. */
export function ApiTokenForm({ rules, lastResult }: { rules: FormRules; lastResult: FormReply | null | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const [form, fields] = useFormKit<"name" | "scope" | "expiresInDays">({
    lastResult,
    rules,
    defaultValue: { scope: "read", expiresInDays: DEFAULT_API_TOKEN_LIFETIME },
  });
  const banner = form.errors?.[0] ?? (lastResult?.status === "error" && !form.hasFieldErrors ? m.createFailed : null);
  return (
    <>
      <FormBanner id={form.errorId} message={banner} testId="form-error" />
      <Form method="post" className="grid gap-5 md:grid-cols-2" {...form.props}>
        <CsrfField />
        <Field label={m.fields.name} field={fields.name} inputProps={{ placeholder: m.namePlaceholder, autoComplete: "off" }} />
        <SelectField label={m.fields.expiresInDays} field={fields.expiresInDays} options={lifetimeOptions} />
        <div className="md:col-span-2">
          <RadioGroup legend={m.fields.scope} field={fields.scope} options={scopeOptions} fallback="read" />
          <p className="mt-1 text-xs text-slate-500">
            {m.scopes.read}: {m.scopeHints.read} {m.scopes.read_write}: {m.scopeHints.read_write}
          </p>
        </div>
        <div className="md:col-span-2">
          <button type="submit" name="intent" value="create" className={buttonClass.primary} disabled={busy} data-testid="create-token">
            {busy ? m.creating : m.submit}
          </button>
        </div>
      </Form>
    </>
  );
}

/** The new token, shown this once (it is never stored, so it can never be shown again). */
export function CreatedToken({ name, token, apiOrigin }: { name: string; token: string; apiOrigin: string }) {
  return (
    <section className="mb-6 rounded-xl bg-green-50 p-5 ring-1 ring-green-200" role="status" aria-labelledby="created-token-heading" data-testid="created-token">
      <h2 id="created-token-heading" className="font-semibold text-green-900">
        {m.createdHeading}: {name}
      </h2>
      <p className="mt-1 text-sm text-green-900">{m.createdNotice}</p>
      <p className="mt-3 text-sm font-medium text-green-900">{m.createdLabel}</p>
      <div className="mt-1">
        <CopyText text={token} label={m.createdLabel} testId="created-token-value" />
      </div>
      <p className="mt-3 text-sm font-medium text-green-900">{m.exampleWithToken}</p>
      <div className="mt-1">
        <CopyText text={exampleCall(apiOrigin, token)} multiline label={m.exampleWithToken} testId="created-token-example" />
      </div>
    </section>
  );
}

/** The call a script makes first: the archive list with the token in the Authorization header. */
export const exampleCall = (apiOrigin: string, token = "<token>") => `curl -H "Authorization: Bearer ${token}" ${apiOrigin}/api/v1/archives`;
