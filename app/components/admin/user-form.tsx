import { useEffect, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { buttonClass } from "~/components/buttons";
import { useHydrated } from "~/lib/use-hydrated";
import { Field, FormBanner, RadioGroup, SelectField, useFormKit, type FormReply, type FormRules } from "~/components/form";
import { ROLE_NAMES, ROLES } from "~/domain/roles";
import type { UnitKerjaOption } from "~/domain/users";
import { userForm } from "~/i18n/user-form";
import { CsrfField } from "~/components/form/csrf-field";

const m = userForm;
const f = m.fields;

export type UserFormDefaults = {
  fullName?: string;
  username?: string;
  email?: string | null;
  roleName?: string;
  unitKerjaId?: number | null;
};

type UserFieldName = "fullName" | "username" | "email" | "password" | "roleName" | "unitKerjaId";

/**
 * The create and update form of a user (one component, SPEC section 5). It posts to the page's
 * action with JavaScript on or off; the action parses it with the same schema as the API, and
 * its messages show beside the fields either way.
 *
 * - The work-unit select applies to Satuan Kerja only. With JavaScript it is shown only while
 *   that role is chosen; without JavaScript it is always there and its hint says so (the
 *   server ignores it for other roles).
 * - On update only non-empty fields are sent (with JavaScript; without it the schema treats a
 *   blank field as "unchanged", so the outcome is the same). A blank password keeps the old one.
 */
export function UserForm({
  mode,
  defaults,
  unitKerja,
  rules,
  lastResult,
}: {
  mode: "create" | "update";
  defaults: UserFormDefaults;
  unitKerja: UnitKerjaOption[];
  /** From the loader: `formRules(UserCreateSchema | UserUpdateSchema)`. */
  rules: FormRules;
  lastResult: FormReply | null | undefined;
}) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // Until hydration the page behaves as without JavaScript (the select is always rendered).
  const hydrated = useHydrated();

  const [form, fields] = useFormKit<UserFieldName>({
    lastResult,
    rules,
    defaultValue: {
      fullName: defaults.fullName ?? "",
      username: defaults.username ?? "",
      email: defaults.email ?? "",
      roleName: defaults.roleName ?? ROLES.viewer,
      unitKerjaId: defaults.unitKerjaId?.toString() ?? "",
    },
    onValidSubmit(event, formData) {
      event.preventDefault();
      const sent = new FormData();
      for (const [name, value] of formData) {
        if (mode === "update" && name !== "_csrf" && typeof value === "string" && value.trim() === "") continue;
        sent.append(name, value);
      }
      void submit(sent, { method: "post" });
    },
  });

  // The role the form was rendered with (the stored one, or the one a failed post sent back).
  const submittedRole = String(fields.roleName.initialValue ?? defaults.roleName ?? ROLES.viewer);
  const [role, setRole] = useState(submittedRole);
  // A reply from the server (a failed post) may carry another role than the one first shown.
  useEffect(() => setRole(submittedRole), [submittedRole]);
  const showUnit = !hydrated || role === ROLES.satuanKerja;
  const fallback = mode === "create" ? m.createFailed : m.updateFailed;
  const banner = form.errors?.[0] ?? (lastResult?.status === "error" && !form.hasFieldErrors ? fallback : null);

  return (
    <>
      <FormBanner id={form.errorId} message={banner} testId="form-error" />
      <Form method="post" className="space-y-5" {...form.props}>
        <CsrfField />
        <Field label={f.fullName} field={fields.fullName} inputProps={{ autoComplete: "name" }} />
        <Field label={f.username} field={fields.username} inputProps={{ autoComplete: "off" }} />
        <Field label={f.email} field={fields.email} type="email" inputProps={{ autoComplete: "email" }} />
        <Field
          label={f.password}
          field={fields.password}
          type="password"
          // A refused post never comes back with the password (it is not echoed into the page):
          // without JavaScript the field is empty again, and says so.
          hint={lastResult?.status === "error" && !hydrated ? m.passwordNotKept(mode) : mode === "update" ? m.passwordHint : null}
          inputProps={{ autoComplete: "new-password" }}
        />
        {mode === "update" && (
          <p className="-mt-3 text-xs text-amber-800" data-testid="password-reset-note">
            {m.passwordResetNote}
          </p>
        )}
        <div
          onChange={(event) => {
            const target = event.target as HTMLInputElement;
            if (target.name === fields.roleName.name) setRole(target.value);
          }}
        >
          <RadioGroup
            key={submittedRole}
            legend={f.roleName}
            field={fields.roleName}
            options={ROLE_NAMES.map((name) => ({ value: name, label: name }))}
            fallback={ROLES.viewer}
          />
        </div>
        {showUnit && (
          <SelectField
            label={f.unitKerjaId}
            field={fields.unitKerjaId}
            options={unitKerja.map((unit) => ({ value: unit.id, label: unit.nama }))}
            placeholder={f.chooseUnitKerja}
            hint={m.unitKerjaHint}
          />
        )}
        <button type="submit" className={buttonClass.primary} disabled={busy} data-testid="submit-user">
          {busy ? m.saving : m.submit}
        </button>
      </Form>
    </>
  );
}
