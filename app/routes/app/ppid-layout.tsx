import type { Route } from "./+types/ppid-layout";
import { requirePolicy } from "~/routes/helpers/gates.server";
import { ppidDenied } from "~/i18n/ppid/denied";

/**
 * The PPID desk: designated officers, the atasan PPID and Super Admin. Everyone else is refused
 * with 403 before any loader or action below this layout runs.
 */
export const middleware: Route.MiddlewareFunction[] = [requirePolicy({ type: "ppid.desk" }, () => ppidDenied.officer)];
