import { data } from "react-router";
import { hardening as hardeningText } from "~/i18n/hardening";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * The submitted form of a page action (every action that reads a form calls this). Its size is
 * already capped in front of React Router; here a body that is not a form (JSON, text) is a 415
 * and a form that cannot be parsed (broken multipart) a 400, each with a message, where
 * `request.formData()` alone would throw and answer 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  const contentType = request.headers.get("content-type")?.toLowerCase() ?? "";
  if (!FORM_TYPES.some((type) => contentType.startsWith(type))) {
    await request.body?.cancel().catch(() => undefined);
    throw data({ message: hardeningText.formContentType }, { status: 415 });
  }
  try {
    return await request.formData();
  } catch {
    throw data({ message: hardeningText.formMalformed }, { status: 400 });
  }
}

/** A form post's text fields (files and the CSRF token left out). */
export function formFields(formData: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string" && key !== "_csrf" && key !== "intent") fields[key] = value;
  return fields;
}
