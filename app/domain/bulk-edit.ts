/**
 * Bulk edit: what a person asks of many documents at once (the list's selection, or everything
 * matching its search and filters), the same for the page and `POST /api/v1/archives/bulk`.
 */
import { z } from "zod";
import { bulkEdit as t } from "../i18n/bulk-edit";
import { ACCESS_LEVELS } from "./document-schemas";
import { SECURITY_CLASSES } from "./security-classes";
import { BULK_FILTER_PARAMS } from "./bulk-edit-view";

/** Most documents one run may touch (said before it starts). */
export const MAX_BULK_DOCUMENTS = 1_000;

const keywordList = z
  .union([z.array(z.string()), z.string()])
  .transform((value) => (Array.isArray(value) ? value : value.split(",")).map((word) => word.trim()).filter(Boolean))
  .pipe(z.array(z.string().max(100, t.keywordsMax)).max(50, t.keywordsMax));

/** The fields a bulk edit may set; absent ones stay as each document has them. */
export const BulkSetSchema = z.object({
  categoryId: z.coerce.number().int().positive().optional(),
  classificationCode: z.string().trim().toUpperCase().optional(),
  securityClass: z.enum(SECURITY_CLASSES).optional(),
  accessLevel: z.enum(ACCESS_LEVELS).optional(),
  unitKerjaId: z.coerce.number().int().positive().optional(),
  addKeywords: keywordList.optional(),
  removeKeywords: keywordList.optional(),
});
export type BulkSet = z.output<typeof BulkSetSchema>;

/** What a bulk edit does instead of setting fields. */
export const BULK_ACTIONS = ["trash", "berkas"] as const;

export const BulkEditSchema = z
  .object({
    uuids: z.array(z.string().uuid({ error: t.nothingChosen })).min(1, t.nothingChosen).max(MAX_BULK_DOCUMENTS, t.tooMany(MAX_BULK_DOCUMENTS, MAX_BULK_DOCUMENTS + 1)).optional(),
    /** The list's query parameters (`q`, `category`, `klasifikasi`, ...): everything matching them. */
    filter: z.record(z.string(), z.string()).optional(),
    set: BulkSetSchema.optional(),
    /** `trash`: to the trash; `berkas`: filed into the berkas `berkasId` ('Masukkan ke Berkas'). */
    action: z.enum(BULK_ACTIONS).optional(),
    berkasId: z.coerce.number({ error: t.berkasRequired }).int().positive({ error: t.berkasRequired }).optional(),
  })
  .refine((body) => (body.uuids === undefined) !== (body.filter === undefined), { error: t.uuidsOrFilter })
  .refine((body) => (body.set === undefined) !== (body.action === undefined), { error: t.setOrTrash })
  .refine((body) => (body.action === "berkas") === (body.berkasId !== undefined), { error: t.berkasRequired })
  .refine((body) => body.action !== undefined || Object.values(body.set ?? {}).some((value) => value !== undefined && !(Array.isArray(value) && value.length === 0)), {
    error: t.nothingToDo,
  });
export type BulkEdit = z.output<typeof BulkEditSchema>;

/** A document's keywords after a bulk edit: removals first (case-insensitive), then additions not there yet. */
export function editedKeywords(current: string, add: readonly string[] = [], remove: readonly string[] = []): string {
  const removed = new Set(remove.map((word) => word.toLowerCase()));
  const words = current
    .split(",")
    .map((word) => word.trim())
    .filter((word) => word && !removed.has(word.toLowerCase()));
  for (const word of add) if (!words.some((existing) => existing.toLowerCase() === word.toLowerCase())) words.push(word);
  return words.join(", ");
}

/**
 * The action bar's form as a bulk edit (the same schema as the API): the ticked rows, or the
 * filter with `scope=all`; `intent=trash`, `intent=berkas` with `berkasId`, or the fields chosen
 * (`access` is "LEVEL:CLASS").
 */
export function bulkEditOfForm(form: { get(name: string): unknown; getAll(name: string): unknown[] }) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
  };
  const filter = Object.fromEntries(BULK_FILTER_PARAMS.flatMap((name) => (text(name) ? [[name, text(name)!]] : [])));
  const [accessLevel, securityClass] = (text("access") ?? "").split(":");
  return BulkEditSchema.safeParse({
    ...(text("scope") === "all" ? { filter } : { uuids: form.getAll("uuids").filter((value) => typeof value === "string") }),
    ...(text("intent") === "trash"
      ? { action: "trash" }
      : text("intent") === "berkas"
        ? { action: "berkas", berkasId: text("berkasId") }
        : {
          set: {
            categoryId: text("categoryId"),
            classificationCode: text("classificationCode"),
            accessLevel: accessLevel || undefined,
            securityClass: securityClass || undefined,
            addKeywords: text("addKeywords"),
            removeKeywords: text("removeKeywords"),
          },
        }),
  });
}
