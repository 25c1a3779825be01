import type { Route } from "./+types/classification-export";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { exportClassificationsCsv } from "~/server/classification/service.server";

/** The scheme as CSV, the import's columns (a resource route: no page). */
export async function loader({ context }: Route.LoaderArgs) {
  const csv = await exportClassificationsCsv(getSignedIn(context));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="klasifikasi-arsip.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
