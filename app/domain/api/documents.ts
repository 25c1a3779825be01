import { z } from "zod";
import { ACCESS_LEVELS, BulkUploadSchema, DocumentListQuerySchema, DocumentMetadataSchema } from "../document-schemas";
import { TrashListQuerySchema } from "../records";
import { SECURITY_CLASSES } from "../security-classes";
import { listPageSchema, timestamp, uuid } from "./common";

/** The contract of `/api/v1/archives` and `/api/v1/trash` (see common.ts). */

export const CategorySchema = z.object({ id: z.int().min(1), categoryName: z.string() }).meta({ ref: "Category" });

const accessLevel = z.enum(ACCESS_LEVELS).meta({ description: "PRIVATE (default) or PUBLIC; only PUBLIC documents reach visitors." });

/** A document as pages and the API show it (SPEC section 3 field names). */
export const DocumentViewSchema = z
  .object({
    uuid: uuid(),
    title: z.string(),
    documentNumber: z.string(),
    year: z.int(),
    description: z.string(),
    keywords: z.string().meta({ description: "Comma-separated keywords." }),
    accessLevel,
    categoryId: z.int(),
    category: CategorySchema,
    hasFile: z
      .boolean()
      .meta({ description: "false for a paper record (arsip fisik): no digital file, so fileName, fileSizeKb, mimeType, previewUrl and downloadUrl are null and physicalLocation says where it is kept." }),
    fileName: z.string().nullable().meta({ description: "The current file's name; null for a paper record." }),
    fileSizeKb: z.number().min(0).nullable().meta({ description: "The current file's size; null for a paper record." }),
    mimeType: z.string().nullable().meta({ description: "The current file's type; null for a paper record." }),
    currentVersion: z
      .int()
      .min(0)
      .meta({ description: "The number of the current file version (1 until the file is first replaced; 0 for a paper record until it gets its first file)." }),
    securityClass: z.enum(SECURITY_CLASSES).meta({ description: "SKKAAD class: BIASA exactly when accessLevel is PUBLIC." }),
    classificationCode: z.string().nullable().meta({ description: "Its code in the classification scheme, if filed under one." }),
    classificationName: z.string().nullable(),
    retentionStartDate: z
      .string()
      .nullable()
      .meta({ description: "'Tanggal mulai retensi' (YYYY-MM-DD): the start of the retention clock; null = 31 December of `year`." }),
    physicalLocation: z
      .string()
      .nullable()
      .meta({ description: "'Lokasi Simpan': where the paper or medium is kept (room, rack, box), as an import or the edit form set it; null when not recorded." }),
    previewUrl: z.string().nullable().meta({ description: "Only when the caller may see the file in the browser (never for RAHASIA and SANGAT_RAHASIA)." }),
    downloadUrl: z.string().nullable().meta({ description: "Only when the caller may open the file." }),
    uploader: z.string().meta({ description: "The uploader's full name." }),
    unitKerjaId: z.int().nullable().meta({ description: "The owning work unit, which answers access requests (null: none yet; Super Admin answers)." }),
    unitKerjaName: z.string().nullable(),
    berkasId: z.int().nullable().meta({ description: "The berkas (file of records) it is filed in: `GET /api/v1/berkas/{id}`; null when unfiled." }),
    vital: z.boolean().meta({ description: "Arsip vital: a second copy is kept and it is kept off disposal lists until the flag is lifted." }),
    createdAt: timestamp(),
    updatedAt: timestamp(),
    canEdit: z.boolean(),
    canDelete: z.boolean(),
    canOpenFile: z.boolean(),
    canRequestAccess: z.boolean(),
    snippet: z
      .string()
      .nullable()
      .optional()
      .meta({
        description:
          "In a search (`q`): where the document's text matches, as HTML (text escaped, each match in <mark>); only when the caller may open the file, else null.",
      }),
  })
  .meta({ ref: "Document" });

export const DocumentPageSchema = listPageSchema(DocumentViewSchema, DocumentListQuerySchema)
  .extend({
    totalCapped: z
      .boolean()
      .optional()
      .meta({
        description:
          "A search (`q`) counts at most 1,000 matches: `true` when more match, `total` then being that cap and `totalPages` reaching it (narrow the search or filter to see the rest). Absent on a list without `q`.",
      }),
  })
  .meta({ ref: "DocumentPage" });

/**
 * `GET …/download`: `?token=` makes it the requester's download of an approved access request;
 * `?disposition=inline` a preview (of types that cannot run script).
 */
export const DownloadQuerySchema = z.object({
  token: z.string().optional().meta({ description: "The download token of an approved access request." }),
  disposition: z.enum(["inline", "attachment"]).optional().catch(undefined).meta({ description: "`inline` for a preview." }),
});
export const VersionDownloadQuerySchema = DownloadQuerySchema.pick({ disposition: true });

/** A file part of a multipart body (streamed to storage; its type is sniffed from its bytes). */
const filePart = z.file().meta({ description: "The file (its type is taken from its first bytes, never from its name)." });
const versionNote = z.string().max(500).optional().meta({ description: "A note for the new file version (`versionNote` on the pages)." });
const ownerUnit = z
  .string()
  .optional()
  .meta({ description: "Super Admin only: the id of the owning work unit, which answers the document's access requests (ignored for anyone else)." });

/**
 * `POST /api/v1/archives`: metadata + file, `multipart/form-data`. The body is streamed (a file
 * may be far larger than a Worker may hold), so its fields are checked by this schema once the
 * file is stored, together with the file's own checks.
 */
