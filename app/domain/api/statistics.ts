import { z } from "zod";

/** The contract of `/api/v1/statistics` (see common.ts). */

export const CategoryCountSchema = z.object({ categoryId: z.int().min(1), categoryName: z.string(), count: z.int().min(0) });

/** Counts per audience: a visitor counts PUBLIC documents only, a signed-in user every document. */
export const StatisticsViewSchema = z
  .object({
    totalVisibleArchives: z.int().min(0),
    totalUsers: z.int().min(0).nullable().meta({ description: "Only for roles that manage users (Super Admin); null otherwise." }),
    totalUnitKerja: z.int().min(0).nullable().meta({ description: "Only for roles that manage work units (Super Admin); null otherwise." }),
    totalCategories: z.int().min(0),
    archivesByCategory: z.array(CategoryCountSchema).meta({ description: "Every category in id order, with the caller's visible count." }),
  })
  .meta({ ref: "Statistics" });
