import { Form, Link, useNavigation } from "react-router";
import { DetailRow, DetailTable } from "~/components/detail-table";
import type { Route } from "./+types/document-detail";
import { PageHeader } from "~/components/app-shell";
import { BackLink } from "~/components/back-link";
import { buttonClass } from "~/components/buttons";
import { AccessBadge, KeywordChips } from "~/components/documents/badges";
import { DownloadLink } from "~/components/download-link";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/error-boundary";
import { lazyComponent } from "~/components/lazy-component";
import { StatusBadge } from "~/components/access-requests/status-badge";
import { TokenDownloadLink } from "~/components/access-requests/token-download-link";
import { RequestAccessSchema } from "~/domain/access-requests";
import { DomainError } from "~/domain/errors";
import { formatDate, formatKb } from "~/lib/format";
import { documentBreadcrumb } from "~/components/documents/breadcrumb";
import { pageMeta } from "~/lib/meta";
import { redirectWithFlash } from "~/server/flash-redirect.server";
import { formRules, replyWithDomainError } from "~/server/form.server";
import { getSignedIn } from "~/server/gates.server";
import { orRouteError } from "~/server/route-helpers.server";
import { deleteDocument, getDocument } from "~/server/services/documents.server";
import { openRequestForDocument, requestAccess } from "~/server/services/access-requests.server";
import { deniedMessages, t } from "~/i18n/id";
import { documents as documentsText, documentMessages } from "~/i18n/documents";
import { accessRequests as accessRequestsText, accessRequestMessages } from "~/i18n/access-requests";
import { readForm } from "~/server/form-body.server";

/** The delete confirmation and the request form open only when the URL asks (`?dialog=`): their code loads then. */
const Dialog = lazyComponent(() => import("~/components/dialog").then((module) => module.Dialog));
const RequestDialog = lazyComponent(() => import("~/components/access-requests/message-dialogs").then((module) => module.RequestDialog));

export const handle = documentBreadcrumb;

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta({ title: loaderData?.document.title ?? t.pages.documentDetail });

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const document = await orRouteError(() => getDocument(ctx, params.uuid));
  const dialog = new URL(request.url).searchParams.get("dialog");
  const confirmDelete = dialog === "delete";
  if (confirmDelete && !document.canDelete) {
    throw await redirectWithFlash(ctx, `/app/documents/${document.uuid}`, { type: "error", message: deniedMessages.deleteDocument });
  }
  // Someone who may ask sees their open request instead of the button, or the button.
  const openRequest = document.canRequestAccess ? await openRequestForDocument(ctx, document.uuid) : null;
  const showRequest = dialog === "request" && document.canRequestAccess && !openRequest;
  return {
    document,
    csrfToken: ctx.session.csrfToken,
    confirmDelete,
    openRequest,
    showRequest,
    requestRules: showRequest ? formRules(RequestAccessSchema) : null,
  };
}

/** 'Request Document': the message to the owning unit; success goes back to the list with a toast. */
async function askForAccess(ctx: ReturnType<typeof getSignedIn>, uuid: string, form: FormData) {
  const requestMessage = form.get("requestMessage");
  try {
    await requestAccess(ctx, uuid, { requestMessage: typeof requestMessage === "string" ? requestMessage : undefined });
    return redirectWithFlash(ctx, "/app/documents", { type: "success", message: accessRequestMessages.request.success });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (typeof requestMessage === "string") error.values = { requestMessage };
    if (!error.message) error.message = accessRequestMessages.request.failed;
    return replyWithDomainError(error);
  }
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const form = await readForm(request);
  if (form.get("intent") === "request") return askForAccess(ctx, params.uuid, form);
  if (form.get("intent") !== "delete") return null;
  try {
    await deleteDocument(ctx, params.uuid);
    return redirectWithFlash(ctx, "/app/documents", { type: "success", message: documentMessages.deleted });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return redirectWithFlash(ctx, error.status === 404 ? "/app/documents" : `/app/documents/${params.uuid}`, {
      type: "error",
      message: error.message || documentMessages.deleteFailed,
    });
  }
}

