import { Form, href } from "react-router";
import { readForm } from "~/routes/helpers/form-body.server";
import { DetailTable } from "~/components/detail-table";
import type { Route } from "./+types/user-detail";
import { lazyComponent } from "~/components/lazy-component";
import { useDialogParams } from "~/components/url-dialog";
import { UserErrorBoundary } from "~/components/admin/user-error-boundary";
import { PageHeader } from "~/components/app-shell";
import { BackLink } from "~/components/back-link";
import { buttonClass } from "~/components/buttons";
import { InvalidError } from "~/domain/errors";
import { formatDate } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { userBreadcrumb } from "~/routes/helpers/detail-breadcrumbs";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { orRouteError } from "~/routes/helpers/route-errors.server";
import { deleteUser, getUser, revokeUserSessions, updateUser } from "~/server/users/service.server";
import { CsrfField } from "~/components/form/csrf-field";
import { EndSessionsSchema } from "~/domain/users";
import { parseOrInvalid } from "~/domain/form-input";
import { t } from "~/i18n/id";
import { userDetail } from "~/i18n/user-detail";
import { userMessages } from "~/i18n/users";
import { pageAction } from "~/routes/helpers/page-action.server";
import { AppLink } from "~/components/app-link";

/** The confirmation opens when its URL asks (`?dialog=…`): its code loads then. */
const ConfirmDialog = lazyComponent(() => import("~/components/admin/confirm-dialog").then((module) => module.ConfirmDialog));
const DeleteDialog = lazyComponent(() => import("~/components/admin/confirm-dialog").then((module) => module.DeleteDialog));

const u = userDetail;
const d = u.detail;

export const handle = userBreadcrumb;

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta({ title: loaderData?.user.fullName ?? t.pages.userDetail });

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const user = await orRouteError(() => getUser(ctx, params.uuid));
  return { user, isSelf: user.id === ctx.actor.userId };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const form = await readForm(request);
  const intent = form.get("intent");
  const here = href("/app/users/:uuid", { uuid: params.uuid });
  const list = href("/app/users");
  return pageAction(
    ctx,
    async () => {
      if (intent === "delete") {
        await deleteUser(ctx, params.uuid);
        return { to: list, toast: userMessages.deleted };
      }
      if (intent === "end-sessions") {
        const { endApiTokens } = parseOrInvalid(EndSessionsSchema, { endApiTokens: form.get("endApiTokens") });
        const { revoked, apiTokensRevoked } = await revokeUserSessions(ctx, params.uuid, { endApiTokens });
        return { to: here, toast: endApiTokens ? userMessages.sessionsAndTokensEnded(revoked, apiTokensRevoked) : userMessages.sessionsEnded(revoked) };
      }
      if (intent === "deactivate" || intent === "activate") {
        await updateUser(ctx, params.uuid, { active: intent === "activate" });
        return { to: here, toast: intent === "activate" ? userMessages.activated : userMessages.deactivated };
      }
      throw new InvalidError(userMessages.deleteFailed);
    },
    (error) => ({
      toast: { to: error.status === 404 ? list : here, fallback: FAILED[String(intent)] ?? userMessages.deleteFailed },
    }),
  );
}

/** What a refused action of this page says when the refusal has no message of its own. */
const FAILED: Record<string, string> = {
  delete: userMessages.deleteFailed,
  "end-sessions": userMessages.endSessionsFailed,
  deactivate: userMessages.deactivateFailed,
  activate: userMessages.activateFailed,
};

