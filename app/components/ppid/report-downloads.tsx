import { href } from "react-router";
import { buttonClass } from "~/components/buttons";
import type { ReportFile } from "~/domain/ppid/reports";
import { ppidReportDownloads } from "~/i18n/ppid/report-downloads";

const r = ppidReportDownloads;

const DOWNLOADS: { report: ReportFile; format: "csv" | "pdf"; label: string }[] = [
  { report: "laporan", format: "csv", label: r.reportCsv },
  { report: "laporan", format: "pdf", label: r.reportPdf },
  { report: "permohonan", format: "csv", label: r.requestsCsv },
  { report: "permohonan", format: "pdf", label: r.requestsPdf },
  { report: "keberatan", format: "csv", label: r.objectionsCsv },
  { report: "keberatan", format: "pdf", label: r.objectionsPdf },
];

/** The links of the year's downloads: the annual report and both registers, CSV and PDF. */
export function ReportDownloads({ year, only }: { year: number; only?: ReportFile[] }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {DOWNLOADS.filter((download) => !only || only.includes(download.report)).map(({ report, format, label }) => (
        <li key={`${report}.${format}`}>
          <a
            href={`${href(format === "csv" ? "/app/ppid/:report/unduh.csv" : "/app/ppid/:report/unduh.pdf", { report })}?tahun=${year}`}
            className={buttonClass.secondary}
            data-testid={`ppid-download-${report}-${format}`}
            download
          >
            {label}
          </a>
        </li>
      ))}
    </ul>
  );
}
