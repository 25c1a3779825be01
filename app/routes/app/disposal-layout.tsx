import type { Route } from "./+types/disposal-layout";
import { requirePolicy } from "~/routes/helpers/gates.server";
import { disposalMessages } from "~/i18n/disposal";

/**
 * Penyusutan: Super Admin (everything) and Satuan Kerja (its unit's candidates and lists,
 * read-only); Viewer is refused with 403 before any loader or action below this layout runs. The
 * services check the same policy again, and who may change a list.
 */
export const middleware: Route.MiddlewareFunction[] = [requirePolicy({ type: "disposal.view" }, () => disposalMessages.denied)];
