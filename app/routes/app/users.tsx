import { Link, href } from "react-router";
import { readForm } from "~/routes/helpers/form-body.server";
import type { Route } from "./+types/users";
import { DeleteDialog } from "~/components/admin/lazy-confirm-dialog";
import { userColumns } from "~/components/admin/user-columns";
import { dialogRow, useDialogParams } from "~/components/url-dialog";
import { PageHeader } from "~/components/app-shell";
import { buttonClass } from "~/components/buttons";
import { DataTable, EmptyState, FilterSelect, ListToolbar, Pagination, listHref, offsetPagination, withParams, sortOptions } from "~/components/list";
import type { SortDir } from "~/domain/list-page";
import { UserListQuerySchema, type UserSort } from "~/domain/users";
import { USER_STATUSES } from "~/domain/user-view";
import { pageMeta } from "~/lib/meta";
import { listBackHref, noDialogFor, parseCanonicalList } from "~/routes/helpers/admin-pages.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { assertPageInRange } from "~/routes/helpers/list.server";
import { deleteUser, getUser, listUsers } from "~/server/users/service.server";
import { InvalidError } from "~/domain/errors";
import { t } from "~/i18n/id";
import { users as usersText, userMessages } from "~/i18n/users";
import { pageAction } from "~/routes/helpers/page-action.server";

const m = usersText;
const BASE = href("/app/users");

export const meta = () => pageMeta({ title: t.pages.users });

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const { query, defaults, dialog } = parseCanonicalList(request, BASE, UserListQuerySchema);
  const page = await listUsers(ctx, query);
  assertPageInRange(page, BASE, defaults);
  // `?dialog=delete&user={uuid}` opens the confirm dialog over the list (no JavaScript needed).
  const uuid = dialog.get("dialog") === "delete" ? dialog.get("user") : null;
  const target = uuid && !page.data.some((user) => user.uuid === uuid) ? await getUser(ctx, uuid).catch(noDialogFor) : null;
  return {
    page,
    defaults: defaults as { sort: UserSort; dir: SortDir; size: number },
    selfId: ctx.actor.userId,
    deleteTarget: target,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const form = await readForm(request);
  // Back to the list the dialog was opened over (its URL minus the dialog).
  const back = listBackHref(request, BASE, ["dialog", "user", "index", "_data"]);
  return pageAction(
    ctx,
    async () => {
      if (form.get("intent") !== "delete") throw new InvalidError(userMessages.deleteFailed);
      await deleteUser(ctx, String(form.get("uuid") ?? ""));
      return { to: back, toast: userMessages.deleted };
    },
    { toast: { to: back, fallback: userMessages.deleteFailed } },
  );
}

export default function Users({ loaderData }: Route.ComponentProps) {
  const { page, defaults, selfId, deleteTarget } = loaderData;
  const { query } = page;
  const params = useDialogParams();
  const deleteRow = dialogRow(params.get("dialog") === "delete" ? params.get("user") : null, page.data, (user) => user.uuid, deleteTarget);
  // Nobody deletes their own account.
  const confirmDelete = deleteRow && deleteRow.id !== selfId ? deleteRow : null;
  const pageHref = (change: Parameters<typeof listHref>[2]) => listHref(BASE, query, change, defaults);
  const withDialog = (extra: Record<string, string>) => withParams(pageHref({}), extra);
  const columns = userColumns({
    offset: (page.page - 1) * page.size,
    selfId,
    deleteHref: (user) => withDialog({ dialog: "delete", user: user.uuid }),
  });
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageHeader title={t.pages.users} />
        <Link to={href("/app/users/create")} className={buttonClass.primary} data-testid="create-user">
          {m.create}
        </Link>
      </div>
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <ListToolbar action={BASE} query={query} defaults={defaults} searchPlaceholder={m.search} sorts={sortOptions(columns)}>
          <FilterSelect
            name="status"
            label={m.statusFilter}
            value={query.status}
            allLabel={m.allStatuses}
            options={USER_STATUSES.map((status) => ({ value: status, label: m.statuses[status] }))}
            testId="status-filter"
          />
        </ListToolbar>
        <DataTable
          columns={columns}
          rows={page.data}
          rowKey={(user) => user.uuid}
          sorting={{ sort: query.sort, dir: query.dir, defaults, href: (sort, dir) => pageHref({ sort, dir, page: 1 }) }}
          empty={<EmptyState resetHref={query.q || query.status ? pageHref({ q: "", status: undefined, page: 1 }) : undefined} />}
          label={t.pages.users}
          testId="users-table"
          rowTestId="user-row"
        />
        <Pagination {...offsetPagination(page, (number) => pageHref({ page: number }))} />
      </div>
      {confirmDelete && (
        <DeleteDialog
          messages={m}
          cancelTo={pageHref({})}
          fields={{ uuid: confirmDelete.uuid }}
          action={withDialog({ dialog: "delete", user: confirmDelete.uuid })}
        >
          {m.deleteConfirm(confirmDelete.username)}
        </DeleteDialog>
      )}
    </>
  );
}
