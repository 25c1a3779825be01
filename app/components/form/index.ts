/** The form kit: every form (login, documents, users, work units, access requests). */
export { Field, TextareaField, SelectField, RadioGroup, CheckboxField, ErrorList, FormBanner, type Option } from "./fields";
export { useFormKit, type FormMetadata } from "./use-form-kit";
export type { FieldMetadata } from "./form-state";
export { errorsFromApiBody } from "./rules";
export type { FormRules, FormReply } from "~/domain/form-rules";
