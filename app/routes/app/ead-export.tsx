import type { Route } from "./+types/ead-export";
import { EadQuerySchema } from "~/domain/api/berkas";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { orRouteError } from "~/routes/helpers/route-errors.server";
import { eadSelectionOf, exportEad } from "~/server/ead/service.server";
import { downloadResponse } from "~/server/http/download.server";

/** The EAD 2002 download of /app/penyusutan (a resource route): the same export as `GET /api/v1/export/ead`. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const query = EadQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const { body, fileName } = await orRouteError(() => exportEad(ctx, eadSelectionOf(query.success ? query.data : {})));
  return downloadResponse(body, "application/xml; charset=utf-8", fileName);
}
