import { TooManyRequestsError } from "~/domain/errors";
import { documentFormMessages } from "~/i18n/document-form";
import type { AppContext } from "../context.server";
import type { UploadAllowance } from "../files.server";
import { consumeRateLimit } from "../rate-limit.server";

const UPLOAD_WINDOW_MS = 15 * 60 * 1000;

export type StorageUsage = { usedBytes: number; quotaBytes: number };

/** How much of its quota the user's work unit uses (null for a user without a unit: no quota). */
export async function unitStorageUsage(ctx: Pick<AppContext, "db" | "config">, unitKerjaId: number | null): Promise<StorageUsage | null> {
  if (unitKerjaId === null) return null;
  const row = await ctx.db.selectFrom("unit_storage").select("bytes").where("unit_kerja_id", "=", unitKerjaId).executeTakeFirst();
  return { usedBytes: row?.bytes ?? 0, quotaBytes: ctx.config.unitQuotaBytes };
}

/** Count one upload against the user's rate limit; past it, 429 with the time to wait. */
export async function countUpload(ctx: AppContext, userId: number): Promise<void> {
  const decision = await consumeRateLimit(ctx, `upload:${userId}`, { max: ctx.config.uploadsPer15Min, windowMs: UPLOAD_WINDOW_MS });
  if (!decision.allowed) throw new TooManyRequestsError(documentFormMessages.uploadRateLimited, decision.retryAfterSeconds);
}

/**
 * The most bytes a new file for a document of `unitKerjaId` may have: the size cap, or what is
 * left of that unit's quota (plus `freedBytes`, the size of a file being replaced). Parallel
 * uploads of one unit may together pass the quota by at most what each was allowed; the next
 * upload sees the total.
 */
export async function uploadAllowance(ctx: AppContext, unitKerjaId: number | null, freedBytes = 0): Promise<UploadAllowance> {
  const usage = await unitStorageUsage(ctx, unitKerjaId);
  const remaining = usage ? usage.quotaBytes - usage.usedBytes + freedBytes : Number.POSITIVE_INFINITY;
  return remaining < ctx.config.maxUploadBytes
    ? { maxBytes: Math.max(0, remaining), limitedByQuota: true }
    : { maxBytes: ctx.config.maxUploadBytes, limitedByQuota: false };
}
