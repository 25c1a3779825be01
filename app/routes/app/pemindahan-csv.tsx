import type { Route } from "./+types/pemindahan-csv";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { orRouteError } from "~/routes/helpers/route-errors.server";
import { downloadResponse } from "~/server/http/download.server";
import { transferListCsv } from "~/server/transfers/service.server";

/** The Daftar Arsip yang Dipindahkan of a proposal as CSV (a resource route). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { fileName, body } = await orRouteError(() => transferListCsv(getSignedIn(context), params.uuid));
  return downloadResponse(body, "text/csv; charset=utf-8", fileName);
}
