/** The year's download links (the annual report and both registers, CSV and PDF), as the register and the report page show them. */
export const ppidReportDownloads = {
  reportCsv: "Laporan (CSV)",
  reportPdf: "Laporan (PDF)",
  requestsCsv: "Register Permohonan (CSV)",
  requestsPdf: "Register Permohonan (PDF)",
  objectionsCsv: "Register Keberatan (CSV)",
  objectionsPdf: "Register Keberatan (PDF)",
  registerDownloads: (year: number) => `Register tahun ${year}`,
} as const;
