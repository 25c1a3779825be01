import type { Route } from "./+types/disposal-list-csv";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { disposalListCsv } from "~/server/disposal/service.server";

/** The list as CSV (a resource route: no page); Usul Serah with ISAD(G)-style columns. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { fileName, body } = await disposalListCsv(getSignedIn(context), params.uuid);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
