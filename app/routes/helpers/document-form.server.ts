import type { z } from "zod";
import { MIN_YEAR, maxYear } from "~/domain/document-schemas";
import type { FormRules } from "~/domain/form-rules";
import { ROLES } from "~/domain/roles";
import { documentValidation } from "~/i18n/document-validation";
import type { OwnerUnitRule } from "~/server/documents/metadata.server";
import { unitKerjaOptions } from "~/server/users/queries.server";
import type { SignedInContext } from "./gates.server";
import { formRules } from "./form.server";

const v = documentValidation;

/**
 * The browser rules of the document forms: the schema's, plus what the browser can check before
 * the file is sent: the year's range (the schema computes its upper bound per parse, so it is
 * added here as `min`/`max`) and, for a Super Admin, the owning unit.
 */
export function documentFormRules(schema: z.ZodObject, options: { ownerUnit: boolean }): FormRules {
  const base = formRules(schema);
  const max = maxYear();
  const rules: FormRules = {
    constraint: { ...base.constraint, year: { ...base.constraint.year, min: MIN_YEAR, max } },
    messages: { ...base.messages, year: { ...base.messages.year, min: v.yearRange(max), max: v.yearRange(max) } },
  };
  if (options.ownerUnit) {
    rules.constraint.unitKerjaId = { required: true };
    rules.messages.unitKerjaId = { required: v.ownerUnitRequired };
  }
  return rules;
}

/** A Super Admin chooses the owning unit on the document forms (required there); anyone else does not. */
export const ownerUnitRuleOf = (ctx: SignedInContext): OwnerUnitRule | undefined =>
  ctx.actor.role === ROLES.superAdmin ? { required: true } : undefined;

/** The units a Super Admin may choose from, or null for anyone else (the form hides the field). */
export async function ownerUnitOptions(ctx: SignedInContext): Promise<{ id: number; nama: string }[] | null> {
  return ctx.actor.role === ROLES.superAdmin ? unitKerjaOptions(ctx) : null;
}
