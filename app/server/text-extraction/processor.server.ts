/**
 * The consumer's side of text extraction: the bytes go to the processor Worker (the `PROCESSOR`
 * service binding, workers/processor.ts), which holds pdf.js, so the page Worker never loads it.
 * OCR of images stays here (it is a binding call, see ocr.server.ts).
 */
import type { ProcessedText } from "./extractors.server";
import { hasReadableText, recognized, UnreadableFileError, type Extraction } from "./extracted-text.server";
import { ocrOf } from "./ocr.server";
import { processorOf } from "../processor.server";

/** The text of one file: from the processor when its type holds text, else from OCR when configured. */
export async function extractThroughProcessor(env: Env, bytes: Uint8Array, mimeType: string): Promise<Extraction> {
  if (hasReadableText(mimeType)) {
    const result: ProcessedText = await processorOf(env).extractText(bytes, mimeType);
    if (result.kind === "unreadable") throw new UnreadableFileError(result.reason);
    return result;
  }
  const ocr = ocrOf(env);
  return (mimeType.startsWith("image/") && ocr && (await recognized(ocr, bytes, mimeType, null))) || { kind: "no_text", pages: null };
}
