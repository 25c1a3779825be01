import type { Route } from "./+types/disposal-berita-acara";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { openBeritaAcara } from "~/server/disposal/service.server";

/** The stored Berita Acara PDF of an executed list (a resource route: no page). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { fileName, body, size } = await openBeritaAcara(getSignedIn(context), params.uuid);
  return new Response(body, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(size),
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