export default function UserDetail({ loaderData }: Route.ComponentProps) {
  const { user, isSelf } = loaderData;
  // `?dialog=delete` and `?dialog=deactivate` (never one's own account) and `?dialog=end-sessions`, from the URL (see url-dialog).
  const requested = useDialogParams().get("dialog");
  const dialog = (requested === "delete" || requested === "deactivate") && !isSelf ? requested : requested === "end-sessions" ? "end-sessions" : null;
  const here = href("/app/users/:uuid", { uuid: user.uuid });
  const rows: [string, React.ReactNode][] = [
    [d.uuid, <code className="break-all text-xs">{user.uuid}</code>],
    [d.fullName, user.fullName],
    [d.username, user.username],
    [d.email, user.email || t.notSet],
    [d.role, user.role.roleName],
    [d.unitKerja, user.unitKerja?.nama ?? "-"],
    [d.createdAt, formatDate(user.createdAt, "DD MMMM YYYY HH:mm")],
    [d.updatedAt, formatDate(user.updatedAt, "DD MMMM YYYY HH:mm")],
    [
      u.status,
      user.active ? (
        <span data-testid="user-status">{u.active}</span>
      ) : (
        <span className="inline-block rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800" data-testid="user-status">
          {user.deactivatedAt ? u.inactiveSince(formatDate(user.deactivatedAt, "DD MMMM YYYY HH:mm")) : u.inactive}
        </span>
      ),
    ],
    [d.activeSessions, <span data-testid="active-sessions">{u.activeSessions(user.activeSessions)}</span>],
    [d.activeApiTokens, <span data-testid="active-api-tokens">{u.activeApiTokens(user.activeApiTokens)}</span>],
  ];
  return (
    <div className="mx-auto max-w-4xl">
      <BackLink fallback={href("/app/users")} />
      <PageHeader title={t.pages.userDetail} />
      <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <DetailTable items={rows} testId="user-detail" />
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <AppLink to={`${here}/update`} className={buttonClass.primary} data-testid="update-user">
          {u.update}
        </AppLink>
        {!isSelf && (
          <AppLink to={`${here}?dialog=delete`} className={buttonClass.danger} data-testid="delete-user">
            {u.delete}
          </AppLink>
        )}
        <AppLink to={`${here}?dialog=end-sessions`} className={buttonClass.secondary} data-testid="end-sessions">
          {u.endSessions}
        </AppLink>
        {!isSelf && user.active && (
          <AppLink to={`${here}?dialog=deactivate`} className={buttonClass.secondary} data-testid="deactivate-user">
            {u.deactivate}
          </AppLink>
        )}
        {!user.active && (
          <Form method="post">
            <CsrfField />
            <button type="submit" name="intent" value="activate" className={buttonClass.secondary} data-testid="activate-user">
              {u.activate}
            </button>
          </Form>
        )}
      </div>
      {dialog === "delete" && (
        <DeleteDialog
          messages={u}
          cancelTo={here}
        >
          {u.deleteConfirm(user.username)}
        </DeleteDialog>
      )}
      {dialog === "end-sessions" && (
        <ConfirmDialog
          title={u.endSessionsTitle}
          cancelTo={here}
          cancelLabel={u.cancel}
          confirmLabel={u.endSessionsAction}
          busyLabel={t.loading}
          intent="end-sessions"
          testId="end-sessions-dialog"
          inputs={
            user.activeApiTokens > 0 && (
              <label className="flex items-start gap-2 text-sm">
                <input type="checkbox" name="endApiTokens" className="mt-1 h-4 w-4" data-testid="end-api-tokens" />
                <span>{u.endApiTokens(user.activeApiTokens)}</span>
              </label>
            )
          }
        >
          {u.endSessionsConfirm(user.username)}
        </ConfirmDialog>
      )}
      {dialog === "deactivate" && (
        <ConfirmDialog
          title={u.deactivateTitle}
          cancelTo={here}
          cancelLabel={u.cancel}
          confirmLabel={u.deactivateAction}
          busyLabel={u.deactivating}
          intent="deactivate"
          testId="deactivate-dialog"
        >
          {u.deactivateConfirm(user.fullName)}
        </ConfirmDialog>
      )}
    </div>
  );
}

export const ErrorBoundary = UserErrorBoundary;
