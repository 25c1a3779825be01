import { Form, href } from "react-router";
import { CsrfField } from "~/components/form/csrf-field";
import type { Column } from "~/components/list";
import type { NotificationView } from "~/domain/notifications";
import { notifications as text } from "~/i18n/notifications";
import { formatDate } from "~/lib/format";
import { AppLink } from "~/components/app-link";

/**
 * A notification per row: its title (opening it marks it read), one line of context, when, and
 * 'Tandai dibaca' while unread.
 */
export function notificationColumns(): Column<NotificationView>[] {
  return [
    {
      key: "title",
      header: text.columns.notification,
      width: "62%",
      card: "title",
      cell: (row) => (
        <span className="block">
          {!row.readAt && <span className="mr-2 rounded bg-blue-100 px-1.5 py-0.5 text-xs font-semibold text-blue-900">{text.unreadBadge}</span>}
          <AppLink
            to={href("/app/notifikasi/:id", { id: row.id })}
            discover={false}
            className={`text-blue-800 underline-offset-2 hover:underline ${row.readAt ? "" : "font-semibold"}`}
            data-testid="notification-open"
          >
            {row.title}
          </AppLink>
          <span className="mt-1 block text-sm text-slate-700">{row.body}</span>
        </span>
      ),
    },
    { key: "createdAt", header: text.columns.createdAt, width: "20%", cell: (row) => formatDate(row.createdAt, "DD MMMM YYYY HH:mm") },
    {
      key: "actions",
      header: text.columns.actions,
      width: "18%",
      card: "actions",
      cell: (row) =>
        row.readAt ? (
          <span className="text-sm text-slate-600">{text.read}</span>
        ) : (
          <Form method="post" className="inline">
            <CsrfField />
            <input type="hidden" name="id" value={row.id} />
            <button type="submit" name="intent" value="read" className="text-blue-700" data-testid="mark-read">
              {text.markRead}
            </button>
          </Form>
        ),
    },
  ];
}
