import { href } from "react-router";
import { DetailTable } from "~/components/detail-table";
import { FileRow } from "~/components/documents/file-row";
import { ROLES } from "~/domain/roles";
import type { BreadcrumbHandle } from "~/lib/breadcrumb";
import type { Route } from "./+types/document-detail";
import { PageHeader } from "~/components/app-shell";
import { BackLink } from "~/components/back-link";
import { buttonClass } from "~/components/buttons";
import { AccessBadge, KeywordChips } from "~/components/documents/badges";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/error-boundary";
import { lazyComponent } from "~/components/lazy-component";
import { PreloadLink } from "~/components/preload-link";
import { useDialogParams } from "~/components/url-dialog";
import { RequestAccessSchema } from "~/domain/access-requests";
import { parseOrInvalid } from "~/domain/form-input";
import { can } from "~/domain/policy";
import { formatDate, formatKb } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { redirectWithFlash } from "~/routes/helpers/flash-redirect.server";
import { formRules } from "~/routes/helpers/form.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { orRouteError } from "~/routes/helpers/route-errors.server";
import { deleteDocument, getDocumentAndRow } from "~/server/documents/service.server";
import { restoreVersion, versionsRead } from "~/server/documents/versions.server";
import { noRead, readTogether } from "~/server/db/prepared.server";
import { recordMessages } from "~/i18n/records";
import { filingText, securityClassNames } from "~/i18n/filing";
import { openRequestRead, requestAccess } from "~/server/access-requests/service.server";
import { deniedMessages, t } from "~/i18n/id";
import { documents as documentsText, documentMessages } from "~/i18n/documents";
import { documentDetailText, documentDetailMessages } from "~/i18n/document-detail";
import { accessRequestMessages } from "~/i18n/access-requests";
import { readForm } from "~/routes/helpers/form-body.server";
import { pageAction } from "~/routes/helpers/page-action.server";
import { documentFixityAction } from "~/routes/helpers/fixity.server";
import { goneHandler } from "~/components/documents/tombstone";
import { REINDEX_INTENT } from "~/domain/text-extraction";
import { textExtraction } from "~/i18n/text-extraction";
import { reindexDocument, textStatusRead } from "~/server/text-extraction/service.server";
import { archivalReads, documentArchivalAction, documentArchivalPanel } from "~/routes/helpers/archival.server";
import { HoldSchema, ReappraisalSchema } from "~/domain/retention-schemas";
import { retention as retentionText } from "~/i18n/retention";
import { retentionHoldMessages } from "~/i18n/retention-hold";
import { documentRetentionRead, placeDocumentHold, reappraiseDocument, releaseDocumentHold } from "~/server/retention/service.server";
import { AppLink } from "~/components/app-link";

/** The delete confirmation and the request form open only when the URL asks (`?dialog=`): their code loads then. */
const DeleteDocumentDialog = lazyComponent(() => import("~/components/documents/delete-dialog").then((module) => module.DeleteDocumentDialog));
const RequestDialog = lazyComponent(() => import("~/components/access-requests/message-dialogs").then((module) => module.RequestDialog));
/**
 * The record's secondary parts (its text status, the sections under it: retention, berkas, vital
 * record, version history): the server renders them with the page, and the browser fetches their
 * code after the page's own, so the record itself is interactive first.
 */
const TextStatusRow = lazyComponent(() => import("~/components/documents/text-status").then((module) => module.TextStatusRow));
const RetentionSection = lazyComponent(() => import("~/components/documents/retention-section").then((module) => module.RetentionSection));
const BerkasSection = lazyComponent(() => import("~/components/documents/archival-section").then((module) => module.BerkasSection));
const VitalSection = lazyComponent(() => import("~/components/documents/archival-section").then((module) => module.VitalSection));
const VersionHistory = lazyComponent(() => import("~/components/documents/version-history").then((module) => module.VersionHistory));
/** Shown only to who may check fixity, to a record that is Statis: their code loads then. */
const FixityCheckButton = lazyComponent(() => import("~/components/documents/fixity-check").then((module) => module.FixityCheckButton));
const FixityCheckResult = lazyComponent(() => import("~/components/documents/fixity-check").then((module) => module.FixityCheckResult));
const StatisNotice = lazyComponent(() => import("~/components/documents/statis-notice").then((module) => module.StatisNotice));
/** Shown only to who has asked for this document: its code loads then. */
const OpenRequestNotice = lazyComponent(() => import("~/components/access-requests/open-request-notice").then((module) => module.OpenRequestNotice));

