import type { Route } from "./+types/disposal-list-csv";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { orRouteError } from "~/routes/helpers/route-errors.server";
import { disposalListCsv } from "~/server/disposal/service.server";

/**
 * The list as CSV (a resource route: no page); Usul Serah with ISAD(G)-style columns. A list the
 * user may not see, or none, answers 404 as the list's page does.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const { fileName, body } = await orRouteError(() => disposalListCsv(ctx, params.uuid));
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
