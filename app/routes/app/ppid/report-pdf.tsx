import type { Route } from "./+types/report-pdf";
import { reportDownload } from "~/routes/helpers/ppid-report.server";

/** The annual report or a register of `?tahun=` as PDF, rendered on request (a resource route; officers, by the layout). */
export const loader = ({ context, request, params }: Route.LoaderArgs) => reportDownload(context, request, params.report, "pdf");
