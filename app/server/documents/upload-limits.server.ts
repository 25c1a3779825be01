import { DomainError, TooManyRequestsError } from "~/domain/errors";
import { documentFormMessages } from "~/i18n/document-form";
import type { ServiceContext } from "../context.server";
import { sql } from "kysely";
import type { StorageQuota } from "../files/staging.server";
import { consumeRateLimit } from "../rate-limit.server";

const UPLOAD_WINDOW_MS = 15 * 60 * 1000;

export type StorageUsage = { usedBytes: number; quotaBytes: number };

/** How much of its quota the user's work unit uses (null for a user without a unit: no quota). */
export async function unitStorageUsage(ctx: Pick<ServiceContext, "db" | "config">, unitKerjaId: number | null): Promise<StorageUsage | null> {
  if (unitKerjaId === null) return null;
  const row = await ctx.db.selectFrom("unit_storage").select("bytes").where("unit_kerja_id", "=", unitKerjaId).executeTakeFirst();
  return { usedBytes: row?.bytes ?? 0, quotaBytes: ctx.config.unitQuotaBytes };
}

/** 413 before a byte is stored when `bytes` more would take the unit past its quota (no unit: no quota). */
export async function assertRoomFor(ctx: Pick<ServiceContext, "db" | "config">, unitKerjaId: number | null, bytes: number): Promise<void> {
  const usage = await unitStorageUsage(ctx, unitKerjaId);
  if (usage && usage.usedBytes + bytes > usage.quotaBytes) throw new DomainError(413, documentFormMessages.quotaExceeded);
}

/** Count one upload against the user's rate limit; past it, 429 with the time to wait. */
export async function countUpload(ctx: ServiceContext, userId: number): Promise<void> {
  const decision = await consumeRateLimit(ctx, `upload:${userId}`, { max: ctx.config.uploadsPer15Min, windowMs: UPLOAD_WINDOW_MS });
  if (!decision.allowed) throw new TooManyRequestsError(documentFormMessages.uploadRateLimited, decision.retryAfterSeconds);
}

/** The quota a new file of a document owned by `unitKerjaId` counts against (none without a unit). */
export const storageQuotaOf = (ctx: Pick<ServiceContext, "config">, unitKerjaId: number | null): StorageQuota | null =>
  unitKerjaId === null ? null : { unitKerjaId, quotaBytes: ctx.config.unitQuotaBytes };

/**
 * A batch step after a new version's row: rolls the whole batch back (QUOTA_EXCEEDED) when the
 * unit now stores more than its quota. Reservations keep parallel uploads within it; this holds
 * the line even for an upload that outlived its reservation.
 */
export const quotaGuard = (ctx: Pick<ServiceContext, "db" | "config">, unitKerjaId: number | null) =>
  ctx.db
    .insertInto("quota_guards")
    .columns(["ok"])
    .expression(
      sql<{ ok: number }>`SELECT 0 WHERE ${unitKerjaId} IS NOT NULL
        AND (SELECT bytes FROM unit_storage WHERE unit_kerja_id = ${unitKerjaId}) > ${ctx.config.unitQuotaBytes}`,
    );
