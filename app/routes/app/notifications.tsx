import { Form, href } from "react-router";
import type { Route } from "./+types/notifications";
import { PageHeader } from "~/components/app-shell";
import { buttonClass } from "~/components/buttons";
import { CsrfField } from "~/components/form/csrf-field";
import { DataTable, EmptyState, Pagination, listHref, offsetPagination } from "~/components/list";
import { notificationColumns } from "~/components/notifications/notification-columns";
import { InvalidError } from "~/domain/errors";
import type { SortDir } from "~/domain/list-page";
import { NotificationListQuerySchema } from "~/domain/notification-schemas";
import { notifications as text } from "~/i18n/notifications";
import { pageMeta } from "~/lib/meta";
import { listBackHref } from "~/routes/helpers/admin-pages.server";
import { readForm } from "~/routes/helpers/form-body.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { loadListPage } from "~/routes/helpers/list.server";
import { pageAction } from "~/routes/helpers/page-action.server";
import { listNotifications, markAllNotificationsRead, markNotificationRead } from "~/server/notifications/service.server";
import { AppLink } from "~/components/app-link";

const BASE = href("/app/notifikasi");

export const meta = () => pageMeta({ title: text.title });

/** The signed-in user's notifications, newest first: unread by default (`?status=all` for every one). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const { page, defaults } = await loadListPage(request, BASE, NotificationListQuerySchema, (query) => listNotifications(ctx, query));
  return { page, defaults: defaults as { sort: "createdAt"; dir: SortDir; size: number; status: "unread" | "all" } };
}

/** 'Tandai dibaca' (`intent=read`, `id`) and 'Tandai semua dibaca' (`intent=read-all`): back to the same page. */
export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const form = await readForm(request);
  const back = listBackHref(request, BASE, []);
  return pageAction(
    ctx,
    async () => {
      const intent = form.get("intent");
      if (intent === "read") {
        await markNotificationRead(ctx, String(form.get("id") ?? ""));
        return { to: back, toast: text.markedRead };
      }
      if (intent === "read-all") return { to: back, toast: text.markedAllRead(await markAllNotificationsRead(ctx)) };
      throw new InvalidError(text.notFound);
    },
    { toast: { to: back } },
  );
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { page, defaults } = loaderData;
  const { query } = page;
  const pageHref = (change: Parameters<typeof listHref>[2]) => listHref(BASE, query, change, defaults);
  const tab = (status: "unread" | "all") => (
    <AppLink
      to={pageHref({ status, page: 1 })}
      aria-current={query.status === status ? "page" : undefined}
      className={`rounded-lg px-3 py-2 text-sm font-medium ${query.status === status ? "bg-blue-700 text-white" : "text-blue-800 hover:bg-slate-100"}`}
      data-testid={`notifications-filter-${status}`}
    >
      {text.filter[status]}
    </AppLink>
  );
  return (
    <>
      <PageHeader title={text.title} description={text.description} />
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 p-4">
          <nav aria-label={text.title} className="flex gap-2">
            {tab("unread")}
            {tab("all")}
          </nav>
          <span className="text-sm text-slate-700" data-testid="unread-count">
            {text.unreadSummary(page.unreadCount)}
          </span>
          <div className="ml-auto flex flex-wrap gap-2">
            {page.unreadCount > 0 && (
              <Form method="post">
                <CsrfField />
                <button type="submit" name="intent" value="read-all" className={buttonClass.secondary} data-testid="mark-all-read">
                  {text.markAllRead}
                </button>
              </Form>
            )}
            <AppLink to={href("/app/notifikasi/pengaturan")} className={buttonClass.secondary} data-testid="notification-settings-link">
              {text.settingsLink}
            </AppLink>
          </div>
        </div>
        <DataTable
          columns={notificationColumns()}
          rows={page.data}
          rowKey={(row) => row.id}
          empty={<EmptyState>{text.empty[query.status]}</EmptyState>}
          label={text.title}
          testId="notifications-table"
          rowTestId="notification-row"
        />
        <Pagination {...offsetPagination(page, (number) => pageHref({ page: number }))} />
      </div>
    </>
  );
}
