import { href } from "react-router";
import { AppLink } from "~/components/app-link";
import type { Route } from "./+types/documents-create";
import { PageHeader } from "~/components/app-shell";
import { BackLink } from "~/components/back-link";
import { buttonClass } from "~/components/buttons";
import { lazyComponent } from "~/components/lazy-component";
import { DocumentForm } from "~/components/documents/document-form";
import { DocumentCreateSchema } from "~/domain/document-schemas";
import { assertCan } from "~/domain/policy";
import { FormBanner } from "~/components/form";
import { formatBytes } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { unitStorageUsage } from "~/server/documents/upload-limits.server";
import { documentFormRules, ownerUnitOptions, ownerUnitRuleOf } from "~/routes/helpers/document-form.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { orRouteError } from "~/routes/helpers/route-errors.server";
import { createDocument, listCategories, planNewDocument } from "~/server/documents/service.server";
import { classificationOptions } from "~/server/classification/service.server";
import { SUBMISSION_ID_FIELD, stageRequestUpload } from "~/server/http/upload-body.server";
import { streamsUploadHandle } from "~/routes/helpers/upload-handle";
import { deniedMessages, t } from "~/i18n/id";
import { documentForm, documentFormMessages } from "~/i18n/document-form";
import { pageAction } from "~/routes/helpers/page-action.server";

/** Shown once, after the upload: its code loads then, not with the form. */
const Dialog = lazyComponent(() => import("~/components/dialog").then((module) => module.Dialog));

/** From this share of the unit's storage quota on, the form says how full it is. */
const QUOTA_NOTICE_SHARE = 0.8;

export const meta = () => pageMeta({ title: t.pages.createDocument });

export const handle = streamsUploadHandle;

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  await orRouteError(() => assertCan(ctx.actor, { type: "document.create" }, deniedMessages.createDocument));
  const created = new URL(request.url).searchParams.get("created");
  const [usage, categories, classifications, units] = await Promise.all([
    unitStorageUsage(ctx, ctx.session.user.unitKerjaId),
    listCategories(ctx),
    classificationOptions(ctx),
    ownerUnitOptions(ctx),
  ]);
  return {
    categories,
    classifications,
    units,
    quotaNotice: usage && usage.usedBytes >= QUOTA_NOTICE_SHARE * usage.quotaBytes
      ? documentFormMessages.quotaNearlyFull(formatBytes(usage.usedBytes), formatBytes(usage.quotaBytes))
      : null,
    rules: documentFormRules(DocumentCreateSchema, { ownerUnit: units !== null }),
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
  return pageAction(
    ctx,
    async () => {
      const ownerUnit = ownerUnitRuleOf(ctx);
      const upload = await stageRequestUpload(ctx, request, planNewDocument(ctx, { ownerUnit }), { field: SUBMISSION_ID_FIELD });
      const { document } = await createDocument(ctx, upload, { ownerUnit });
      return { to: href("/app/documents/create"), flash: { type: "success", message: documentForm.uploadSuccess, dialogFor: document.uuid } };
    },
    { form: { formLevelFields: ["file"] } },
  );
}

export default function CreateDocument({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, classifications, units, submissionId, created, rules, quotaNotice } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink fallback={href("/app/documents")} />
      <PageHeader title={t.pages.createDocument} />
      <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <FormBanner message={quotaNotice} tone="notice" testId="quota-notice" />
        <DocumentForm
          key={submissionId}
          mode="create"
          categories={categories}
          classifications={classifications}
          units={units}
          defaults={{ accessLevel: "PRIVATE" }}
          rules={rules}
          lastResult={actionData}
          submissionId={submissionId}
          apiUrl="/api/v1/archives"
          successUrl={`${href("/app/documents/create")}?created={uuid}`}
        />
      </div>
      {created && (
        <Dialog
          title={documentForm.success}
          status="success"
          closeTo={href("/app/documents")}
          closeLabel={documentForm.close}
          testId="success-dialog"
          actions={
            <AppLink to={href("/app/documents/:uuid", { uuid: created })} className={buttonClass.primary}>
              {documentForm.viewDocument}
            </AppLink>
          }
        >
          {documentForm.uploadSuccess}
        </Dialog>
      )}
    </div>
  );
}
