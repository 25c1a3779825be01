import type { RouterContextProvider } from "react-router";
import { NotFoundError } from "~/domain/errors";
import { parseOrInvalid } from "~/domain/form-input";
import { REPORT_FILES, type ReportFile } from "~/domain/ppid/reports";
import { ReportYearSchema } from "~/domain/ppid/requests";
import { ppidReports } from "~/i18n/ppid/reports";
import { downloadResponse } from "~/server/http/download.server";
import { reportFile, reportYearOr } from "~/server/ppid/reports.server";
import { getSignedIn } from "./gates.server";
import { orRouteError } from "./route-errors.server";

/** The year of a PPID report page or download: `?tahun=`, or this year in Asia/Jakarta. */
export function reportYearOf(ctx: Parameters<typeof reportYearOr>[0], request: Request): number {
  return reportYearOr(ctx, parseOrInvalid(ReportYearSchema, { year: new URL(request.url).searchParams.get("tahun") ?? undefined }).year);
}

/** `/app/ppid/{laporan|permohonan|keberatan}/unduh.{csv|pdf}?tahun=` as a download. */
export function reportDownload(context: Readonly<RouterContextProvider>, request: Request, report: string, format: "csv" | "pdf"): Promise<Response> {
  const ctx = getSignedIn(context);
  return orRouteError(async () => {
    if (!(REPORT_FILES as readonly string[]).includes(report)) throw new NotFoundError(ppidReports.notFound);
    const file = await reportFile(ctx, report as ReportFile, format, reportYearOf(ctx, request));
    return "body" in file
      ? downloadResponse(file.body, "text/csv; charset=utf-8", file.fileName)
      : downloadResponse(file.bytes as Uint8Array<ArrayBuffer>, "application/pdf", file.fileName);
  });
}
