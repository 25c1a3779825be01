import { Link } from "react-router";
import type { Route } from "./+types/documents-create";
import { PageHeader } from "~/components/app-shell";
import { BackLink } from "~/components/back-link";
import { buttonClass } from "~/components/buttons";
import { Dialog } from "~/components/dialog";
import { DocumentForm } from "~/components/documents/document-form";
import { DocumentCreateSchema } from "~/domain/document-schemas";
import { assertCan } from "~/domain/policy";
import { FormBanner } from "~/components/form";
import { formatBytes } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { unitStorageUsage } from "~/server/documents/upload-limits.server";
import { redirectWithFlash } from "~/server/flash-redirect.server";
import { formRules, replyWithDomainError } from "~/server/form.server";
import { getSignedIn } from "~/server/gates.server";
import { orRouteError } from "~/server/route-helpers.server";
import { createDocument, listCategories } from "~/server/services/documents.server";
import { SUBMISSION_ID_FIELD, uploadBodyOf } from "~/server/upload-body.server";
import { deniedMessages, t } from "~/i18n/id";
import { documents as documentsText } from "~/i18n/documents";
import { documentFormMessages } from "~/i18n/document-form";

/** From this share of the unit's storage quota on, the form says how full it is. */
const QUOTA_NOTICE_SHARE = 0.8;

export const meta = () => pageMeta({ title: t.pages.createDocument });

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  await orRouteError(() => assertCan(ctx.actor, { type: "document.create" }, deniedMessages.createDocument));
  const created = new URL(request.url).searchParams.get("created");
  const usage = await unitStorageUsage(ctx, ctx.session.user.unitKerjaId);
  return {
    categories: await listCategories(ctx),
    quotaNotice: usage && usage.usedBytes >= QUOTA_NOTICE_SHARE * usage.quotaBytes
      ? documentFormMessages.quotaNearlyFull(formatBytes(usage.usedBytes), formatBytes(usage.quotaBytes))
      : null,
    csrfToken: ctx.session.csrfToken,
    rules: formRules(DocumentCreateSchema),
    // A fresh key per rendered form: submitting the same form twice creates one document.
    submissionId: crypto.randomUUID(),
    // The success dialog: from the one-shot flash of a post without JavaScript, or from the
    // query the enhanced form navigates to (replacing the form's history entry; the dialog's
    // links replace this one, so Back never shows the dialog again).
    created: ctx.flash?.dialogFor ?? (created && /^[0-9a-f-]{36}$/.test(created) ? created : null),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  try {
    const { document } = await createDocument(ctx, uploadBodyOf(request, { field: SUBMISSION_ID_FIELD }));
    return await redirectWithFlash(ctx, "/app/documents/create", { type: "success", message: documentsText.uploadSuccess, dialogFor: document.uuid });
  } catch (error) {
    return replyWithDomainError(error, { formLevelFields: ["file"] });
  }
}

export default function CreateDocument({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, csrfToken, submissionId, created, rules, quotaNotice } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink fallback="/app/documents" />
      <PageHeader title={t.pages.createDocument} />
      <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <FormBanner message={quotaNotice} tone="notice" testId="quota-notice" />
        <DocumentForm
          key={submissionId}
          mode="create"
          categories={categories}
          defaults={{ accessLevel: "PRIVATE" }}
          rules={rules}
          lastResult={actionData}
          csrfToken={csrfToken}
          submissionId={submissionId}
          apiUrl="/api/v1/archives"
          successUrl="/app/documents/create?created={uuid}"
        />
      </div>
      {created && (
        <Dialog
          title={documentsText.success}
          status="success"
          closeTo="/app/documents"
          closeLabel={documentsText.close}
          testId="success-dialog"
          actions={
            <Link to={`/app/documents/${created}`} replace className={buttonClass.primary}>
              {documentsText.viewDocument}
            </Link>
          }
        >
          {documentsText.uploadSuccess}
        </Dialog>
      )}
    </div>
  );
}