/** The crumb of /app/documents/{uuid} shows the document's title. */
export const handle: BreadcrumbHandle<{ document?: { uuid: string; title: string } }> = {
  breadcrumb: (data) => (data.document ? { [href("/app/documents/:uuid", { uuid: data.document.uuid })]: data.document.title } : {}),
};

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta({ title: loaderData?.document.title ?? t.pages.documentDetail });

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  // The document's own refusal answers first: a 404, or a 410 with the tombstone of a record that is gone.
  const { document, row } = await orRouteError(() => getDocumentAndRow(ctx, params.uuid));
  // The page shows its dialogs from the URL (see url-dialog); a delete it may not do is refused here.
  if (new URL(request.url).searchParams.get("dialog") === "delete" && !document.canDelete) {
    throw await redirectWithFlash(ctx, href("/app/documents/:uuid", { uuid: document.uuid }), { type: "error", message: deniedMessages.deleteDocument });
  }
  // Everything else the page shows in one round trip; each read gives null where the actor may not see it.
  const [retention, openRequest, versions, textStatus, ...archival] = await orRouteError(() =>
    readTogether(
      ctx.d1,
      documentRetentionRead(ctx, row),
      // Someone who may ask sees their open request instead of the button, or the button.
      document.canRequestAccess ? openRequestRead(ctx, document.uuid) : noRead,
      versionsRead(ctx, row),
      textStatusRead(ctx, document),
      ...archivalReads(ctx, document, row),
    ),
  );
  return {
    fileNotice: document.canOpenFile ? null : fileNotice(document, ctx.actor.role, openRequest !== null),
    document,
    versions,
    textStatus,
    trashDays: ctx.config.trashDays,
    openRequest,
    // The request dialog opens in the page (its rules are here before the click).
    requestRules: document.canRequestAccess && !openRequest ? formRules(RequestAccessSchema) : null,
    canCheckFixity: can(ctx.actor, { type: "fixity.check" }),
    retention,
    holdRules: retention.canHold ? formRules(HoldSchema) : null,
    reappraisalRules: retention.canReappraise ? formRules(ReappraisalSchema) : null,
    archival: documentArchivalPanel(ctx, document, archival),
  };
}

/** Why the file row offers no file, and what the user can do about it. */
function fileNotice(document: { unitKerjaName: string | null; canRequestAccess: boolean }, role: string, hasOpenRequest: boolean): string {
  const closed = documentDetailMessages.fileClosed;
  const next = role === ROLES.viewer ? closed.viewer : hasOpenRequest ? closed.pending : document.canRequestAccess ? closed.request : closed.other;
  return `${closed.base(document.unitKerjaName)} ${next}`;
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const form = await readForm(request);
  const here = href("/app/documents/:uuid", { uuid: params.uuid });
  const list = href("/app/documents");
  const fixity = await documentFixityAction(ctx, params.uuid, form);
  if (fixity) return fixity;
  const archival = await documentArchivalAction(ctx, params.uuid, form);
  if (archival) return archival;
  if (form.get("intent") === "request") {
    const requestMessage = form.get("requestMessage");
    const values = typeof requestMessage === "string" ? { requestMessage } : undefined;
    return pageAction(
      ctx,
      async () => {
        await requestAccess(ctx, params.uuid, parseOrInvalid(RequestAccessSchema, { requestMessage: values?.requestMessage }));
        return { to: list, toast: accessRequestMessages.request.success };
      },
      { form: { values, fallback: accessRequestMessages.request.failed } },
    );
  }
  if (form.get("intent") === REINDEX_INTENT) {
    return pageAction(
      ctx,
      async () => {
        await reindexDocument(ctx, params.uuid);
        return { to: here, toast: textExtraction.reindexed };
      },
      { toast: { to: here, fallback: textExtraction.reindexFailed } },
    );
  }
  const intent = form.get("intent");
  if (intent === "hold" || intent === "release-hold" || intent === "reappraise") {
    // Every field as posted; the service parses them with the form's schema. A refusal comes
    // back to the page as a toast (the fields' rules were checked in the browser already).
    const fields = Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
    return pageAction(
      ctx,
      async () => {
        if (intent === "hold") await placeDocumentHold(ctx, params.uuid, fields);
        else if (intent === "release-hold") await releaseDocumentHold(ctx, params.uuid, fields);
        else await reappraiseDocument(ctx, params.uuid, fields);
        const toast = intent === "hold" ? retentionHoldMessages.placed : intent === "release-hold" ? retentionHoldMessages.released : retentionText.reappraisal.saved;
        return { to: here, toast };
      },
      { toast: { to: here } },
    );
  }
  if (form.get("intent") === "restore-version") {
    const version = String(form.get("version") ?? "");
    return pageAction(
      ctx,
      async () => {
        const restored = await restoreVersion(ctx, params.uuid, version);
        return { to: here, toast: recordMessages.versionRestored(Number(version), restored.currentVersion) };
      },
      { toast: { to: here } },
    );
  }
  if (form.get("intent") !== "delete") return null;
  return pageAction(
    ctx,
    async () => {
      await deleteDocument(ctx, params.uuid);
      return { to: list, toast: documentMessages.deleted };
    },
    (error) => ({ toast: { to: error.status === 404 ? list : here, fallback: documentMessages.deleteFailed } }),
  );
}

