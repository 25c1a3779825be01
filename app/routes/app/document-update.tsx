import type { Route } from "./+types/document-update";
import { PageHeader } from "~/components/app-shell";
import { BackLink } from "~/components/back-link";
import { Dialog } from "~/components/dialog";
import { DocumentForm } from "~/components/documents/document-form";
import { DocumentUpdateSchema } from "~/domain/document-schemas";
import { documentBreadcrumb } from "~/components/documents/breadcrumb";
import { pageMeta } from "~/lib/meta";
import { redirectWithFlash } from "~/server/flash-redirect.server";
import { formRules, replyWithDomainError } from "~/server/form.server";
import { getSignedIn } from "~/server/gates.server";
import { orRouteError } from "~/server/route-helpers.server";
import { getDocument, listCategories, updateDocument } from "~/server/services/documents.server";
import { uploadBodyOf } from "~/server/upload-body.server";
import { deniedMessages, t } from "~/i18n/id";
import { documents as documentsText } from "~/i18n/documents";

export const handle = documentBreadcrumb;

export const meta = () => pageMeta({ title: t.pages.updateDocument });

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const [document, categories] = await Promise.all([orRouteError(() => getDocument(ctx, params.uuid)), listCategories(ctx)]);
  // The service enforces this on save; checked here too so the form is never offered (SPEC toast).
  if (!document.canEdit) throw await redirectWithFlash(ctx, `/app/documents/${document.uuid}`, { type: "error", message: deniedMessages.editDocument });
  return {
    document,
    categories,
    csrfToken: ctx.session.csrfToken,
    rules: formRules(DocumentUpdateSchema),
    // From the one-shot flash of a post without JavaScript, or from the query the enhanced form
    // navigates to (replacing history; closing replaces it again), so Back never re-shows it.
    updated: ctx.flash?.dialogFor === document.uuid || new URL(request.url).searchParams.has("updated"),
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  try {
    const document = await updateDocument(ctx, params.uuid, uploadBodyOf(request));
    return await redirectWithFlash(ctx, `/app/documents/${document.uuid}/update`, { type: "success", message: documentsText.updateSuccess, dialogFor: document.uuid });
  } catch (error) {
    return replyWithDomainError(error, { formLevelFields: ["file"] });
  }
}

export default function UpdateDocument({ loaderData, actionData }: Route.ComponentProps) {
  const { document, categories, csrfToken, updated, rules } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink fallback={`/app/documents/${document.uuid}`} />
      <PageHeader title={t.pages.updateDocument} />
      <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <DocumentForm
          key={document.updatedAt}
          mode="update"
          categories={categories}
          defaults={document}
          rules={rules}
          lastResult={actionData}
          csrfToken={csrfToken}
          apiUrl={`/api/v1/archives/${document.uuid}`}
          successUrl={`/app/documents/${document.uuid}/update?updated=1`}
        />
      </div>
      {updated && (
        <Dialog title={documentsText.success} status="success" closeTo="/app/documents" closeLabel={documentsText.close} testId="success-dialog">
          {documentsText.updateSuccess}
        </Dialog>
      )}
    </div>
  );
}
