/**
 * Small real files for upload tests (generated, so the repository ships no binaries), in the
 * shape playwright's `setInputFiles` takes, plus a SHA-256 helper to compare downloads.
 */
import { createHash } from "node:crypto";
import { makePdf, makePng } from "../../../scripts/demo-files.ts";

export type FilePayload = { name: string; mimeType: string; buffer: Buffer };

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** A one-page PDF whose text includes `marker` (so two files never share a hash). */
export function pdfFile(name: string, marker: string): FilePayload {
  return { name, mimeType: "application/pdf", buffer: Buffer.from(makePdf(["Dokumen uji E2E", marker])) };
}

/** A 320x200 PNG; `seed` varies the colours. */
export function pngFile(name: string, seed: number): FilePayload {
  return { name, mimeType: "image/png", buffer: Buffer.from(makePng(seed)) };
}

/** An HTML page (with script) posing as a PDF: name and claimed type say PDF, the bytes do not. */
export function htmlPosingAsPdf(name: string): FilePayload {
  const html = "<!doctype html><html><body><script>alert(document.cookie)</script><p>bukan PDF</p></body></html>";
  return { name, mimeType: "application/pdf", buffer: Buffer.from(html, "utf8") };
}
