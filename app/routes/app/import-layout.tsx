import type { Route } from "./+types/import-layout";
import { requirePolicy } from "~/routes/helpers/gates.server";
import { importMessages } from "~/i18n/imports";

/**
 * Impor: Super Admin (into any unit) and Satuan Kerja (into its own unit); anyone else is refused
 * with 403 before any loader or action below this layout runs.
 */
export const middleware: Route.MiddlewareFunction[] = [requirePolicy({ type: "import.manage" }, () => importMessages.denied)];
