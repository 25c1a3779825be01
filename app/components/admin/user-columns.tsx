import { href } from "react-router";
import type { Column } from "~/components/list";
import type { UserSort, UserView } from "~/domain/users";
import { formatDate } from "~/lib/format";
import { users as usersText } from "~/i18n/users";
import { AppLink } from "~/components/app-link";

const c = usersText.columns;
const a = usersText.actions;

/**
 * The users table (SPEC order: No, Nama Lengkap, Username, Email, Peran, Terakhir Diperbarui,
 * then the actions), with 'Nonaktif' beside a deactivated account's name. `offset` numbers rows
 * across pages; `deleteHref` opens the confirm dialog over the list; `selfId` is the signed-in
 * admin, whose own row offers no Delete.
 */
export function userColumns({
  offset,
  deleteHref,
  selfId,
}: {
  offset: number;
  deleteHref: (user: UserView) => string;
  selfId: number;
}): Column<UserView, UserSort>[] {
  return [
    { key: "no", header: c.no, width: "5%", card: "hidden", cell: (_, index) => offset + index + 1 },
    {
      key: "fullName",
      header: c.fullName,
      sort: "fullName",
      width: "20%",
      card: "title",
      cell: (user) => (
        <>
          <AppLink to={href("/app/users/:uuid", { uuid: user.uuid })} discover={false} className="dt-title">
            {user.fullName}
          </AppLink>
          {!user.active && (
            <span className="ml-1 inline-block rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800" data-testid="user-status">
              {usersText.statuses.NONAKTIF}
            </span>
          )}
        </>
      ),
    },
    { key: "username", header: c.username, sort: "username", width: "14%", cell: (user) => user.username },
    { key: "email", header: c.email, sort: "email", width: "18%", cell: (user) => user.email || "-" },
    { key: "role", header: c.role, sort: "role", width: "12%", cell: (user) => user.role.roleName },
    { key: "updatedAt", header: c.updatedAt, sort: "updatedAt", width: "16%", cell: (user) => formatDate(user.updatedAt, "DD MMMM YYYY HH:mm:ss") },
    {
      key: "actions",
      header: c.actions,
      width: "15%",
      card: "actions",
      cell: (user) => (
        <span className="dt-actions">
          <AppLink to={href("/app/users/:uuid", { uuid: user.uuid })} discover={false} className="text-blue-700">
            {a.view}
          </AppLink>
          <AppLink to={href("/app/users/:uuid/update", { uuid: user.uuid })} discover={false} className="text-amber-700">
            {a.edit}
          </AppLink>
          {user.id !== selfId && (
            <a href={deleteHref(user)} className="text-red-700" data-testid="delete-user">
              {a.delete}
            </a>
          )}
        </span>
      ),
    },
  ];
}
