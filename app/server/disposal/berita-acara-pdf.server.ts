/**
 * The Berita Acara of an executed disposal list as a PDF, in the shape of the forms of Perka ANRI
 * 37/2016 (Berita Acara Pemusnahan Arsip) and of the hand-over of static records (Berita Acara
 * Penyerahan Arsip Statis): letterhead, title and number, an opening sentence naming the day and
 * date in words, the list as a table that repeats its header on every page, the closing, the
 * signature blocks, and a verification block with the SHA-256 of the list and a QR code of the
 * public verification page.
 *
 * Built with pdf-lib and its standard fonts (no font file to ship or load in the Worker): they
 * encode WinAnsi only, so every text goes through `winAnsi` first. The QR code is drawn as vector
 * squares from uqr's module matrix, so it stays sharp when printed.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { encode as encodeQr } from "uqr";
import type { BeritaAcaraKind } from "~/domain/berita-acara";
import type { BeritaAcaraItem } from "./berita-acara-list.server";

export { canonicalListText, listSha256Of, type BeritaAcaraItem } from "./berita-acara-list.server";

export type BeritaAcaraSignatory = { role: string; name: string; nip?: string };

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

// ---------------------------------------------------------------------------------------------
// Indonesian dates in words ("Kamis, tanggal dua puluh enam bulan November tahun dua ribu ...").

const DAYS = ["Minggu", "Senin", "Selasa", "Rabu", "Kamis", "Jumat", "Sabtu"];
const MONTHS = ["Januari", "Februari", "Maret", "April", "Mei", "Juni", "Juli", "Agustus", "September", "Oktober", "November", "Desember"];
const UNITS = ["nol", "satu", "dua", "tiga", "empat", "lima", "enam", "tujuh", "delapan", "sembilan", "sepuluh", "sebelas"];

/** A whole number in Indonesian words (0 to 999,999,999), e.g. 2026 -> "dua ribu dua puluh enam". */
export function terbilang(n: number): string {
  const words = (value: number): string => {
    if (value < 12) return value === 0 ? "" : UNITS[value]!;
    if (value < 20) return `${UNITS[value - 10]} belas`;
    const join = (head: string, rest: number) => (rest ? `${head} ${words(rest)}` : head);
    if (value < 100) return join(`${UNITS[Math.floor(value / 10)]} puluh`, value % 10);
    if (value < 200) return join("seratus", value - 100);
    if (value < 1000) return join(`${UNITS[Math.floor(value / 100)]} ratus`, value % 100);
    if (value < 2000) return join("seribu", value - 1000);
    if (value < 1_000_000) return join(`${words(Math.floor(value / 1000))} ribu`, value % 1000);
    return join(`${words(Math.floor(value / 1_000_000))} juta`, value % 1_000_000);
  };
  const whole = Math.max(0, Math.floor(n));
  return whole === 0 ? UNITS[0]! : words(whole);
}

function partsOf(isoDate: string): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) throw new Error(`Not a YYYY-MM-DD date: ${isoDate}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** "26 November 2026". */
export function dateInIndonesian(isoDate: string): string {
  const { year, month, day } = partsOf(isoDate);
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** "Kamis, tanggal dua puluh enam bulan November tahun dua ribu dua puluh enam". */
export function dateInWords(isoDate: string): string {
  const { year, month, day } = partsOf(isoDate);
  const weekday = DAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${weekday}, tanggal ${terbilang(day)} bulan ${MONTHS[month - 1]} tahun ${terbilang(year)}`;
}

// ---------------------------------------------------------------------------------------------
// Text that the standard fonts can encode.

const charSets = new WeakMap<PDFFont, Set<number>>();

/**
 * `text` with every character the font cannot encode (WinAnsi) replaced: letters with accents
 * outside WinAnsi lose the accent (NFKD base letter), line breaks and tabs become spaces, and
 * anything else becomes "?". pdf-lib would otherwise throw on the first such character.
 */
