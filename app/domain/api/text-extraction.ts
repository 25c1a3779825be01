import { z } from "zod";
import { TEXT_STATUSES } from "../text-extraction";
import { DocumentViewSchema } from "./documents";
import { timestamp } from "./common";

/** The contract of a document's text status and `POST /api/v1/archives/{uuid}/reindex` (see common.ts). */

export const TextStatusSchema = z
  .object({
    status: z.enum(TEXT_STATUSES).meta({ description: "PENDING (Menunggu), INDEXED (Terindeks), NO_TEXT (Tanpa teks: needs OCR), FAILED (Gagal)." }),
    error: z.string().nullable().meta({ description: "Why the extraction failed (FAILED only)." }),
    pages: z.int().min(0).nullable(),
    truncated: z.boolean().meta({ description: "The text was cut at the extraction caps (pages, bytes)." }),
    extractedAt: timestamp().nullable(),
    canReindex: z.boolean(),
  })
  .meta({ ref: "TextStatus" });

/** `GET /archives/{uuid}`: the document plus its text status (null for who may not open the file). */
export const DocumentDetailSchema = DocumentViewSchema.extend({
  textStatus: TextStatusSchema.nullable().meta({ description: "The extraction status of the current file; null when the caller may not open the file." }),
}).meta({ ref: "DocumentDetail" });

export const ReindexResultSchema = z.object({ message: z.string(), data: TextStatusSchema });
