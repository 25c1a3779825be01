import type { Route } from "./+types/daftar-arsip-pdf";
import { DaftarArsipQuerySchema } from "~/domain/berkas";
import { parseListParams } from "~/domain/list-query";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { daftarArsipPdf } from "~/server/berkas/daftar-arsip.server";
import { downloadResponse } from "~/server/http/download.server";

/** The Daftar Arsip of the page's `jenis` and `unit` as PDF, rendered on request (a resource route). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { fileName, bytes } = await daftarArsipPdf(getSignedIn(context), parseListParams(DaftarArsipQuerySchema, new URL(request.url).searchParams));
  return downloadResponse(bytes as Uint8Array<ArrayBuffer>, "application/pdf", fileName);
}
