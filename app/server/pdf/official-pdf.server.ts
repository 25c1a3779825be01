/**
 * The parts every official PDF of E-Arsip is drawn with (Berita Acara Pemusnahan / Penyerahan /
 * Pemindahan, Daftar Arsip): letterhead, title and number, justified paragraphs, a table that
 * repeats its header on every page, place and date, signature blocks, a verification block with
 * a SHA-256 and a QR code, page footers. Pure: plain data in, bytes out, the same bytes for the
 * same input (the document's dates are the record's own, not the clock).
 *
 * Built with pdf-lib and its standard fonts (no font file to ship or load in the Worker): they
 * encode WinAnsi only, so every text goes through `winAnsi` first. The QR code is drawn as vector
 * squares from uqr's module matrix, so it stays sharp when printed. Only the PDF renderers import
 * this one, and only the processor Worker imports them: the page Worker never bundles pdf-lib.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { encode as encodeQr } from "uqr";

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

/** A4 portrait, and landscape for wide tables (the Daftar Arsip). */
export const A4 = { width: 595.28, height: 841.89 };
export const A4_LANDSCAPE = { width: A4.height, height: A4.width };
const MARGIN = { left: 62, right: 56, top: 56, bottom: 64 };
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

/**
 * One column of a table: its title, width in points (0 for the one column that takes the rest,
 * see `fitColumns`), alignment, and the text of a row's cell.
 */
export type PdfColumn<Row> = { title: string; width: number; align: "left" | "center" | "right"; cell: (row: Row) => string };

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
export class PdfWriter {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];
  /** The current page's size and the width between its margins. */
  size: { width: number; height: number };
  contentWidth: number;

  readonly doc: PDFDocument;
  readonly fonts: Fonts;

  constructor(doc: PDFDocument, fonts: Fonts, size: { width: number; height: number }) {
    this.doc = doc;
    this.fonts = fonts;
    this.size = size;
    this.contentWidth = size.width - MARGIN.left - MARGIN.right;
    this.newPage();
  }

  /** A new page, of `size` from now on when given (an attachment in landscape). */
  newPage(size?: { width: number; height: number }): void {
    if (size) {
      this.size = size;
      this.contentWidth = size.width - MARGIN.left - MARGIN.right;
    }
    this.page = this.doc.addPage([this.size.width, this.size.height]);
    this.pages.push(this.page);
    this.y = this.size.height - MARGIN.top;
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
    const width = options.width ?? this.contentWidth;
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
    const width = this.contentWidth - indent;
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

/** The columns with the one of width 0 widened to fill the writer's content width. */
export function fitColumns<Row>(writer: PdfWriter, columns: readonly PdfColumn<Row>[]): PdfColumn<Row>[] {
  const fixed = columns.reduce((sum, column) => sum + column.width, 0);
  return columns.map((column) => (column.width === 0 ? { ...column, width: writer.contentWidth - fixed } : column));
}

/**
 * A new PDF with the document properties of an official record: title, subject, author (the
 * institution), language and the record's own date as creation date (same input, same bytes).
 */
export async function openOfficialPdf(meta: { title: string; subject: string; institution: string; issuedOn: string; landscape?: boolean }): Promise<PdfWriter> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    mono: await doc.embedFont(StandardFonts.Courier),
  };
  const { year, month, day } = partsOf(meta.issuedOn);
  const issued = new Date(Date.UTC(year, month - 1, day));
  doc.setTitle(winAnsi(fonts.regular, meta.title));
  doc.setSubject(winAnsi(fonts.regular, meta.subject));
  doc.setAuthor(winAnsi(fonts.regular, meta.institution));
  doc.setProducer("E-Arsip");
  doc.setCreator("E-Arsip");
  doc.setLanguage("id-ID");
  doc.setCreationDate(issued);
  doc.setModificationDate(issued);
  return new PdfWriter(doc, fonts, meta.landscape ? A4_LANDSCAPE : A4);
}

/** The institution's name over a double rule. */
export function drawLetterhead(writer: PdfWriter, institution: string): void {
  writer.text(institution.toUpperCase(), { font: writer.fonts.bold, size: 13, align: "center", leading: 17 });
  writer.gap(3);
  writer.page.drawLine({ start: { x: MARGIN.left, y: writer.y }, end: { x: MARGIN.left + writer.contentWidth, y: writer.y }, thickness: 1.6 });
  writer.page.drawLine({ start: { x: MARGIN.left, y: writer.y - 2.5 }, end: { x: MARGIN.left + writer.contentWidth, y: writer.y - 2.5 }, thickness: 0.5 });
  writer.gap(22);
}