export function winAnsi(font: PDFFont, text: string): string {
  let supported = charSets.get(font);
  if (!supported) {
    supported = new Set(font.getCharacterSet());
    charSets.set(font, supported);
  }
  let out = "";
  for (const char of text.normalize("NFC")) {
    const code = char.codePointAt(0)!;
    if (supported.has(code)) out += char;
    else if (/\s/u.test(char)) out += " ";
    else {
      const base = [...char.normalize("NFKD").replace(/\p{M}/gu, "")].filter((c) => supported.has(c.codePointAt(0)!)).join("");
      out += base || "?";
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Layout.

const PAGE = { width: 595.28, height: 841.89 }; // A4
const MARGIN = { left: 62, right: 56, top: 56, bottom: 64 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const BODY_SIZE = 10.5;
const BODY_LEADING = 15;
const TABLE_SIZE = 8.5;
const TABLE_LEADING = 10.5;
const CELL_PAD = 3;
/** A row's tallest cell is cut to this many lines, so no row is taller than a page. */
const MAX_CELL_LINES = 40;
const BLACK = rgb(0, 0, 0);
const GREY = rgb(0.35, 0.35, 0.35);
const HEADER_FILL = rgb(0.9, 0.9, 0.9);

type Fonts = { regular: PDFFont; bold: PDFFont; mono: PDFFont };

type Column = { title: string; width: number; align: "left" | "center" | "right"; cell: (item: BeritaAcaraItem) => string };

const COLUMNS: Column[] = [
  { title: "No", width: 30, align: "center", cell: (item) => String(item.position) },
  { title: "Kode Klasifikasi", width: 66, align: "left", cell: (item) => item.classificationCode },
  { title: "Uraian Arsip", width: 0, align: "left", cell: (item) => item.title },
  { title: "Nomor Dokumen", width: 92, align: "left", cell: (item) => item.documentNumber },
  { title: "Tahun", width: 38, align: "center", cell: (item) => String(item.year) },
  // Versions of the record's file: an archivist reads "berkas" as a file of records, never as a version.
  { title: "Versi File", width: 46, align: "center", cell: (item) => String(item.fileCount) },
];
COLUMNS[2]!.width = CONTENT_WIDTH - COLUMNS.reduce((sum, column) => sum + column.width, 0);

/** Greedy word wrap at `width`; a word longer than the line is cut by characters. */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  for (const word of text.split(/ +/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    let rest = word;
    while (!fits(rest)) {
      let cut = 1;
      while (cut < rest.length && fits(rest.slice(0, cut + 1))) cut++;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/** Draws from top to bottom, opening a new page when what comes next would not fit. */
class Writer {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];

  readonly doc: PDFDocument;
  readonly fonts: Fonts;

  constructor(doc: PDFDocument, fonts: Fonts) {
    this.doc = doc;
    this.fonts = fonts;
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN.top;
  }

  /** Room left above the bottom margin. */
  get room(): number {
    return this.y - MARGIN.bottom;
  }

  ensure(height: number): boolean {
    if (height <= this.room) return false;
    this.newPage();
    return true;
  }

  text(value: string, options: { font?: PDFFont; size?: number; align?: "left" | "center"; x?: number; width?: number; leading?: number } = {}): void {
    const font = options.font ?? this.fonts.regular;
    const size = options.size ?? BODY_SIZE;
    const x = options.x ?? MARGIN.left;
    const width = options.width ?? CONTENT_WIDTH;
    const leading = options.leading ?? BODY_LEADING;
    for (const line of wrap(font, size, winAnsi(font, value), width)) {
      this.ensure(leading);
      const lineX = options.align === "center" ? x + (width - font.widthOfTextAtSize(line, size)) / 2 : x;
      this.page.drawText(line, { x: lineX, y: this.y - size, size, font, color: BLACK });
      this.y -= leading;
    }
  }

  /** A paragraph justified to the content width (its last line left-aligned). */
  paragraph(value: string, options: { indent?: number } = {}): void {
    const font = this.fonts.regular;
    const indent = options.indent ?? 0;
    const width = CONTENT_WIDTH - indent;
    const lines = wrap(font, BODY_SIZE, winAnsi(font, value), width);
    lines.forEach((line, index) => {
      this.ensure(BODY_LEADING);
      const words = line.split(" ");
      const last = index === lines.length - 1;
      const natural = font.widthOfTextAtSize(line, BODY_SIZE);
      const extra = !last && words.length > 1 ? (width - natural) / (words.length - 1) : 0;
      if (extra === 0) {
        this.page.drawText(line, { x: MARGIN.left + indent, y: this.y - BODY_SIZE, size: BODY_SIZE, font, color: BLACK });
      } else {
        let x = MARGIN.left + indent;
        const space = font.widthOfTextAtSize(" ", BODY_SIZE);
        for (const word of words) {
          this.page.drawText(word, { x, y: this.y - BODY_SIZE, size: BODY_SIZE, font, color: BLACK });
          x += font.widthOfTextAtSize(word, BODY_SIZE) + space + extra;
        }
      }
      this.y -= BODY_LEADING;
    });
  }

  gap(height: number): void {
    this.y -= height;
  }
}

const TITLES: Record<BeritaAcaraKind, string> = {
  PEMUSNAHAN: "BERITA ACARA PEMUSNAHAN ARSIP",
  PENYERAHAN: "BERITA ACARA PENYERAHAN ARSIP STATIS",
};

function openingSentence(input: BeritaAcaraPdfInput): string {
  const count = input.items.length;
  const files = input.items.reduce((sum, item) => sum + item.fileCount, 0);
  const when = `Pada hari ini ${dateInWords(input.issuedOn)} (${dateInIndonesian(input.issuedOn)}), bertempat di ${input.place}`;
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

function drawTable(writer: Writer, items: readonly BeritaAcaraItem[]): void {
  const { regular, bold } = writer.fonts;
  const cellWidth = (column: Column) => column.width - 2 * CELL_PAD;
  const headerLines = COLUMNS.map((column) => wrap(bold, TABLE_SIZE, column.title, cellWidth(column)));
  const headerHeight = Math.max(...headerLines.map((lines) => lines.length)) * TABLE_LEADING + 2 * CELL_PAD;

  const drawRow = (cells: string[][], height: number, font: PDFFont, fill?: ReturnType<typeof rgb>) => {
    let x = MARGIN.left;
    COLUMNS.forEach((column, index) => {
      writer.page.drawRectangle({
        x,
        y: writer.y - height,
        width: column.width,
        height,
        borderColor: BLACK,
        borderWidth: 0.5,
        ...(fill ? { color: fill } : {}),
      });
      cells[index]!.forEach((line, lineIndex) => {
        const lineWidth = font.widthOfTextAtSize(line, TABLE_SIZE);
        const lineX =
          column.align === "center"
            ? x + (column.width - lineWidth) / 2
            : column.align === "right"
              ? x + column.width - CELL_PAD - lineWidth
              : x + CELL_PAD;
        writer.page.drawText(line, {
          x: lineX,
          y: writer.y - CELL_PAD - TABLE_SIZE - lineIndex * TABLE_LEADING + 1,
          size: TABLE_SIZE,
          font,
          color: BLACK,
        });
      });
      x += column.width;
    });
    writer.y -= height;
  };
  const header = () => drawRow(headerLines, headerHeight, bold, HEADER_FILL);

  writer.ensure(headerHeight + TABLE_LEADING + 2 * CELL_PAD);
  header();
  for (const item of items) {
    const cells = COLUMNS.map((column) => {
      const lines = wrap(regular, TABLE_SIZE, winAnsi(regular, column.cell(item)), cellWidth(column));
      if (lines.length <= MAX_CELL_LINES) return lines;
      const kept = lines.slice(0, MAX_CELL_LINES);
      kept[MAX_CELL_LINES - 1] = `${kept[MAX_CELL_LINES - 1]!.slice(0, -3)}...`;
      return kept;
    });
    const height = Math.max(...cells.map((lines) => lines.length)) * TABLE_LEADING + 2 * CELL_PAD;
    // The header is repeated at the top of every page the table continues on.
    if (writer.ensure(height)) header();
    drawRow(cells, height, regular);
  }
  const total = items.reduce((sum, item) => sum + item.fileCount, 0);
  const totalHeight = TABLE_LEADING + 2 * CELL_PAD;
  if (writer.ensure(totalHeight)) header();
  const labelWidth = COLUMNS.slice(0, -1).reduce((sum, column) => sum + column.width, 0);
  writer.page.drawRectangle({ x: MARGIN.left, y: writer.y - totalHeight, width: labelWidth, height: totalHeight, borderColor: BLACK, borderWidth: 0.5 });
  writer.page.drawRectangle({
    x: MARGIN.left + labelWidth,
    y: writer.y - totalHeight,
    width: COLUMNS.at(-1)!.width,
    height: totalHeight,
    borderColor: BLACK,
    borderWidth: 0.5,
  });
  const label = "Jumlah";
  const baseline = writer.y - CELL_PAD - TABLE_SIZE + 1;
  writer.page.drawText(label, { x: MARGIN.left + labelWidth - CELL_PAD - bold.widthOfTextAtSize(label, TABLE_SIZE), y: baseline, size: TABLE_SIZE, font: bold });
  const totalText = String(total);
  writer.page.drawText(totalText, {
    x: MARGIN.left + labelWidth + (COLUMNS.at(-1)!.width - bold.widthOfTextAtSize(totalText, TABLE_SIZE)) / 2,
    y: baseline,
    size: TABLE_SIZE,
    font: bold,
  });
  writer.y -= totalHeight;
}

const SIGNATURE_SPACE = 52;

function drawSignatures(writer: Writer, signatories: readonly BeritaAcaraSignatory[]): void {
  const { regular, bold } = writer.fonts;
  const columnWidth = CONTENT_WIDTH / 2;
  const textWidth = columnWidth - 16;
  for (let start = 0; start < signatories.length; start += 2) {
    const pair = signatories.slice(start, start + 2);
    const blocks = pair.map((signatory) => ({
      role: wrap(regular, BODY_SIZE, winAnsi(regular, signatory.role), textWidth),
      name: wrap(bold, BODY_SIZE, winAnsi(bold, signatory.name), textWidth),
      nip: signatory.nip ? wrap(regular, BODY_SIZE, winAnsi(regular, `NIP. ${signatory.nip}`), textWidth) : [],
    }));
    const roleLines = Math.max(...blocks.map((block) => block.role.length));
    const height = Math.max(...blocks.map((block) => (roleLines + block.name.length + block.nip.length) * BODY_LEADING)) + SIGNATURE_SPACE + 10;
    writer.ensure(height);
    const top = writer.y;
    blocks.forEach((block, index) => {
      // A lone last signatory is centred, as the forms place a single official.
      const x = pair.length === 1 ? MARGIN.left + columnWidth / 2 : MARGIN.left + index * columnWidth;
      const center = (line: string, font: PDFFont) => x + (columnWidth - font.widthOfTextAtSize(line, BODY_SIZE)) / 2;
      let y = top;
      for (const line of block.role) {
        writer.page.drawText(line, { x: center(line, regular), y: y - BODY_SIZE, size: BODY_SIZE, font: regular });
        y -= BODY_LEADING;
      }
      y = top - roleLines * BODY_LEADING - SIGNATURE_SPACE;
      for (const line of block.name) {
        const lineX = center(line, bold);
        writer.page.drawText(line, { x: lineX, y: y - BODY_SIZE, size: BODY_SIZE, font: bold });
        writer.page.drawLine({
          start: { x: lineX, y: y - BODY_SIZE - 1.5 },
          end: { x: lineX + bold.widthOfTextAtSize(line, BODY_SIZE), y: y - BODY_SIZE - 1.5 },
          thickness: 0.6,
        });
        y -= BODY_LEADING;
      }
      for (const line of block.nip) {
        writer.page.drawText(line, { x: center(line, regular), y: y - BODY_SIZE, size: BODY_SIZE, font: regular });
        y -= BODY_LEADING;
      }
    });
    writer.y = top - height;
  }
}

const QR_SIZE = 92;

/** The QR code of `url` as vector squares (runs of dark modules per row) inside a white quiet zone. */
function drawQr(page: PDFPage, url: string, x: number, y: number, size: number): void {
  const { data } = encodeQr(url, { ecc: "M", border: 0 });
  const quiet = 4;
  const module = size / (data.length + 2 * quiet);
  data.forEach((row, rowIndex) => {
    let column = 0;
    while (column < row.length) {
      if (!row[column]) {
        column++;
        continue;
      }
      const start = column;
      while (column < row.length && row[column]) column++;
      page.drawRectangle({
        x: x + (quiet + start) * module,
        y: y + size - (quiet + rowIndex + 1) * module,
        width: (column - start) * module,
        // A hair taller than a module, so no hairline shows between rows when rasterized.
        height: module + 0.05,
        color: BLACK,
      });
    }
  });
}

function drawVerification(writer: Writer, input: BeritaAcaraPdfInput): void {
  const { regular, bold, mono } = writer.fonts;
  const textX = MARGIN.left + QR_SIZE + 12;
  const textWidth = CONTENT_WIDTH - QR_SIZE - 12;
  const urlLines = wrap(mono, 8, winAnsi(mono, input.verificationUrl), textWidth);
  const height = Math.max(QR_SIZE, (5 + urlLines.length) * 11 + 8) + 8;
  writer.ensure(height + 12);
  writer.gap(12);
  const top = writer.y;
  writer.page.drawLine({ start: { x: MARGIN.left, y: top }, end: { x: MARGIN.left + CONTENT_WIDTH, y: top }, thickness: 0.5, color: GREY });
  drawQr(writer.page, input.verificationUrl, MARGIN.left, top - 4 - QR_SIZE, QR_SIZE);
  let y = top - 8;
  const line = (text: string, font: PDFFont, size: number) => {
    writer.page.drawText(text, { x: textX, y: y - size, size, font, color: BLACK });
    y -= 11;
  };
  line("Verifikasi keaslian Berita Acara ini:", bold, 8.5);
  for (const urlLine of urlLines) line(urlLine, mono, 8);
  line(`SHA-256 daftar arsip (${input.items.length} arsip):`, bold, 8.5);
  line(winAnsi(mono, input.listSha256), mono, 7.5);
  line("Pindai kode QR atau buka alamat di atas; halaman verifikasi menampilkan nomor,", regular, 8);
  line("tanggal dan sidik SHA-256 yang sama dengan yang tercetak di sini.", regular, 8);
  writer.y = top - height;
}

function drawFooters(writer: Writer, input: BeritaAcaraPdfInput): void {
  const font = writer.fonts.regular;
  const total = writer.pages.length;
  writer.pages.forEach((page, index) => {
    const left = winAnsi(font, `${TITLES[input.kind]} Nomor ${input.number}`);
    const right = `Halaman ${index + 1} dari ${total}`;
    const size = 7.5;
    const maxLeft = CONTENT_WIDTH - font.widthOfTextAtSize(right, size) - 12;
    const shownLeft = wrap(font, size, left, maxLeft)[0]!;
    page.drawLine({ start: { x: MARGIN.left, y: 44 }, end: { x: PAGE.width - MARGIN.right, y: 44 }, thickness: 0.4, color: GREY });
    page.drawText(shownLeft, { x: MARGIN.left, y: 34, size, font, color: GREY });
    page.drawText(right, { x: PAGE.width - MARGIN.right - font.widthOfTextAtSize(right, size), y: 34, size, font, color: GREY });
  });
}

/**
 * The Berita Acara as PDF bytes. Pure: same input, same bytes (the document's dates are the
 * record's own date, not the clock), so the PDF can be rendered again to check a stored copy.
 */
export async function renderBeritaAcaraPdf(input: BeritaAcaraPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    mono: await doc.embedFont(StandardFonts.Courier),
  };
  const title = TITLES[input.kind];
  const { year, month, day } = partsOf(input.issuedOn);
  const issued = new Date(Date.UTC(year, month - 1, day));
  doc.setTitle(winAnsi(fonts.regular, `${title} Nomor ${input.number}`));
  doc.setSubject(winAnsi(fonts.regular, `${input.institution}; daftar ${input.listNumber}; SHA-256 ${input.listSha256}`));
  doc.setAuthor(winAnsi(fonts.regular, input.institution));
  doc.setProducer("E-Arsip");
  doc.setCreator("E-Arsip");
  doc.setLanguage("id-ID");
  doc.setCreationDate(issued);
  doc.setModificationDate(issued);

  const writer = new Writer(doc, fonts);
  // Letterhead.
  writer.text(input.institution.toUpperCase(), { font: fonts.bold, size: 13, align: "center", leading: 17 });
  writer.gap(3);
  writer.page.drawLine({ start: { x: MARGIN.left, y: writer.y }, end: { x: MARGIN.left + CONTENT_WIDTH, y: writer.y }, thickness: 1.6 });
  writer.page.drawLine({ start: { x: MARGIN.left, y: writer.y - 2.5 }, end: { x: MARGIN.left + CONTENT_WIDTH, y: writer.y - 2.5 }, thickness: 0.5 });
  writer.gap(22);
  // Title and number.
  writer.text(title, { font: fonts.bold, size: 12.5, align: "center", leading: 17 });
  writer.text(`NOMOR: ${input.number}`, { size: 11, align: "center", leading: 15 });
  writer.gap(14);

  writer.paragraph(openingSentence(input));
  writer.gap(6);
  drawTable(writer, input.items);
  writer.gap(12);
  for (const paragraph of closingParagraphs(input.kind)) {
    writer.paragraph(paragraph);
    writer.gap(4);
  }
  writer.gap(8);
  // Place and date stand above the signatures; kept on the page of the first signature row.
  writer.ensure(BODY_LEADING + 120);
  writer.text(`${input.place}, ${dateInIndonesian(input.issuedOn)}`, { x: MARGIN.left + CONTENT_WIDTH / 2, width: CONTENT_WIDTH / 2, align: "center" });
  writer.gap(8);
  drawSignatures(writer, input.signatories);
  drawVerification(writer, input);
  drawFooters(writer, input);
  return doc.save({ useObjectStreams: false });
}
