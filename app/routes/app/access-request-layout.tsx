import type { Route } from "./+types/access-request-layout";
import { requirePolicy } from "~/server/gates.server";
import { t } from "~/i18n/id";

/** Access-request screens: Satuan Kerja only (SPEC section 6); every route inside is gated here. */
export const middleware: Route.MiddlewareFunction[] = [requirePolicy({ type: "accessRequest.menu" }, () => t.denied.page)];
