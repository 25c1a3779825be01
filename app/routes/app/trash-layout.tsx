import type { Route } from "./+types/trash-layout";
import { requirePolicy } from "~/routes/helpers/gates.server";
import { recordMessages } from "~/i18n/records";

/**
 * The trash: Super Admin (all of it) and Satuan Kerja (its unit's documents); Viewer is refused
 * with 403 before any loader or action below this layout runs.
 */
export const middleware: Route.MiddlewareFunction[] = [requirePolicy({ type: "trash.list" }, () => recordMessages.trashDenied)];
