import type { Route } from "./+types/dip-csv";
import { getAppContext } from "~/routes/helpers/route-errors.server";
import { downloadResponse } from "~/server/http/download.server";
import { dipCsv } from "~/server/ppid/dip.server";

/** The whole Daftar Informasi Publik as CSV, for anyone (a resource route). */
export function loader({ context }: Route.LoaderArgs) {
  const ctx = getAppContext(context);
  return downloadResponse(dipCsv(ctx, ctx.origin), "text/csv; charset=utf-8", "daftar-informasi-publik.csv");
}
