/** The form kit: every form (login, documents, users, work units, access requests). */
export { Field, TextareaField, SelectField, RadioGroup, CheckboxField, ErrorList, FormBanner, type Option } from "./fields";
export { validateWithRules, errorsFromApiBody } from "./rules";
export type { FormRules } from "~/domain/form-rules";
