/**
 * The Daftar Arsip Aktif / Inaktif as a PDF (A4 landscape): letterhead, title, unit and date,
 * the list in ANRI's columns across pages, the totals. Plain data in, bytes out; run in the
 * processor Worker only.
 */
import type { DaftarArsipRow } from "~/domain/berkas";
import { drawFooters, drawLetterhead, drawTable, drawTitle, fitColumns, openOfficialPdf, savePdf, dateInIndonesian, type PdfColumn } from "../pdf/official-pdf.server";

export type DaftarArsipPdfInput = {
  title: string;
  /** The unit's name, or the words for every unit. */
  unitLabel: string;
  institution: string;
  /** YYYY-MM-DD, in Jakarta. */
  printedOn: string;
  rows: (DaftarArsipRow & { position: number; period: string; level: string })[];
  totals: string;
  labels: { unit: string; printedOn: string };
};

type Row = DaftarArsipPdfInput["rows"][number];

const COLUMNS: PdfColumn<Row>[] = [
  { title: "No", width: 26, align: "center", cell: (row) => String(row.position) },
  { title: "Nomor Berkas", width: 56, align: "left", cell: (row) => row.number },
  { title: "Kode Klasifikasi", width: 62, align: "left", cell: (row) => row.classificationCode },
  { title: "Uraian Informasi Berkas", width: 0, align: "left", cell: (row) => row.title },
  { title: "Kurun Waktu", width: 56, align: "center", cell: (row) => row.period },
  { title: "Jumlah Item", width: 42, align: "center", cell: (row) => String(row.itemCount) },
  { title: "Tingkat Perkembangan", width: 66, align: "center", cell: (row) => row.level },
  { title: "Lokasi / Boks", width: 76, align: "left", cell: (row) => row.location ?? "" },
  { title: "Keterangan", width: 110, align: "left", cell: (row) => row.remarks },
];

export async function renderDaftarArsipPdf(input: DaftarArsipPdfInput): Promise<Uint8Array> {
  const writer = await openOfficialPdf({
    title: `${input.title} ${input.unitLabel}`,
    subject: `${input.institution}; ${input.title}; ${input.unitLabel}`,
    institution: input.institution,
    issuedOn: input.printedOn,
    landscape: true,
  });
  drawLetterhead(writer, input.institution);
  drawTitle(writer, input.title.toUpperCase(), [`${input.labels.unit}: ${input.unitLabel}`, `${input.labels.printedOn}: ${dateInIndonesian(input.printedOn)}`]);
  drawTable(writer, fitColumns(writer, COLUMNS), input.rows);
  writer.gap(8);
  writer.text(input.totals, { font: writer.fonts.bold });
  drawFooters(writer, `${input.title} - ${input.unitLabel}`);
  return savePdf(writer);
}