/** The title in capitals and, below it, the number (or any subtitle lines). */
export function drawTitle(writer: PdfWriter, title: string, subtitles: readonly string[]): void {
  writer.text(title, { font: writer.fonts.bold, size: 12.5, align: "center", leading: 17 });
  for (const line of subtitles) writer.text(line, { size: 11, align: "center", leading: 15 });
  writer.gap(14);
}

/**
 * `rows` as a table across pages (the header repeated on each), with an optional total row: its
 * label right-aligned across every column but the last, its value in the last.
 */
export function drawTable<Row>(writer: PdfWriter, columns: readonly PdfColumn<Row>[], rows: readonly Row[], total?: { label: string; value: string }): void {
  const { regular, bold } = writer.fonts;
  const cellWidth = (column: PdfColumn<Row>) => column.width - 2 * CELL_PAD;
  const headerLines = columns.map((column) => wrap(bold, TABLE_SIZE, column.title, cellWidth(column)));
  const headerHeight = Math.max(...headerLines.map((lines) => lines.length)) * TABLE_LEADING + 2 * CELL_PAD;

  const drawRow = (cells: string[][], height: number, font: PDFFont, fill?: ReturnType<typeof rgb>) => {
    let x = MARGIN.left;
    columns.forEach((column, index) => {
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
  for (const row of rows) {
    const cells = columns.map((column) => {
      const lines = wrap(regular, TABLE_SIZE, winAnsi(regular, column.cell(row)), cellWidth(column));
      if (lines.length <= MAX_CELL_LINES) return lines;
      const kept = lines.slice(0, MAX_CELL_LINES);
      kept[MAX_CELL_LINES - 1] = `${kept[MAX_CELL_LINES - 1]!.slice(0, -3)}...`;
      return kept;
    });
    const height = Math.max(...cells.map((lines) => lines.length)) * TABLE_LEADING + 2 * CELL_PAD;
    if (writer.ensure(height)) header();
    drawRow(cells, height, regular);
  }
  if (!total) return;
  const totalHeight = TABLE_LEADING + 2 * CELL_PAD;
  if (writer.ensure(totalHeight)) header();
  const last = columns.at(-1)!;
  const labelWidth = columns.slice(0, -1).reduce((sum, column) => sum + column.width, 0);
  writer.page.drawRectangle({ x: MARGIN.left, y: writer.y - totalHeight, width: labelWidth, height: totalHeight, borderColor: BLACK, borderWidth: 0.5 });
  writer.page.drawRectangle({ x: MARGIN.left + labelWidth, y: writer.y - totalHeight, width: last.width, height: totalHeight, borderColor: BLACK, borderWidth: 0.5 });
  const baseline = writer.y - CELL_PAD - TABLE_SIZE + 1;
  writer.page.drawText(total.label, { x: MARGIN.left + labelWidth - CELL_PAD - bold.widthOfTextAtSize(total.label, TABLE_SIZE), y: baseline, size: TABLE_SIZE, font: bold });
  writer.page.drawText(total.value, {
    x: MARGIN.left + labelWidth + (last.width - bold.widthOfTextAtSize(total.value, TABLE_SIZE)) / 2,
    y: baseline,
    size: TABLE_SIZE,
    font: bold,
  });
  writer.y -= totalHeight;
}

/** "Jakarta, 26 November 2026" on the right half, kept on the page of the first signature row. */
export function drawPlaceAndDate(writer: PdfWriter, place: string, issuedOn: string): void {
  writer.ensure(BODY_LEADING + 120);
  writer.text(`${place}, ${dateInIndonesian(issuedOn)}`, { x: MARGIN.left + writer.contentWidth / 2, width: writer.contentWidth / 2, align: "center" });
  writer.gap(8);
}

export type Signatory = { role: string; name: string; nip?: string };

const SIGNATURE_SPACE = 52;

/** The signature blocks, two per row (a lone last one centred, as the forms place a single official). */
export function drawSignatures(writer: PdfWriter, signatories: readonly Signatory[]): void {
  const { regular, bold } = writer.fonts;
  const columnWidth = writer.contentWidth / 2;
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

/**
 * The verification block: a QR code of `url` beside the address, the hash under `hashLabel` and
 * a line on what the verification page shows.
 */
export function drawVerification(writer: PdfWriter, input: { url: string; hashLabel: string; sha256: string; recordName: string }): void {
  const { regular, bold, mono } = writer.fonts;
  const textX = MARGIN.left + QR_SIZE + 12;
  const textWidth = writer.contentWidth - QR_SIZE - 12;
  const urlLines = wrap(mono, 8, winAnsi(mono, input.url), textWidth);
  const height = Math.max(QR_SIZE, (5 + urlLines.length) * 11 + 8) + 8;
  writer.ensure(height + 12);
  writer.gap(12);
  const top = writer.y;
  writer.page.drawLine({ start: { x: MARGIN.left, y: top }, end: { x: MARGIN.left + writer.contentWidth, y: top }, thickness: 0.5, color: GREY });
  drawQr(writer.page, input.url, MARGIN.left, top - 4 - QR_SIZE, QR_SIZE);
  let y = top - 8;
  const line = (text: string, font: PDFFont, size: number) => {
    writer.page.drawText(text, { x: textX, y: y - size, size, font, color: BLACK });
    y -= 11;
  };
  line(winAnsi(bold, `Verifikasi keaslian ${input.recordName} ini:`), bold, 8.5);
  for (const urlLine of urlLines) line(urlLine, mono, 8);
  line(winAnsi(bold, input.hashLabel), bold, 8.5);
  line(winAnsi(mono, input.sha256), mono, 7.5);
  line("Pindai kode QR atau buka alamat di atas; halaman verifikasi menampilkan nomor,", regular, 8);
  line("tanggal dan sidik SHA-256 yang sama dengan yang tercetak di sini.", regular, 8);
  writer.y = top - height;
}

/** Every page's footer: `left` (cut to fit) and "Halaman n dari N". */
export function drawFooters(writer: PdfWriter, left: string): void {
  const font = writer.fonts.regular;
  const total = writer.pages.length;
  writer.pages.forEach((page, index) => {
    const right = `Halaman ${index + 1} dari ${total}`;
    const size = 7.5;
    const maxLeft = page.getWidth() - MARGIN.left - MARGIN.right - font.widthOfTextAtSize(right, size) - 12;
    const shownLeft = wrap(font, size, winAnsi(font, left), maxLeft)[0]!;
    const width = page.getWidth();
    page.drawLine({ start: { x: MARGIN.left, y: 44 }, end: { x: width - MARGIN.right, y: 44 }, thickness: 0.4, color: GREY });
    page.drawText(shownLeft, { x: MARGIN.left, y: 34, size, font, color: GREY });
    page.drawText(right, { x: width - MARGIN.right - font.widthOfTextAtSize(right, size), y: 34, size, font, color: GREY });
  });
}

/**
 * How a Berita Acara opens: its document properties (its title and number, `subject`), the
 * letterhead, the title and 'NOMOR: …'. `closeBeritaAcara` ends it.
 */
export async function openBeritaAcara(input: { title: string; number: string; subject: string; institution: string; issuedOn: string }): Promise<PdfWriter> {
  const writer = await openOfficialPdf({ title: `${input.title} Nomor ${input.number}`, subject: input.subject, institution: input.institution, issuedOn: input.issuedOn });
  drawLetterhead(writer, input.institution);
  drawTitle(writer, input.title, [`NOMOR: ${input.number}`]);
  return writer;
}

/** "Pada hari ini Kamis tanggal … (26 November 2026), bertempat di …": a Berita Acara's first words. */
export function onThisDayAt(issuedOn: string, place: string): string {
  return `Pada hari ini ${dateInWords(issuedOn)} (${dateInIndonesian(issuedOn)}), bertempat di ${place}`;
}

/** How a Berita Acara ends: the verification block of its list, every page's footer, the bytes. */
export function closeBeritaAcara(writer: PdfWriter, input: { title: string; number: string; verificationUrl: string; hashLabel: string; sha256: string }): Promise<Uint8Array> {
  drawVerification(writer, { url: input.verificationUrl, recordName: "Berita Acara", hashLabel: input.hashLabel, sha256: input.sha256 });
  drawFooters(writer, `${input.title} Nomor ${input.number}`);
  return savePdf(writer);
}

/** The finished document's bytes. */
export function savePdf(writer: PdfWriter): Promise<Uint8Array> {
  return writer.doc.save({ useObjectStreams: false });
}
