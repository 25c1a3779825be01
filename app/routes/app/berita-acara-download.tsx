import type { Route } from "./+types/berita-acara-download";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { orRouteError } from "~/routes/helpers/route-errors.server";
import { openBeritaAcaraPdf } from "~/server/disposal/berita-acara.server";
import { fileResponse } from "~/server/http/file-response.server";

/**
 * A stored Berita Acara's PDF for staff (a resource route: no page). Who may have it is the
 * service's policy (`beritaAcara.download`); the shared file helper answers ranges and ETags.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const grant = await orRouteError(() => openBeritaAcaraPdf(ctx, params.uuid));
  return fileResponse(ctx.files, grant, {
    range: request.headers.get("range"),
    ifNoneMatch: request.headers.get("if-none-match"),
    head: request.method === "HEAD",
  });
}
