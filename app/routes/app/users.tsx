import { href } from "react-router";
import type { Route } from "./+types/users";
import { lazyComponent } from "~/components/lazy-component";
import { userColumns } from "~/components/admin/user-columns";
import { useDeleteFromList } from "~/components/admin/delete-from-list";
import { OffsetListCard, pagedList } from "~/components/list-card";
import { PageHeader } from "~/components/app-shell";
import { buttonClass } from "~/components/buttons";
import { EmptyState, FilterSelect } from "~/components/list";
import type { SortDir } from "~/domain/list-page";
import { UserListQuerySchema, type UserSort } from "~/domain/users";
import { USER_STATUSES } from "~/domain/user-view";
import { pageMeta } from "~/lib/meta";
import { dialogRowOffPage } from "~/routes/helpers/admin-pages.server";
import { deleteFromListAction } from "~/routes/helpers/page-action.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { loadListPage } from "~/routes/helpers/list.server";
import { deleteUser, getUser, listUsers } from "~/server/users/service.server";
import { users as usersText, userMessages } from "~/i18n/users";
import { AppLink } from "~/components/app-link";

/** The confirmation opens when its URL asks (`?dialog=…`): its code loads then. */
const DeleteDialog = lazyComponent(() => import("~/components/admin/confirm-dialog").then((module) => module.DeleteDialog));

const m = usersText;
const BASE = href("/app/users");
const uuidOf = (user: { uuid: string }) => user.uuid;

export const meta = () => pageMeta({ title: m.title });

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const { page, defaults, dialog } = await loadListPage(request, BASE, UserListQuerySchema, (query) => listUsers(ctx, query));
  // `?dialog=delete&user={uuid}` opens the confirm dialog over the list (no JavaScript needed).
  return {
    page,
    defaults: defaults as { sort: UserSort; dir: SortDir; size: number },
    selfId: ctx.actor.userId,
    deleteTarget: await dialogRowOffPage(dialog, { dialogs: ["delete"], param: "user" }, page.data, uuidOf, (uuid) => getUser(ctx, uuid)),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  return deleteFromListAction(ctx, request, {
    basePath: BASE,
    param: "user",
    field: "uuid",
    wrongIntent: userMessages.deleteFailed,
    remove: async (uuid) => {
      await deleteUser(ctx, uuid);
      return userMessages.deleted;
    },
    failure: (back) => ({ toast: { to: back, fallback: userMessages.deleteFailed } }),
  });
}

export default function Users({ loaderData }: Route.ComponentProps) {
  const { page, defaults, selfId, deleteTarget } = loaderData;
  const { query } = page;
  const list = pagedList(BASE, page, defaults);
  const { pageHref } = list;
  const { deleteHref, confirming } = useDeleteFromList({ pageHref, param: "user", rows: page.data, idOf: uuidOf, loaded: deleteTarget });
  // Nobody deletes their own account.
  const confirmDelete = confirming && confirming.id !== selfId ? confirming : null;
  const columns = userColumns({ offset: (page.page - 1) * page.size, selfId, deleteHref });
  return (
    <>
      <PageHeader
        title={m.title}
        actions={
          <AppLink to={href("/app/users/create")} className={buttonClass.primary} data-testid="create-user">
            {m.create}
          </AppLink>
        }
      />
      <OffsetListCard
        list={list}
        columns={columns}
        rowKey={uuidOf}
        sorting={{ sort: query.sort, dir: query.dir, defaults }}
        searchPlaceholder={m.search}
        filters={
          <FilterSelect
            name="status"
            label={m.statusFilter}
            value={query.status}
            allLabel={m.allStatuses}
            options={USER_STATUSES.map((status) => ({ value: status, label: m.statuses[status] }))}
            testId="status-filter"
          />
        }
        empty={<EmptyState resetHref={query.q || query.status ? pageHref({ q: "", status: undefined, page: 1 }) : undefined} />}
        label={m.title}
        testId="users-table"
        rowTestId="user-row"
      />
      {confirmDelete && (
        <DeleteDialog messages={m} cancelTo={pageHref({})} fields={{ uuid: confirmDelete.uuid }} action={deleteHref(confirmDelete)}>
          {m.deleteConfirm(confirmDelete.username)}
        </DeleteDialog>
      )}
    </>
  );
}
