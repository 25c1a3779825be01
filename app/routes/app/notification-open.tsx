import { redirect } from "react-router";
import type { Route } from "./+types/notification-open";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { orRouteError } from "~/routes/helpers/route-errors.server";
import { markNotificationRead } from "~/server/notifications/service.server";

/**
 * Opening a notification (its title's link): it is marked read and the user goes to the thing
 * itself. A link, so it works without JavaScript; only the user's own notification is found.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const notification = await orRouteError(() => markNotificationRead(getSignedIn(context), params.id));
  // Only paths of this app (composed by the server) are followed.
  throw redirect(notification.link.startsWith("/") && !notification.link.startsWith("//") ? notification.link : "/app/notifikasi");
}

/**
 * Never rendered (the loader always redirects or refuses); having a component makes this a page
 * route, so an unknown or foreign notification answers the app's HTML 404 page, not JSON.
 */
export default function NotificationOpen() {
  return null;
}