export default function DocumentDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { document, csrfToken, confirmDelete, openRequest, showRequest, requestRules } = loaderData;
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST" && navigation.formData?.get("intent") === "delete";
  const rows: [string, React.ReactNode][] = [
    [documentsText.columns.title, document.title],
    [documentsText.columns.documentNumber, document.documentNumber || t.notSet],
    [documentsText.columns.year, document.year || t.notSet],
    [documentsText.columns.description, document.description || t.notSet],
    [documentsText.columns.keywords, <KeywordChips keywords={document.keywords} />],
    [documentsText.columns.accessLevel, <AccessBadge level={document.accessLevel} />],
    [documentsText.columns.category, document.category.categoryName],
    [documentsText.columns.size, formatKb(document.fileSizeKb)],
    [documentsText.columns.mimeType, document.mimeType || t.notSet],
    [documentsText.columns.createdAt, formatDate(document.createdAt, "DD MMMM YYYY HH:mm")],
    [documentsText.columns.uploader, document.uploader || t.notSet],
  ];
  return (
    <div className="mx-auto max-w-4xl">
      <BackLink fallback="/app/documents" />
      <PageHeader title={t.pages.documentDetail} />
      <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <DetailTable items={rows} testId="document-detail">
          {document.canOpenFile && (
            <DetailRow label={documentsText.columns.file} testId="file-row" valueClassName="flex flex-wrap items-center gap-2">
              <span className="text-slate-600">{document.fileName}</span>
              <a href={document.previewUrl!} target="_blank" rel="noopener noreferrer" className={buttonClass.secondary}>
                {documentsText.viewDocument}
              </a>
              <DownloadLink document={document} className={buttonClass.primary}>
                {documentsText.actions.download}
              </DownloadLink>
            </DetailRow>
          )}
        </DetailTable>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        {document.canEdit && (
          <Link to={`/app/documents/${document.uuid}/update`} className={buttonClass.primary} data-testid="update-document">
            {documentsText.update}
          </Link>
        )}
        {document.canDelete && (
          <Link to={`/app/documents/${document.uuid}?dialog=delete`} className={buttonClass.danger} data-testid="delete-document">
            {documentsText.delete}
          </Link>
        )}
        {document.canRequestAccess && !openRequest && (
          <Link to={`/app/documents/${document.uuid}?dialog=request`} preventScrollReset className={buttonClass.primary} data-testid="request-document">
            {accessRequestsText.request.button}
          </Link>
        )}
      </div>
      {openRequest && (
        <div className="mt-4 flex flex-wrap items-center gap-2 rounded-lg bg-white p-4 text-sm ring-1 ring-slate-200" data-testid="open-request">
          <span>{accessRequestsText.request.openState}</span>
          <StatusBadge status={openRequest.status} />
          {openRequest.canDownload && <TokenDownloadLink request={openRequest}>{accessRequestsText.rowActions.download}</TokenDownloadLink>}
          <Link to="/app/access-request" className="font-medium text-blue-700 hover:underline">
            {accessRequestsText.request.viewStatus}
          </Link>
        </div>
      )}
      {showRequest && requestRules && (
        <RequestDialog
          action={`/app/documents/${document.uuid}?dialog=request`}
          closeTo={`/app/documents/${document.uuid}`}
          csrfToken={csrfToken}
          rules={requestRules}
          lastResult={actionData}
        />
      )}
      {confirmDelete && (
        <Dialog title={documentsText.deleteTitle} status="error" closeTo={`/app/documents/${document.uuid}`} testId="delete-dialog">
          <p>{documentsText.deleteConfirm(document.title)}</p>
          <Form method="post" className="mt-5 flex justify-end gap-2">
            <input type="hidden" name="_csrf" value={csrfToken} />
            <Link to={`/app/documents/${document.uuid}`} replace className={buttonClass.secondary}>
              {documentsText.cancel}
            </Link>
            <button type="submit" name="intent" value="delete" className={buttonClass.danger} disabled={deleting}>
              {deleting ? documentsText.deleting : documentsText.confirmDelete}
            </button>
          </Form>
        </Dialog>
      )}
    </div>
  );
}

const backToList = { to: "/app/documents", label: t.back };

/** 'Dokumen tidak ditemukan.' or the access message, each with a title, a heading and a way back. */
export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        403: ({ message }) => <ErrorPanel title={t.errorPage.forbiddenTitle} message={message ?? documentsText.noAccess} back={backToList} />,
        404: ({ message }) => <ErrorPanel title={message ?? documentsText.notFound} message={null} back={backToList} />,
      }}
    />
  );
}
