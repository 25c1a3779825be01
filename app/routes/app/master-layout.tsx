import type { Route } from "./+types/master-layout";
import { requirePolicy } from "~/routes/helpers/gates.server";
import { deniedMessages, t } from "~/i18n/id";

/**
 * The Master screens (users, work units, audit log): Super Admin only. Any route placed inside
 * this layout in app/routes.ts is refused to everyone else with 403 and the SPEC text, before
 * its loader or action runs. (The route pattern only picks the SPEC text; it decides nothing.)
 */
export const middleware: Route.MiddlewareFunction[] = [
  requirePolicy({ type: "master.menu" }, (pattern) => (/^\/?app\/audit-logs(\/|$)/.test(pattern) ? deniedMessages.auditLog : t.denied.page)),
];
