import { z } from "zod";
import { FINAL_DISPOSITIONS } from "../classification";
import { RETENTION_STATUSES } from "../retention";
import { HoldSchema, ReappraisalSchema, ReleaseHoldSchema } from "../retention-schemas";
import { timestamp, uuid } from "./common";

/** The contract of a document's retention calls (`/api/v1/archives/{uuid}/retention`, `/hold`, `/reappraisal`). */

const isoDate = () => z.string().meta({ format: "date", examples: ["2027-12-31"] });

export const RetentionViewSchema = z
  .object({
    status: z.enum(RETENTION_STATUSES).meta({
      description: "AKTIF, INAKTIF, JATUH_TEMPO (due for `disposition`), DITAHAN (a hold covers it), STATIS (handed over), TANPA_KODE (no classification code).",
    }),
    activeUntil: isoDate().nullable().meta({ description: "Last day of the active period (null without a code)." }),
    inactiveUntil: isoDate().nullable().meta({ description: "Last day of the inactive period; the document is due from the next day." }),
    disposition: z.enum(FINAL_DISPOSITIONS).nullable().meta({ description: "Final disposition: a reappraisal's override, else the code's." }),
    totalRetentionYears: z.int().min(0).nullable(),
    retentionStartDate: isoDate().nullable().meta({ description: "'Tanggal mulai retensi' as set on the document (null: not set)." }),
    start: isoDate().meta({ description: "The clock's start: retentionStartDate, else 31 December of the year." }),
    retentionExtendedUntil: isoDate().nullable().meta({ description: "A reappraisal's extension, replacing the due date." }),
    hold: z
      .object({
        reason: z.string(),
        createdAt: timestamp(),
        createdBy: z.string().nullable(),
        code: z.string().nullable().meta({ description: "The code whose hold covers the document (null: the document's own hold)." }),
        document: z
          .string()
          .nullable()
          .meta({ description: "The title of another document of the same berkas whose hold covers this one (a berkas is held whole); null otherwise." }),
      })
      .nullable(),
    ownHold: z.boolean(),
    canHold: z.boolean(),
    canReappraise: z.boolean(),
    statisSince: z
      .object({
        beritaAcaraUuid: uuid().meta({ description: "Its public verification page is /verifikasi/{beritaAcaraUuid}." }),
        number: z.string(),
        issuedOn: isoDate(),
      })
      .nullable()
      .meta({ description: "A STATIS record: the Berita Acara Penyerahan that handed it over and made it read-only (null otherwise)." }),
  })
  .meta({ ref: "Retention" });

export const HoldBodySchema = HoldSchema.meta({ ref: "HoldBody" });
export const ReleaseHoldBodySchema = ReleaseHoldSchema.meta({ ref: "ReleaseHoldBody" });
export const ReappraisalBodySchema = ReappraisalSchema.meta({
  ref: "ReappraisalBody",
  description: "outcome EXTEND needs `until` (a date after today); MUSNAH or PERMANEN replace the final disposition.",
});
