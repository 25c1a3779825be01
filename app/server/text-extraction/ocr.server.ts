/**
 * The OCR hook: files without a text layer (scans, images) may be read by a Workers AI model
 * when the Worker has an `AI` binding (add `[ai] binding = "AI"` to wrangler.toml and set
 * OCR_MODEL). Off by default: without the binding, such files stay 'Tanpa teks (perlu OCR)'.
 * Not testable offline (Workers AI runs only on Cloudflare), so no test covers the model call.
 */
import type { Ocr } from "./extracted-text.server";

/** The part of the Workers AI binding the hook uses. */
type AiBinding = { run(model: string, input: Record<string, unknown>): Promise<unknown> };

/** Images only: a model reads pixels; a scanned PDF would need rendering first, which this hook does not do. */
const OCR_TYPES = /^image\/(png|jpeg|webp|gif|bmp)$/;
/** The largest image sent to the model. */
const MAX_OCR_BYTES = 8 * 1024 * 1024;

export function ocrOf(env: Env): Ocr | null {
  const ai = (env as unknown as { AI?: AiBinding }).AI;
  const model = (env as unknown as { OCR_MODEL?: string }).OCR_MODEL;
  if (!ai || !model) return null;
  return {
    async recognize(bytes, mimeType) {
      if (!OCR_TYPES.test(mimeType) || bytes.length > MAX_OCR_BYTES) return null;
      const result = (await ai.run(model, {
        image: [...bytes],
        prompt: "Transcribe all text in this image exactly, in its original language. Answer with the text only.",
        max_tokens: 4096,
      })) as { response?: string; description?: string } | null;
      return result?.response ?? result?.description ?? null;
    },
  };
}
