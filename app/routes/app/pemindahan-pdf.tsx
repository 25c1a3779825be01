import type { Route } from "./+types/pemindahan-pdf";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { orRouteError } from "~/routes/helpers/route-errors.server";
import { fileResponse } from "~/server/http/file-response.server";
import { openTransferBeritaAcara } from "~/server/transfers/service.server";

/** The stored Berita Acara Pemindahan (a resource route; the shared file helper answers ranges and ETags). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const grant = await orRouteError(() => openTransferBeritaAcara(ctx, params.uuid));
  return fileResponse(ctx.files, grant, { range: request.headers.get("range"), ifNoneMatch: request.headers.get("if-none-match"), head: request.method === "HEAD" });
}