export default function DocumentDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { document, versions, textStatus, trashDays, openRequest, requestRules, fileNotice, canCheckFixity, retention, holdRules, reappraisalRules, archival } =
    loaderData;
  const dialog = useDialogParams().get("dialog");
  const confirmDelete = dialog === "delete" && document.canDelete;
  const showRequest = dialog === "request" && requestRules !== null;
  const fixityReport = actionData && "fixity" in actionData ? actionData.fixity : null;
  const rows: [string, React.ReactNode][] = [
    [documentsText.columns.title, document.title],
    [documentsText.columns.documentNumber, document.documentNumber || t.notSet],
    [documentsText.columns.year, document.year || t.notSet],
    [documentsText.columns.description, document.description || t.notSet],
    [documentsText.columns.keywords, <KeywordChips keywords={document.keywords} />],
    [documentsText.columns.accessLevel, <AccessBadge level={document.accessLevel} />],
    [filingText.securityClass, securityClassNames[document.securityClass]],
    [filingText.documentCode, document.classificationCode ? `${document.classificationCode} — ${document.classificationName}` : t.notSet],
    [documentsText.columns.category, document.category.categoryName],
    [documentsText.physicalLocation, document.physicalLocation || t.notSet],
    [documentsText.columns.size, document.fileSizeKb === null ? documentsText.physicalShort : formatKb(document.fileSizeKb)],
    [documentsText.columns.mimeType, document.mimeType || t.notSet],
    [documentsText.columns.createdAt, formatDate(document.createdAt, "DD MMMM YYYY HH:mm")],
    [documentsText.columns.uploader, document.uploader || t.notSet],
    [documentDetailText.ownerUnit, document.unitKerjaName ?? documentDetailText.noOwnerUnit],
  ];
  return (
    <div className="mx-auto max-w-4xl">
      <BackLink fallback={href("/app/documents")} />
      <PageHeader title={t.pages.documentDetail} />
      {retention.status === "STATIS" && <StatisNotice since={retention.statisSince} />}
      <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <DetailTable items={rows} testId="document-detail">
          <FileRow document={document} notice={fileNotice} />
          {textStatus && <TextStatusRow status={textStatus} />}
        </DetailTable>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        {document.canEdit && (
          <AppLink to={href("/app/documents/:uuid/update", { uuid: document.uuid })} className={buttonClass.primary} data-testid="update-document">
            {documentDetailText.update}
          </AppLink>
        )}
        {document.canDelete && (
          <PreloadLink to={`${href("/app/documents/:uuid", { uuid: document.uuid })}?dialog=delete`} preload={DeleteDocumentDialog.preload} className={buttonClass.danger} data-testid="delete-document">
            {documentDetailText.delete}
          </PreloadLink>
        )}
        {document.canRequestAccess && !openRequest && (
          <PreloadLink
            to={`${href("/app/documents/:uuid", { uuid: document.uuid })}?dialog=request`}
            preload={RequestDialog.preload}
            className={buttonClass.primary}
            data-testid="request-document"
          >
            {documentDetailText.requestAccess}
          </PreloadLink>
        )}
        {canCheckFixity && <FixityCheckButton />}
      </div>
      {fixityReport && <FixityCheckResult report={fixityReport} />}
      {openRequest && <OpenRequestNotice request={openRequest} />}
      <RetentionSection view={retention} holdRules={holdRules} reappraisalRules={reappraisalRules} />
      <BerkasSection berkas={archival.berkas} options={archival.berkasOptions} createHref={archival.createBerkasHref} hasCode={document.classificationCode} />
      {archival.vital && archival.vitalRules && <VitalSection view={archival.vital} rules={archival.vitalRules} />}
      {versions && document.hasFile && <VersionHistory versions={versions} />}
      {showRequest && requestRules && (
        <RequestDialog
          action={`${href("/app/documents/:uuid", { uuid: document.uuid })}?dialog=request`}
          closeTo={href("/app/documents/:uuid", { uuid: document.uuid })}
          rules={requestRules}
          lastResult={actionData && "fixity" in actionData ? undefined : actionData}
        />
      )}
      {confirmDelete && <DeleteDocumentDialog title={document.title} trashDays={trashDays} closeTo={href("/app/documents/:uuid", { uuid: document.uuid })} />}
    </div>
  );
}

const backToList = { to: href("/app/documents"), label: t.back };

/** 'Dokumen tidak ditemukan.' or the access message, each with a title, a heading and a way back. */
export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        403: ({ message }) => <ErrorPanel title={t.errorPage.forbiddenTitle} message={message ?? documentDetailText.noAccess} back={backToList} />,
        404: ({ message }) => <ErrorPanel title={message ?? documentDetailText.notFound} message={null} back={backToList} />,
        410: goneHandler(backToList),
      }}
    />
  );
}
