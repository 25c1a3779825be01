import { z } from "zod";
import { timestamp, uuid } from "./common";

/** `/api/v1/disposal-lists`: the lists of penyusutan (Daftar Arsip Usul Musnah / Usul Serah) as the API answers them. */

const kind = z.enum(["MUSNAH", "SERAH"]).meta({ description: "MUSNAH: Daftar Arsip Usul Musnah; SERAH: Usul Serah (hand-over of permanent records)." });
const status = z.enum(["DRAFT", "EXECUTING", "EXECUTED"]);

export const DisposalListSummarySchema = z
  .object({
    uuid: uuid(),
    kind,
    number: z.string().meta({ examples: ["UM/2026/001"] }),
    status,
    itemCount: z.int().min(0),
    createdAt: timestamp(),
    createdBy: z.string().nullable(),
    executedAt: timestamp().nullable(),
  })
  .meta({ ref: "DisposalListSummary" });

export const DisposalItemSchema = z
  .object({
    position: z.int().min(1),
    archiveUuid: uuid(),
    classificationCode: z.string(),
    title: z.string(),
    documentNumber: z.string(),
    year: z.int(),
    fileCount: z.int().min(0),
    retentionYears: z.int().min(0),
    unitKerja: z.string().nullable(),
    decision: z.enum(["SETUJUI", "TUNDA"]).nullable(),
    decisionReason: z.string().nullable(),
    decidedBy: z.string().nullable(),
    decidedAt: timestamp().nullable(),
    outcome: z.enum(["DONE", "SKIPPED"]).nullable(),
    skipReason: z.string().nullable(),
  })
  .meta({ ref: "DisposalItem" });

export const DisposalListSchema = DisposalListSummarySchema.extend({
  note: z.string(),
  anriLetterNumber: z.string().nullable(),
  anriLetterDate: z.string().nullable(),
  needsAnriLetter: z.boolean(),
  executionBlockers: z.array(z.string()).meta({ description: "Why 'Laksanakan' cannot run yet (undecided items, the missing ANRI letter); empty once it can, and for a list already run." }),
  executedBy: z.string().nullable(),
  items: z.array(DisposalItemSchema),
  beritaAcara: z
    .object({ uuid: uuid(), number: z.string(), issuedOn: z.string(), listSha256: z.string(), pdfSha256: z.string() })
    .nullable(),
  canManage: z.boolean(),
}).meta({ ref: "DisposalList" });
