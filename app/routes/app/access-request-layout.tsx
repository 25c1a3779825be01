import type { Route } from "./+types/access-request-layout";
import { requirePolicy } from "~/routes/helpers/gates.server";
import { t } from "~/i18n/id";

/**
 * Access-request screens: everyone who may list requests (every role except Viewer); every route
 * inside is gated here. Super Admin is let in (the service shows them every request and lets
 * them answer and revoke any), although the sidebar shows the entry to the other roles only.
 */
export const middleware: Route.MiddlewareFunction[] = [requirePolicy({ type: "accessRequest.list" }, () => t.denied.page)];
