import { Outlet } from "react-router";
import type { Route } from "./+types/app-layout";
import { AppShell } from "~/components/app-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getSignedIn, requireSession } from "~/routes/helpers/gates.server";
import { pendingForUnitRead } from "~/server/access-requests/service.server";
import { unreadNotificationsRead } from "~/server/notifications/service.server";
import { readTogether } from "~/server/db/prepared.server";
import { useRootData } from "~/root";

/**
 * Everything under /app needs a session: this gate runs before every loader and action of the
 * subtree; without a session the user lands on / (a redirect replaces history). Loaders read
 * the signed-in context with `getSignedIn(context)`.
 */
export const middleware: Route.MiddlewareFunction[] = [requireSession];

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** The sidebar's count of PENDING requests addressed to the user's unit and the bell's unread count (server-rendered), in one D1 round trip. */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const [pendingAccessRequests, unreadNotifications] = await readTogether(ctx.d1, pendingForUnitRead(ctx), unreadNotificationsRead(ctx));
  return { pendingAccessRequests, unreadNotifications };
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  return (
    <AppShell user={root?.user ?? null} pendingAccessRequests={loaderData.pendingAccessRequests} unreadNotifications={loaderData.unreadNotifications}>
      <Outlet />
    </AppShell>
  );
}

/** Errors of pages under /app render inside the layout, so navigation stays available. */
export function ErrorBoundary() {
  const root = useRootData();
  return (
    <AppShell user={root?.user ?? null}>
      <GeneralErrorBoundary />
    </AppShell>
  );
}
