/**
 * The Berita Acara Pemindahan Arsip Inaktif and, as its attachment, the Daftar Arsip yang
 * Dipindahkan, as one PDF: the unit (pihak pertama) hands the listed berkas to the records centre
 * (pihak kedua), both sign, and the list's SHA-256 and a QR code of the public verification page
 * close it, as on the disposal Berita Acara. Plain data in, bytes out; run in the processor
 * Worker only (pdf-lib never loads in the page Worker).
 */
import {
  A4_LANDSCAPE,
  closeBeritaAcara,
  drawPlaceAndDate,
  drawSignatures,
  drawTable,
  drawTitle,
  fitColumns,
  onThisDayAt,
  openBeritaAcara,
  terbilang,
  type PdfColumn,
} from "../pdf/official-pdf.server";
import type { MovedBerkas } from "./transfer-list.server";

export type PemindahanPdfInput = {
  number: string;
  transferNumber: string;
  /** YYYY-MM-DD, in Jakarta. */
  issuedOn: string;
  place: string;
  institution: string;
  unit: { name: string; official: string | null };
  centre: { name: string; official: string | null };
  items: MovedBerkas[];
  listSha256: string;
  verificationUrl: string;
};

const COLUMNS: PdfColumn<MovedBerkas>[] = [
  { title: "No", width: 26, align: "center", cell: (item) => String(item.position) },
  { title: "Nomor Berkas", width: 72, align: "left", cell: (item) => item.berkasNumber },
  { title: "Kode Klasifikasi", width: 72, align: "left", cell: (item) => item.classificationCode },
  { title: "Uraian Informasi Berkas", width: 0, align: "left", cell: (item) => item.title },
  { title: "Kurun Waktu", width: 60, align: "center", cell: (item) => item.period },
  { title: "Jumlah Item", width: 44, align: "center", cell: (item) => String(item.itemCount) },
  { title: "Tingkat Perkembangan", width: 72, align: "center", cell: (item) => item.developmentLevel },
  { title: "Lokasi (Boks/Rak)", width: 100, align: "left", cell: (item) => item.location },
];

/** The Berita Acara Pemindahan with its Daftar Arsip yang Dipindahkan. Same input, same bytes. */
export async function renderPemindahanPdf(input: PemindahanPdfInput): Promise<Uint8Array> {
  const title = "BERITA ACARA PEMINDAHAN ARSIP INAKTIF";
  const writer = await openBeritaAcara({
    title,
    number: input.number,
    subject: `${input.institution}; pemindahan ${input.transferNumber}; SHA-256 ${input.listSha256}`,
    institution: input.institution,
    issuedOn: input.issuedOn,
  });
  const count = input.items.length;
  const items = input.items.reduce((sum, item) => sum + item.itemCount, 0);
  writer.paragraph(`${onThisDayAt(input.issuedOn, input.place)}, yang bertanda tangan di bawah ini:`);
  writer.gap(4);
  writer.paragraph(`1. Kepala ${input.unit.name}${input.unit.official ? `, ${input.unit.official}` : ""}, selaku unit pengolah, selanjutnya disebut PIHAK PERTAMA;`, { indent: 12 });
  writer.paragraph(`2. Kepala ${input.centre.name}${input.centre.official ? `, ${input.centre.official}` : ""}, selaku unit kearsipan, selanjutnya disebut PIHAK KEDUA.`, { indent: 12 });
  writer.gap(4);
  writer.paragraph(
    `PIHAK PERTAMA menyerahkan kepada PIHAK KEDUA arsip inaktif ${input.institution} sebanyak ${count} (${terbilang(count)}) berkas dengan ${items} (${terbilang(items)}) item arsip, sebagaimana tercantum dalam Daftar Arsip yang Dipindahkan (usul ${input.transferNumber}) terlampir, dan PIHAK KEDUA menyatakan telah menerimanya.`,
  );
  writer.gap(4);
  writer.paragraph(
    "Dengan pemindahan ini, tanggung jawab penyimpanan dan pengelolaan arsip inaktif tersebut beralih kepada PIHAK KEDUA; PIHAK PERTAMA tetap dapat mengakses arsipnya. Demikian Berita Acara ini dibuat dengan sebenarnya untuk dipergunakan sebagaimana mestinya.",
  );
  writer.gap(8);
  drawPlaceAndDate(writer, input.place, input.issuedOn);
  drawSignatures(writer, [
    { role: `PIHAK PERTAMA, Kepala ${input.unit.name}`, name: input.unit.official ?? "(....................)" },
    { role: `PIHAK KEDUA, Kepala ${input.centre.name}`, name: input.centre.official ?? "(....................)" },
  ]);
  // The attachment starts on a page of its own, in landscape as ANRI's list forms are.
  writer.newPage(A4_LANDSCAPE);
  drawTitle(writer, "DAFTAR ARSIP YANG DIPINDAHKAN", [`Lampiran Berita Acara Nomor ${input.number}`, `${input.unit.name} kepada ${input.centre.name}`]);
  drawTable(writer, fitColumns(writer, COLUMNS), input.items);
  return closeBeritaAcara(writer, {
    title,
    number: input.number,
    verificationUrl: input.verificationUrl,
    hashLabel: `SHA-256 Daftar Arsip yang Dipindahkan (${count} berkas):`,
    sha256: input.listSha256,
  });
}
