import type { z } from "zod";
import type { UnitKerjaViewSchema } from "./api/unit-kerja";

// The zod-free half of the work-unit domain (view type, sorts): page components import it
// without pulling zod into the browser.

/** A work unit as pages and the API show it (SPEC section 3 field names; see api/unit-kerja.ts). */
export type UnitKerjaView = z.output<typeof UnitKerjaViewSchema>;

export const UNIT_KERJA_SORTS = ["updatedAt", "nama", "jenis"] as const;
