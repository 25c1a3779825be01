/**
 * The Berita Acara of an executed disposal list as a PDF, in the shape of the forms of Perka ANRI
 * 37/2016 (Berita Acara Pemusnahan Arsip) and of the hand-over of static records (Berita Acara
 * Penyerahan Arsip Statis): letterhead, title and number, an opening sentence naming the day and
 * date in words, the list as a table that repeats its header on every page, the closing, the
 * signature blocks, and a verification block with the SHA-256 of the list and a QR code of the
 * public verification page.
 *
 * Drawn with the parts every official PDF shares (`../pdf/official-pdf.server.ts`: pdf-lib with
 * its standard fonts, a vector QR code).
 */
import type { DisposalBeritaAcaraKind as BeritaAcaraKind } from "~/domain/berita-acara";
import type { BeritaAcaraItem } from "./berita-acara-list.server";
import {
  closeBeritaAcara,
  dateInIndonesian,
  drawPlaceAndDate,
  drawSignatures,
  drawTable,
  fitColumns,
  onThisDayAt,
  openBeritaAcara,
  terbilang,
  type PdfColumn,
  type Signatory,
} from "../pdf/official-pdf.server";

export { dateInIndonesian, dateInWords, terbilang, winAnsi } from "../pdf/official-pdf.server";

export { canonicalListText, listSha256Of, type BeritaAcaraItem } from "./berita-acara-list.server";

export type BeritaAcaraSignatory = Signatory;

export type BeritaAcaraPdfInput = {
  kind: BeritaAcaraKind;
  number: string;
  /** YYYY-MM-DD (the date of the record, in Jakarta). */
  issuedOn: string;
  place: string;
  institution: string;
  listNumber: string;
  anriLetter: { number: string; date: string } | null;
  items: BeritaAcaraItem[];
  signatories: BeritaAcaraSignatory[];
  listSha256: string;
  verificationUrl: string;
};

const COLUMNS: PdfColumn<BeritaAcaraItem>[] = [
  { title: "No", width: 30, align: "center", cell: (item) => String(item.position) },
  { title: "Kode Klasifikasi", width: 66, align: "left", cell: (item) => item.classificationCode },
  { title: "Uraian Arsip", width: 0, align: "left", cell: (item) => item.title },
  { title: "Nomor Dokumen", width: 92, align: "left", cell: (item) => item.documentNumber },
  { title: "Tahun", width: 38, align: "center", cell: (item) => String(item.year) },
  // Versions of the record's file: an archivist reads "berkas" as a file of records, never as a version.
  { title: "Versi File", width: 46, align: "center", cell: (item) => String(item.fileCount) },
];

const TITLES: Record<BeritaAcaraKind, string> = {
  PEMUSNAHAN: "BERITA ACARA PEMUSNAHAN ARSIP",
  PENYERAHAN: "BERITA ACARA PENYERAHAN ARSIP STATIS",
};

function openingSentence(input: BeritaAcaraPdfInput): string {
  const count = input.items.length;
  const files = input.items.reduce((sum, item) => sum + item.fileCount, 0);
  const when = onThisDayAt(input.issuedOn, input.place);
  const anri = input.anriLetter
    ? `, berdasarkan persetujuan Kepala Arsip Nasional Republik Indonesia Nomor ${input.anriLetter.number} tanggal ${formatLetterDate(input.anriLetter.date)}`
    : "";
  const amount = `sebanyak ${count} (${terbilang(count)}) arsip dengan ${files} (${terbilang(files)}) versi file`;
  return input.kind === "PEMUSNAHAN"
    ? `${when}, telah dilaksanakan pemusnahan arsip ${input.institution} ${amount}, sebagaimana tercantum dalam Daftar Arsip Usul Musnah Nomor ${input.listNumber} yang telah dinilai oleh Panitia Penilai Arsip${anri}, dengan rincian sebagai berikut:`
    : `${when}, telah dilaksanakan penyerahan arsip statis ${input.institution} ${amount} kepada lembaga kearsipan, sebagaimana tercantum dalam Daftar Arsip Usul Serah Nomor ${input.listNumber} yang telah dinilai oleh Panitia Penilai Arsip${anri}, dengan rincian sebagai berikut:`;
}

function closingParagraphs(kind: BeritaAcaraKind): string[] {
  return kind === "PEMUSNAHAN"
    ? [
        "Pemusnahan dilaksanakan secara total: file elektronik arsip tersebut, dengan semua versinya, dihapus dari media penyimpanan sehingga isinya tidak dapat dikenali maupun dipulihkan kembali, sedangkan keterangan arsipnya tetap tercatat sebagai bukti pemusnahan.",
        "Demikian Berita Acara ini dibuat dengan sebenarnya untuk dipergunakan sebagaimana mestinya.",
      ]
    : [
        "Dengan penyerahan ini, tanggung jawab pengelolaan arsip statis tersebut beralih kepada lembaga kearsipan penerima, dan arsip tersebut tidak dapat diubah maupun dimusnahkan.",
        "Demikian Berita Acara ini dibuat dengan sebenarnya untuk dipergunakan sebagaimana mestinya.",
      ];
}

/** A date written in the ANRI letter, shown in Indonesian when it is YYYY-MM-DD. */
function formatLetterDate(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? dateInIndonesian(date) : date;
}

/**
 * The Berita Acara as PDF bytes. Pure: same input, same bytes (the document's dates are the
 * record's own date, not the clock), so the PDF can be rendered again to check a stored copy.
 */
export async function renderBeritaAcaraPdf(input: BeritaAcaraPdfInput): Promise<Uint8Array> {
  const title = TITLES[input.kind];
  const writer = await openBeritaAcara({
    title,
    number: input.number,
    subject: `${input.institution}; daftar ${input.listNumber}; SHA-256 ${input.listSha256}`,
    institution: input.institution,
    issuedOn: input.issuedOn,
  });
  writer.paragraph(openingSentence(input));
  writer.gap(6);
  const total = input.items.reduce((sum, item) => sum + item.fileCount, 0);
  drawTable(writer, fitColumns(writer, COLUMNS), input.items, { label: "Jumlah", value: String(total) });
  writer.gap(12);
  for (const paragraph of closingParagraphs(input.kind)) {
    writer.paragraph(paragraph);
    writer.gap(4);
  }
  writer.gap(8);
  drawPlaceAndDate(writer, input.place, input.issuedOn);
  drawSignatures(writer, input.signatories);
  return closeBeritaAcara(writer, {
    title,
    number: input.number,
    verificationUrl: input.verificationUrl,
    hashLabel: `SHA-256 daftar arsip (${input.items.length} arsip):`,
    sha256: input.listSha256,
  });
}
