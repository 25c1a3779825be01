import { CHECK_FIXITY_INTENT, type FixityDocumentReport } from "~/domain/fixity";
import { DomainError } from "~/domain/errors";
import type { SignedInContext } from "~/routes/helpers/gates.server";
import { redirectWithFlash } from "~/routes/helpers/flash-redirect.server";
import { checkDocumentFixity } from "~/server/fixity/service.server";

/**
 * The document page's part of 'Periksa Integritas File': its action calls this with the posted
 * form; it answers `{ fixity }` for that intent and null for any other (the page handles those).
 * A refusal goes back to the page with the message as a toast.
 */
export async function documentFixityAction(ctx: SignedInContext, uuid: string, form: FormData): Promise<{ fixity: FixityDocumentReport } | Response | null> {
  if (form.get("intent") !== CHECK_FIXITY_INTENT) return null;
  try {
    return { fixity: await checkDocumentFixity(ctx, uuid) };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return redirectWithFlash(ctx, error.status === 404 ? "/app/documents" : `/app/documents/${uuid}`, { type: "error", message: error.message });
  }
}
