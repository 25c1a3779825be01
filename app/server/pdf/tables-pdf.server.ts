/**
 * A plain official document of tables (the PPID's registers, its annual report, a requester's
 * receipt): letterhead, title, lines under it, optional paragraphs, then each table with its
 * heading, across pages. The input is plain data (column titles and widths, rows of strings), so
 * it crosses the processor Worker's RPC boundary as it is; run in the processor Worker only.
 */
import { dateInIndonesian, drawFooters, drawLetterhead, drawTable, drawTitle, fitColumns, openOfficialPdf, savePdf, type PdfColumn } from "./official-pdf.server";

export type TablesPdfInput = {
  title: string;
  /** Lines under the title (a year, a number). */
  subtitles: string[];
  institution: string;
  /** YYYY-MM-DD (Jakarta): the document's date, printed under the title with `printedOnLabel`. */
  printedOn: string;
  printedOnLabel: string;
  landscape?: boolean;
  paragraphs?: string[];
  tables: {
    heading?: string;
    /** Width in points; 0 for the one column that takes the rest of the page. */
    columns: { title: string; width: number; align?: "left" | "center" | "right" }[];
    rows: string[][];
  }[];
  /** A line after the last table (a total). */
  closing?: string;
  footer: string;
};

export async function renderTablesPdf(input: TablesPdfInput): Promise<Uint8Array> {
  const writer = await openOfficialPdf({
    title: input.title,
    subject: `${input.institution}; ${input.title}; ${input.subtitles.join("; ")}`,
    institution: input.institution,
    issuedOn: input.printedOn,
    landscape: input.landscape,
  });
  drawLetterhead(writer, input.institution);
  drawTitle(writer, input.title.toUpperCase(), [...input.subtitles, `${input.printedOnLabel}: ${dateInIndonesian(input.printedOn)}`]);
  for (const paragraph of input.paragraphs ?? []) {
    writer.paragraph(paragraph);
    writer.gap(6);
  }
  for (const table of input.tables) {
    if (table.heading) {
      writer.ensure(60);
      writer.text(table.heading, { font: writer.fonts.bold });
      writer.gap(4);
    }
    const columns: PdfColumn<string[]>[] = table.columns.map((column, index) => ({
      title: column.title,
      width: column.width,
      align: column.align ?? "left",
      cell: (row) => row[index] ?? "",
    }));
    drawTable(writer, fitColumns(writer, columns), table.rows);
    writer.gap(12);
  }
  if (input.closing) writer.text(input.closing, { font: writer.fonts.bold });
  drawFooters(writer, input.footer);
  return savePdf(writer);
}
