import { href } from "react-router";
import type { BreadcrumbHandle } from "~/lib/breadcrumb";
import type { Route } from "./+types/document-update";
import { PageHeader } from "~/components/app-shell";
import { BackLink } from "~/components/back-link";
import { lazyComponent } from "~/components/lazy-component";
import { DocumentForm } from "~/components/documents/document-form";
import { StatisNotice } from "~/components/documents/statis-notice";
import { getDocumentRetention } from "~/server/retention/service.server";
import { can } from "~/domain/policy";
import { retentionToday } from "~/domain/retention";
import { DocumentUpdateSchema } from "~/domain/document-schemas";
import { pageMeta } from "~/lib/meta";
import { redirectWithFlash } from "~/routes/helpers/flash-redirect.server";
import { documentFormRules, ownerUnitOptions, ownerUnitRuleOf } from "~/routes/helpers/document-form.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { orRouteError } from "~/routes/helpers/route-errors.server";
import { getDocument, listCategories, planNewVersion, updateDocument } from "~/server/documents/service.server";
import { classificationOptions } from "~/server/classification/service.server";
import { stageRequestUpload } from "~/server/http/upload-body.server";
import { streamsUploadHandle } from "~/routes/helpers/upload-handle";
import { deniedMessages, t } from "~/i18n/id";
import { documentForm } from "~/i18n/document-form";
import { pageAction } from "~/routes/helpers/page-action.server";

/** Shown once, after the save: its code loads then, not with the form. */
const Dialog = lazyComponent(() => import("~/components/dialog").then((module) => module.Dialog));

/** The crumb of /app/documents/{uuid} shows the document's title; the form posts a multipart body. */
export const handle: BreadcrumbHandle<{ document?: { uuid: string; title: string } }> & typeof streamsUploadHandle = {
  breadcrumb: (data) => (data.document ? { [href("/app/documents/:uuid", { uuid: data.document.uuid })]: data.document.title } : {}),
  ...streamsUploadHandle,
};

export const meta = () => pageMeta({ title: t.pages.updateDocument });

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const [document, categories, classifications, units] = await Promise.all([
    orRouteError(() => getDocument(ctx, params.uuid)),
    listCategories(ctx),
    classificationOptions(ctx),
    ownerUnitOptions(ctx),
  ]);
  // The service enforces this on save; checked here too so the form is never offered (SPEC toast).
  // A Statis record is read-only for everyone: the page says why instead of the form.
  if (!document.canEdit) {
    const retention = await getDocumentRetention(ctx, document.uuid);
    if (retention.status === "STATIS") return { document, statisSince: retention.statisSince, statis: true as const };
    throw await redirectWithFlash(ctx, href("/app/documents/:uuid", { uuid: document.uuid }), { type: "error", message: deniedMessages.editDocument });
  }
  return {
    statis: false as const,
    document,
    categories,
    classifications,
    units,
    rules: documentFormRules(DocumentUpdateSchema, { ownerUnit: units !== null }),
    retentionStart: { today: retentionToday(ctx.now()), mayPrecedeYear: can(ctx.actor, { type: "retention.startBeforeYear" }) },
    // From the one-shot flash of a post without JavaScript, or from the query the enhanced form
    // navigates to (replacing history; closing replaces it again), so Back never re-shows it.
    updated: ctx.flash?.dialogFor === document.uuid || new URL(request.url).searchParams.has("updated"),
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  return pageAction(
    ctx,
    async () => {
      const ownerUnit = ownerUnitRuleOf(ctx);
      const upload = await stageRequestUpload(ctx, request, planNewVersion(ctx, params.uuid, { metadata: { ownerUnit } }));
      // Without JavaScript the form's checkbox is the confirmation of a lowering to BIASA.
      const document = await updateDocument(ctx, params.uuid, upload, { ownerUnit, confirmLowering: upload.fields.confirmLowering === "on" });
      const to = href("/app/documents/:uuid/update", { uuid: document.uuid });
      return { to, flash: { type: "success", message: documentForm.updateSuccess, dialogFor: document.uuid } };
    },
    { form: { formLevelFields: ["file"] } },
  );
}

export default function UpdateDocument({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.statis) {
    const detail = href("/app/documents/:uuid", { uuid: loaderData.document.uuid });
    return (
      <div className="mx-auto max-w-3xl">
        <BackLink fallback={detail} />
        <PageHeader title={t.pages.updateDocument} />
        <StatisNotice since={loaderData.statisSince} backTo={detail} />
      </div>
    );
  }
  const { document, categories, classifications, units, updated, rules, retentionStart } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink fallback={href("/app/documents/:uuid", { uuid: document.uuid })} />
      <PageHeader title={t.pages.updateDocument} />
      <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <DocumentForm
          key={document.updatedAt}
          mode="update"
          categories={categories}
          classifications={classifications}
          currentClass={document.securityClass}
          units={units}
          defaults={{ ...document, classificationCode: document.classificationCode ?? "", securityClass: "", unitKerjaId: document.unitKerjaId ?? undefined, retentionStartDate: document.retentionStartDate ?? "", physicalLocation: document.physicalLocation ?? "" }}
          rules={rules}
          lastResult={actionData}
          apiUrl={`/api/v1/archives/${document.uuid}`}
          successUrl={`${href("/app/documents/:uuid/update", { uuid: document.uuid })}?updated=1`}
          retentionStart={retentionStart}
        />
      </div>
      {updated && (
        <Dialog title={documentForm.success} status="success" closeTo={href("/app/documents")} closeLabel={documentForm.close} testId="success-dialog">
          {documentForm.updateSuccess}
        </Dialog>
      )}
    </div>
  );
}