export const DocumentCreateBodySchema = DocumentMetadataSchema.extend({
  file: filePart,
  note: versionNote,
  submissionId: z.string().max(100).optional().meta({ description: "Idempotency key of a form submission (or the `Idempotency-Key` header)." }),
  uploaderId: z.string().optional().meta({ description: "Ignored: the uploader is always the caller (the SPEC's client sends it)." }),
  unitKerjaId: ownerUnit,
});
/** `POST /api/v1/archives/batch` ('Unggah Banyak'): the shared fields once, then the files, then a title per file. */
export const DocumentBatchBodySchema = BulkUploadSchema.omit({ files: true }).extend({
  files: z.array(filePart).meta({ description: "Up to 20 files (95 MB in all), each one document, after the shared fields." }),
  titles: z.array(z.string().max(255)).optional().meta({ description: "A title per file, in the files' order (empty or absent: from the file's name)." }),
  submissionId: z.string().max(100).optional().meta({ description: "Idempotency key of the batch: the same batch posted again makes its documents once." }),
  unitKerjaId: ownerUnit,
});
/** What became of each file of a batch: its document, or why it was refused. */
export const DocumentBatchReportSchema = z.object({
  data: z.array(
    z.object({
      fileName: z.string(),
      uuid: z.string().nullable().meta({ description: "The document made of the file; null when the file was refused." }),
      title: z.string().nullable(),
      error: z.string().nullable().meta({ description: "Why the file was refused (its type, emptiness, or its document's rules); null when made." }),
    }),
  ),
});

/** `PUT /api/v1/archives/{uuid}`: metadata, and optionally a new file version. */
export const DocumentUpdateBodySchema = DocumentMetadataSchema.extend({ file: filePart.optional(), note: versionNote, unitKerjaId: ownerUnit });
/** `POST /api/v1/archives/{uuid}/file`: a new file version. */
export const DocumentFileBodySchema = z.object({ file: filePart, note: versionNote });

/** One version of a document's file ('Riwayat Versi'). */
export const VersionViewSchema = z
  .object({
    version: z.int().min(1),
    fileName: z.string(),
    fileSizeKb: z.number().min(0),
    mimeType: z.string(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    note: z.string().nullable(),
    uploader: z.string().nullable(),
    createdAt: timestamp(),
    restoredFrom: z.int().nullable().meta({ description: "The version this one copies (a restore), or null." }),
    isCurrent: z.boolean(),
    downloadUrl: z.string(),
    canRestore: z.boolean(),
  })
  .meta({ ref: "Version" });

export const VersionListSchema = z.object({ data: z.array(VersionViewSchema) });

/** `POST /api/v1/archives/{uuid}/versions/{version}/restore`: an optional note (an empty body is fine). */
export { RestoreVersionSchema } from "../records";

/**
 * What remains of a destroyed or purged record at its old address (410): title, number and year;
 * for Super Admin and its owning unit also when and how it left (`removal`), null for anyone
 * else (who learns only that a record that was public is gone).
 */
export const TombstoneSchema = z
  .object({
    uuid: uuid(),
    title: z.string(),
    documentNumber: z.string(),
    year: z.int(),
    removal: z
      .object({
        how: z.enum(["DESTROYED", "PURGED", "TRASH_EXPIRED"]).meta({
          description: "DESTROYED under a Berita Acara Pemusnahan; PURGED from the trash by a Super Admin; TRASH_EXPIRED: purged when its time in the trash ended.",
        }),
        at: timestamp(),
        by: z.string().nullable().meta({ description: "Who purged it (full name and username), null for the trash's expiry." }),
        deletedAt: timestamp().meta({ description: "When it was moved to the trash (a destroyed record: when it was destroyed)." }),
        deletedBy: z.string().nullable(),
        beritaAcara: z
          .object({ uuid: uuid(), number: z.string(), issuedOn: z.string().meta({ format: "date" }), pdfUrl: z.string(), verificationUrl: z.string() })
          .nullable(),
      })
      .nullable(),
  })
  .meta({ ref: "Tombstone" });

/** The 410 of a record that is gone: the error body plus its tombstone. */
export const GoneSchema = z
  .object({ message: z.string(), error: z.string(), tombstone: TombstoneSchema })
  .meta({ ref: "Gone", description: "The record was destroyed or purged; `tombstone` is what remains of it for the caller." });

/** A document in the trash. */
export const TrashViewSchema = z
  .object({
    uuid: uuid(),
    title: z.string(),
    documentNumber: z.string(),
    year: z.int(),
    accessLevel,
    unitKerja: z.string().nullable(),
    uploader: z.string(),
    deletedBy: z.string().nullable(),
    deletedAt: timestamp(),
    purgeAt: timestamp().meta({ description: "When the cron removes it for good (deletedAt + TRASH_DAYS)." }),
    versions: z.int().min(1),
    canRestore: z.boolean(),
    canPurge: z.boolean().meta({ description: "False for a document under a legal hold (Penahanan): it is never purged." }),
    held: z.boolean().meta({ description: "A legal hold (Penahanan) covers the document." }),
    hold: z
      .object({
        reason: z.string(),
        code: z.string().nullable().meta({ description: "The code whose hold covers it (null: the document's own hold)." }),
      })
      .nullable(),
    canReleaseHold: z.boolean().meta({ description: "Super Admin, for the document's own hold: `DELETE /api/v1/archives/{uuid}/hold` releases it here too." }),
  })
  .meta({ ref: "TrashedDocument" });

export const TrashPageSchema = listPageSchema(TrashViewSchema, TrashListQuerySchema).meta({ ref: "TrashPage" });

export const RestoredSchema = z.object({ message: z.string(), data: z.object({ uuid: uuid(), title: z.string() }) });
