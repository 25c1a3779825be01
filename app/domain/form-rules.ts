/**
 * The browser's share of a form schema, as plain data (no zod in the browser bundle): conform
 * constraints (native `required`, `minLength`, `maxLength`, `min`, `max`, `pattern` attributes)
 * and, per field and rule, the schema's own message. The server computes them from the one zod
 * schema (`formRules` in app/server/form.server.ts); the browser checks the form's native
 * validity against them and shows the same Indonesian messages the server would.
 */
export type RuleName = "required" | "minLength" | "maxLength" | "min" | "max" | "pattern";

export type FieldConstraint = {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  multiple?: boolean;
  pattern?: string;
};

export type FormRules = {
  constraint: Record<string, FieldConstraint>;
  messages: Record<string, Partial<Record<RuleName, string>>>;
};

/**
 * What a form post answers when it fails (conform's `SubmissionResult`, which route actions
 * build with `submission.reply()` or `replyWithDomainError`): the submitted values to show
 * again (`initialValue`, without hidden fields such as the password) and the messages by field
 * name, "" holding the form's own messages.
 */
export type FormReply = {
  status?: "error" | "success";
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
};
