import { z } from "zod";
import { unitKerjaMessages } from "../i18n/unit-kerja";
import { blankToUndefined, optionalEmail } from "./form-input";
import { createListQuerySchema } from "./list-query";
import { UNIT_KERJA_SORTS } from "./unit-kerja-view";

export { UNIT_KERJA_SORTS, type UnitKerjaView } from "./unit-kerja-view";

const v = unitKerjaMessages.validation;

/** The create and edit form of a work unit (the same fields both times). */
export const UnitKerjaSchema = z.object({
  nama: z.string(v.namaRequired).trim().min(1, v.namaRequired).max(150, v.namaMax),
  jenis: z.string(v.jenisRequired).trim().min(1, v.jenisRequired).max(100, v.jenisMax),
  email: optionalEmail(v.emailInvalid, v.emailMax),
  namaPejabat: z.preprocess(blankToUndefined, z.string().trim().max(150, v.namaPejabatMax).optional()),
  // The records centre (unit kearsipan): receives the other units' inactive records. A form sends
  // "false" then, when checked, "on"; a JSON body true/false; absent leaves it as it is.
  isRecordsCentre: z.preprocess(
    (value) => (value === "on" || value === "true" || value === true ? true : value === "false" || value === false ? false : undefined),
    z.boolean().optional(),
  ),
});
export type UnitKerjaInput = z.output<typeof UnitKerjaSchema>;

/** `/app/manage-unit-kerja` and `GET /api/v1/unit-kerja`: newest change first by default. */
export const UnitKerjaListQuerySchema = createListQuerySchema({
  sorts: UNIT_KERJA_SORTS,
  defaultSort: "updatedAt",
  defaultDir: "desc",
});
export type UnitKerjaListQuery = z.output<typeof UnitKerjaListQuerySchema>;
