import { z } from "zod";
import { BerkasCreateSchema, BerkasItemsSchema, BerkasListQuerySchema, BerkasUpdateSchema, DEVELOPMENT_LEVELS } from "../berkas";
import { VitalSchema } from "../vital";
import { listPageSchema, timestamp } from "./common";

/** The contract of `/api/v1/berkas`, `/api/v1/export/ead` and `/api/v1/archives/{uuid}/vital` (see common.ts). */

const year = () => z.int().nullable();

export const BerkasViewSchema = z
  .object({
    id: z.int().min(1),
    number: z.string().meta({ description: "Nomor berkas, unique within its unit.", examples: ["12"] }),
    title: z.string().meta({ description: "Uraian masalah: what the berkas is about." }),
    classificationCode: z.string(),
    classificationName: z.string(),
    unitKerjaId: z.int(),
    unitKerjaName: z.string(),
    startYear: year().meta({ description: "The first year of its live documents (null while empty)." }),
    endYear: year().meta({ description: "The last year of its live documents (null while empty)." }),
    itemCount: z.int().min(0).meta({ description: "Its live documents." }),
    developmentLevel: z.enum(DEVELOPMENT_LEVELS).meta({ description: "Tingkat perkembangan: ASLI, SALINAN, TEMBUSAN or PETIKAN." }),
    note: z.string().meta({ description: "Keterangan." }),
    custody: z
      .object({ unitKerjaId: z.int(), unitKerjaName: z.string(), box: z.string().nullable(), rack: z.string().nullable() })
      .nullable()
      .meta({ description: "Where it is kept once moved to the records centre (pemindahan); null while at its unit." }),
    createdAt: timestamp(),
    updatedAt: timestamp(),
  })
  .meta({ ref: "Berkas" });

export const BerkasPageSchema = listPageSchema(BerkasViewSchema, BerkasListQuerySchema).meta({ ref: "BerkasPage" });

export const BerkasCreateBodySchema = BerkasCreateSchema.meta({
  ref: "BerkasCreateBody",
  description: "`unitKerjaId` is for Super Admin (required there); a Satuan Kerja member's berkas is its own unit's.",
});
export const BerkasUpdateBodySchema = BerkasUpdateSchema.meta({ ref: "BerkasUpdateBody", description: "The code changes only while the berkas holds no document." });
export const BerkasItemsBodySchema = BerkasItemsSchema.meta({
  ref: "BerkasItemsBody",
  description: "Documents to file, by uuid: each of the berkas's unit and code, in no other berkas (else 400 naming it; nothing is filed).",
});
export const BerkasItemsResultSchema = z.object({
  message: z.string(),
  data: BerkasViewSchema,
  filed: z.int().min(0).meta({ description: "Documents filed by this call." }),
  alreadyFiled: z.int().min(0).meta({ description: "Documents that were in this berkas already." }),
});

/** `GET /api/v1/export/ead`: one selection at most; none is the statis holdings. */
export const EadQuerySchema = z.object({
  scope: z.enum(["statis"]).optional().meta({ description: "`statis` (the default): every statis record that is BIASA." }),
  berkas: z.coerce.number().int().positive().optional().meta({ description: "The BIASA documents of this berkas (its id)." }),
  klasifikasi: z
    .string()
    .trim()
    .max(50)
    .regex(/^[A-Z0-9]+(\.[A-Z0-9]+)*$/)
    .optional()
    .meta({ description: "The BIASA documents under this classification code and the codes below it." }),
});

export const VitalBodySchema = VitalSchema.meta({
  ref: "VitalBody",
  description: "`vital: true` sets or renews the flag (reason and `reviewMonths` 1-120 required); `vital: false` lifts it (reason required).",
});

const drill = z.object({
  outcome: z.enum(["OK", "MISMATCH", "MISSING"]),
  expectedSha256: z.string(),
  actualSha256: z.string().nullable(),
  bytes: z.int().nullable(),
  durationMs: z.int().min(0),
  drilledAt: timestamp(),
  drilledBy: z.string().nullable(),
});
export const DrillSchema = drill.meta({ ref: "RestoreDrill", description: "A restore drill's evidence: the file restored from the second copy and hashed." });

export const VitalViewSchema = z
  .object({
    vital: z.boolean(),
    reason: z.string().nullable(),
    reviewMonths: z.int().nullable(),
    reviewDueOn: z.string().nullable().meta({ format: "date" }),
    flaggedAt: timestamp().nullable(),
    flaggedBy: z.string().nullable(),
    copy: z.object({ status: z.enum(["OK", "MISMATCH", "MISSING"]), checkedAt: timestamp().nullable() }).nullable().meta({
      description: "The second copy of the current file in the vital bucket, as last written or checked (null: not written yet).",
    }),
    lastDrill: drill.nullable(),
  })
  .meta({ ref: "Vital" });
