import { z } from "zod";
import { IMPORT_STATUSES, MANIFEST_FORMATS } from "../imports";
import { timestamp, uuid } from "./common";

const LineMessageSchema = z.object({
  line: z.int().min(0).meta({ description: "The manifest's line as a spreadsheet shows it (the header is line 1); 0 for the ZIP as a whole." }),
  message: z.string().meta({ description: "The problem, in Indonesian." }),
});

export const ImportSchema = z
  .object({
    id: uuid(),
    status: z.enum(IMPORT_STATUSES).meta({
      description: "CHECKED: a clean dry run, ready to run; INVALID: the dry run found errors (it cannot run); RUNNING; ROLLING_BACK (cancelled or failed, removing what it made); DONE; FAILED; CANCELLED.",
    }),
    sourceName: z.string(),
    lines: z.int().min(0).meta({ description: "Document lines in the manifest." }),
    files: z.int().min(0).meta({ description: "Files in the ZIP besides the manifest." }),
    errorCount: z.int().min(0),
    errors: z.array(LineMessageSchema).meta({ description: "The dry run's errors by line (the first 1,000; `errorCount` has them all)." }),
    warnings: z.array(LineMessageSchema).meta({ description: "What is not an error but is not imported (a file no line names)." }),
    encoding: z.string().nullable().meta({ description: "The encoding a CSV manifest was read in (UTF-8, Windows-1252, ...); null for an XLSX." }),
    manifestFormat: z
      .enum(MANIFEST_FORMATS)
      .nullable()
      .meta({ description: "MANIFEST: E-Arsip's columns (header in line 1); ARTERI: Arteri's export as it is (header in line 2). Null for an import recorded before this was kept." }),
    manifestName: z.string().nullable().meta({ description: "The manifest's path inside the ZIP." }),
    createdDocuments: z.int().min(0),
    jobId: uuid().nullable().meta({ description: "The run's job (`GET /api/v1/jobs/{id}` has its per-line report)." }),
    error: z.string().nullable(),
    createdAt: timestamp(),
    finishedAt: timestamp().nullable(),
  })
  .meta({ ref: "Import" });

export const ImportCreateBodySchema = z.object({
  categoryId: z
    .string()
    .optional()
    .meta({ description: "The category (id) of lines that name none, e.g. every line of an Arteri export, which has no category column. Sent before `file`." }),
  file: z.string().meta({ format: "binary", description: "The ZIP: the documents' files and one manifest, CSV or XLSX (first sheet), with E-Arsip's columns or Arteri's export as it is." }),
});

export const ImportUploadStartBodySchema = z
  .object({
    fileName: z.string().max(255).meta({ description: "The ZIP's file name (ends in .zip)." }),
    size: z.number().int().meta({ description: "The ZIP's size in bytes (at most 5 GB); the finished upload must have exactly this size." }),
    categoryId: z.string().optional().meta({ description: "As on `POST /api/v1/imports`: the category (id) of lines that name none." }),
  })
  .meta({ ref: "ImportUploadStart" });

export const ImportUploadSchema = z
  .object({
    uploadId: z.string(),
    partSize: z.number().int().meta({ description: "Every part but the last has exactly this many bytes (at least 5 MiB)." }),
    parts: z.number().int().meta({ description: "How many parts to send, numbered from 1." }),
  })
  .meta({ ref: "ImportUpload" });

export const ImportUploadPartSchema = z
  .object({ part: z.number().int(), size: z.number().int() })
  .meta({ ref: "ImportUploadPart" });

export const ImportUploadAbortedSchema = z.object({ uploadId: z.string(), aborted: z.literal(true) }).meta({ ref: "ImportUploadAborted" });
