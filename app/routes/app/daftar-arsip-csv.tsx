import type { Route } from "./+types/daftar-arsip-csv";
import { DaftarArsipQuerySchema } from "~/domain/berkas";
import { parseListParams } from "~/domain/list-query";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { daftarArsipCsv } from "~/server/berkas/daftar-arsip.server";
import { downloadResponse } from "~/server/http/download.server";

/** The Daftar Arsip of the page's `jenis` and `unit` as CSV (a resource route). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { fileName, body } = await daftarArsipCsv(getSignedIn(context), parseListParams(DaftarArsipQuerySchema, new URL(request.url).searchParams));
  return downloadResponse(body, "text/csv; charset=utf-8", fileName);
}
