import type { ServiceContext } from "../context.server";
import { sha256Hex, toHex } from "../crypto.server";

/**
 * The Berita Acara of an executed list as the disposal service needs it: the list's hash, the
 * PDF's bytes, and where they are stored. One seam, so the execution does not depend on how the
 * PDF is drawn.
 */

export type BeritaAcaraItem = {
  position: number;
  classificationCode: string;
  title: string;
  documentNumber: string;
  year: number;
  fileCount: number;
};

export type BeritaAcaraInput = {
  kind: "PEMUSNAHAN" | "PENYERAHAN";
  number: string;
  uuid: string;
  listNumber: string;
  issuedOn: string;
  place: string;
  institution: string;
  signatories: { role: string; name: string; nip?: string }[];
  anriLetter: { number: string; date: string } | null;
  items: BeritaAcaraItem[];
  listSha256: string;
  verifyUrl: string;
};

/** SHA-256 of the list as executed: the items in order, each field in a fixed order. */
export async function listSha256Of(items: readonly BeritaAcaraItem[]): Promise<string> {
  const canonical = items.map((item) => [item.position, item.classificationCode, item.title, item.documentNumber, item.year, item.fileCount]);
  return sha256Hex(JSON.stringify(canonical));
}

const TITLES = { PEMUSNAHAN: "BERITA ACARA PEMUSNAHAN ARSIP", PENYERAHAN: "BERITA ACARA PENYERAHAN ARSIP STATIS" } as const;

/** The PDF's lines of text, in reading order. */
function linesOf(input: BeritaAcaraInput): string[] {
  return [
    input.institution,
    TITLES[input.kind],
    `Nomor: ${input.number}`,
    `Tanggal: ${input.issuedOn}    Tempat: ${input.place}`,
    `Daftar: ${input.listNumber}`,
    ...(input.anriLetter ? [`Persetujuan ANRI: ${input.anriLetter.number} tanggal ${input.anriLetter.date}`] : []),
    "",
    "No | Kode | Judul | Nomor | Tahun | Jumlah file",
    ...input.items.map((item) => `${item.position} | ${item.classificationCode} | ${item.title} | ${item.documentNumber} | ${item.year} | ${item.fileCount}`),
    "",
    `Jumlah arsip: ${input.items.length}`,
    `SHA-256 daftar: ${input.listSha256}`,
    `Verifikasi: ${input.verifyUrl}`,
    "",
    ...input.signatories.map((s) => `${s.role}: ${s.name}${s.nip ? ` (NIP ${s.nip})` : ""}`),
  ];
}

/** A PDF string literal: Latin-1 only (anything else becomes '?'), parentheses and backslashes escaped. */
const pdfString = (text: string) =>
  `(${Array.from(text, (ch) => (ch.charCodeAt(0) < 256 ? ch : "?")).join("").replace(/[\\()]/g, (c) => `\\${c}`)})`;

/**
 * A plain PDF 1.4 of A4 pages with the Berita Acara's lines in Helvetica (uncompressed text, so
 * the record's words can be searched and checked).
 */
export function renderBeritaAcaraPdf(input: BeritaAcaraInput): Uint8Array<ArrayBuffer> {
  const lines = linesOf(input);
  const perPage = 60;
  const pages: string[][] = [];
  for (let i = 0; i < lines.length; i += perPage) pages.push(lines.slice(i, i + perPage));
  const objects: string[] = [];
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";
  const kids: string[] = [];
  pages.forEach((pageLines, index) => {
    const pageId = 4 + index * 2;
    const contentId = pageId + 1;
    kids.push(`${pageId} 0 R`);
    const body = ["BT", "/F1 10 Tf", "12 TL", "50 800 Td", ...pageLines.map((line) => `${pdfString(line)} Tj T*`), "ET"].join("\n");
    objects[pageId] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentId} 0 R >>`;
    objects[contentId] = `<< /Length ${latin1Length(body)} >>\nstream\n${body}\nendstream`;
  });
  objects[2] = `<< /Type /Pages /Kids [${kids.join(" ")}] /Count ${pages.length} >>`;
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = latin1Length(out);
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = latin1Length(out);
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Uint8Array.from(out, (ch) => ch.charCodeAt(0) & 0xff);
}

const latin1Length = (text: string) => text.length;

/** Where a Berita Acara's PDF lives in R2. */
export const beritaAcaraKey = (uuid: string) => `berita-acara/${uuid}.pdf`;

/** Store the PDF in R2; returns its key and SHA-256. */
export async function storeBeritaAcaraPdf(ctx: Pick<ServiceContext, "files">, uuid: string, bytes: Uint8Array): Promise<{ r2Key: string; pdfSha256: string }> {
  const r2Key = beritaAcaraKey(uuid);
  await ctx.files.put(r2Key, bytes, { httpMetadata: { contentType: "application/pdf" } });
  return { r2Key, pdfSha256: toHex(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>)) };
}
