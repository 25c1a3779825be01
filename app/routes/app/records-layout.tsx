import type { Route } from "./+types/records-layout";
import { requirePolicy } from "~/routes/helpers/gates.server";
import { berkasMessages } from "~/i18n/berkas";

/**
 * Berkas, the Daftar Arsip and pemindahan: Super Admin and Satuan Kerja; Viewer is refused with
 * 403 before any loader or action below this layout runs. The services decide the rest (a unit's
 * own berkas, the records centre's part, who may change what).
 */
export const middleware: Route.MiddlewareFunction[] = [requirePolicy({ type: "berkas.list" }, () => berkasMessages.denied)];
