import { WorkerEntrypoint } from "cloudflare:workers";
import { renderDaftarArsipPdf, type DaftarArsipPdfInput } from "~/server/berkas/daftar-arsip-pdf.server";
import { renderBeritaAcaraPdf, type BeritaAcaraPdfInput } from "~/server/disposal/berita-acara-pdf.server";
import { renderTablesPdf, type TablesPdfInput } from "~/server/pdf/tables-pdf.server";
import { processText, type ProcessedText } from "~/server/text-extraction/extractors.server";
import { renderPemindahanPdf, type PemindahanPdfInput } from "~/server/transfers/pemindahan-pdf.server";

/**
 * The processor Worker: the work that needs pdf.js (reading a PDF's text) or pdf-lib (rendering a
 * Berita Acara, a Berita Acara Pemindahan, a Daftar Arsip, the PPID's reports), kept out of the page Worker so no page request loads either and the page
 * Worker's bundle stays small. Pure computing, reached only through the page Worker's `PROCESSOR`
 * service binding (RPC): no bindings of its own, no state, no public route.
 */
export class Processor extends WorkerEntrypoint {
  /** The text of a file's bytes (PDF, Office Open XML, text/*), or why it cannot be read. */
  async extractText(bytes: Uint8Array, mimeType: string): Promise<ProcessedText> {
    return processText(bytes, mimeType);
  }

  /** A Berita Acara's PDF. */
  async renderBeritaAcara(input: BeritaAcaraPdfInput): Promise<Uint8Array> {
    return renderBeritaAcaraPdf(input);
  }

  /** A Berita Acara Pemindahan Arsip Inaktif with its Daftar Arsip yang Dipindahkan. */
  async renderPemindahan(input: PemindahanPdfInput): Promise<Uint8Array> {
    return renderPemindahanPdf(input);
  }

  /** A Daftar Arsip Aktif / Inaktif as a PDF. */
  async renderDaftarArsip(input: DaftarArsipPdfInput): Promise<Uint8Array> {
    return renderDaftarArsipPdf(input);
  }

  /** A document of tables: the PPID's registers, its annual report, a requester's receipt. */
  async renderTables(input: TablesPdfInput): Promise<Uint8Array> {
    return renderTablesPdf(input);
  }
}

export default {
  fetch: () => new Response("Not Found", { status: 404 }),
} satisfies ExportedHandler;
