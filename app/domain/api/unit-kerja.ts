import { z } from "zod";
import { UnitKerjaListQuerySchema } from "../unit-kerja";
import { listPageSchema, timestamp } from "./common";

/** The contract of `/api/v1/unit-kerja` (see common.ts). */

/** A work unit as pages and the API show it (SPEC section 3). */
export const UnitKerjaViewSchema = z
  .object({
    id: z.int().min(1),
    nama: z.string(),
    jenis: z.string(),
    email: z.string().nullable(),
    namaPejabat: z.string().nullable(),
    isRecordsCentre: z.boolean().meta({ description: "The records centre (unit kearsipan): receives the other units' inactive records (pemindahan). At most one unit." }),
    createdAt: timestamp(),
    updatedAt: timestamp(),
  })
  .meta({ ref: "UnitKerja" });

export const UnitKerjaPageSchema = listPageSchema(UnitKerjaViewSchema, UnitKerjaListQuerySchema).meta({ ref: "UnitKerjaPage" });
