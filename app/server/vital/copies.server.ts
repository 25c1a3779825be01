/**
 * The second copies of vital records (VITAL_FILES, a bucket of its own, same key as in FILES).
 * A copy is written when the flag is set and whenever the record's file is replaced, streamed
 * from FILES and hashed on the way: it is kept only when its bytes are those the SHA-256 recorded
 * at upload names, so a damaged primary never becomes the copy. The fixity job re-hashes copies,
 * rewrites missing or damaged ones from a good primary, and deletes released ones.
 */
import type { CopyOutcome } from "~/domain/vital";
import { t } from "~/i18n/id";
import { assertCan } from "~/domain/policy";
import { sealAuditChain } from "../audit/chain.server";
import { commit, type Step } from "../audit/commit.server";
import type { ServiceContext } from "../context.server";
import { toHex } from "../crypto.server";
import { inListChunks } from "../db/in-list.server";

type Ctx = Pick<ServiceContext, "db" | "d1" | "files" | "env" | "now" | "actor" | "client" | "config">;

/** The bucket of the second copies. */
export const vitalBucket = (ctx: Pick<ServiceContext, "env">): R2Bucket => ctx.env.VITAL_FILES;

/** workerd's streaming SHA-256 (the DOM typing of `crypto` the app also compiles with lacks it). */
const newDigest = () => new (crypto as unknown as { DigestStream: typeof DigestStream }).DigestStream("SHA-256");

/**
 * A pass-through stream that hashes what flows through it: `digest()` gives the SHA-256 once the
 * stream has ended. Writing to the hash is awaited per chunk, so the pipe keeps its backpressure
 * and no more than a chunk is held.
 */
export function hashingStream(): { stream: TransformStream<Uint8Array, Uint8Array>; digest: () => Promise<string> } {
  const digest = newDigest();
  const writer = digest.getWriter();
  const stream = new TransformStream<Uint8Array, Uint8Array>({
    async transform(chunk, controller) {
      await writer.write(chunk);
      controller.enqueue(chunk);
    },
    async flush() {
      await writer.close();
    },
  });
  return { stream, digest: async () => toHex(await digest.digest) };
}

/** The object's bytes, hashed: its SHA-256 and size, or nothing under the key. */
export async function hashStored(bucket: R2Bucket, key: string): Promise<{ sha256: string; size: number } | null> {
  const object = await bucket.get(key);
  if (!object) return null;
  const digest = newDigest();
  await object.body.pipeTo(digest);
  return { sha256: toHex(await digest.digest), size: object.size };
}

/**
 * Stream `fromKey` of `from` into `toKey` of `to`, hashing on the way: "OK" when the bytes are
 * the expected ones (the object stays), "MISMATCH" when not (the written object is deleted
 * again), "MISSING" when the source has no such object. Returns the hash it found too.
 */
export async function copyVerified(
  from: R2Bucket,
  fromKey: string,
  to: R2Bucket,
  toKey: string,
  expected: { sha256: string; size: number },
): Promise<{ outcome: CopyOutcome; sha256: string | null; size: number | null }> {
  const source = await from.get(fromKey);
  if (!source) return { outcome: "MISSING", sha256: null, size: null };
  const hashing = hashingStream();
  // R2 needs a known length: the source's.
  const body = source.body.pipeThrough(hashing.stream).pipeThrough(new FixedLengthStream(source.size));
  await to.put(toKey, body, { httpMetadata: source.httpMetadata });
  const sha256 = await hashing.digest();
  if (sha256 !== expected.sha256 || source.size !== expected.size) {
    await to.delete(toKey);
    return { outcome: "MISMATCH", sha256, size: source.size };
  }
  return { outcome: "OK", sha256, size: source.size };
}

/** Which of `archiveIds` are flagged vital (they stay out of the trash, and so of any purge). */
export async function vitalAmong(ctx: Pick<ServiceContext, "db">, archiveIds: readonly number[]): Promise<Set<number>> {
  const vital = new Set<number>();
  for (const chunk of inListChunks(archiveIds)) {
    for (const row of await ctx.db.selectFrom("vital_records").select("archive_id").where("archive_id", "in", chunk).execute()) vital.add(row.archive_id);
  }
  return vital;
}

type CurrentFile = { id: number; r2_key: string; sha256: string; file_size: number };

/** The current file of a vital document (nothing for one that is not vital, or gone). */
function vitalCurrentFile(ctx: Pick<ServiceContext, "db">, archiveId: number): Promise<CurrentFile | undefined> {
  return ctx.db
    .selectFrom("archives as a")
    .innerJoin("vital_records as v", "v.archive_id", "a.id")
    .select(["a.id", "a.r2_key", "a.sha256", "a.file_size"])
    .where("a.id", "=", archiveId)
    .where("a.deleted_at", "is", null)
    // A paper record has no file to keep a second copy of.
    .where("a.current_file_id", "is not", null)
    .executeTakeFirst();
}

/**
 * Write the second copy of a vital document's current file, unless a good one exists; the copies
 * of its earlier files are released (deleted by the next check). A document that is not vital:
 * nothing. Returns what was found (null: nothing to do). A failure is logged and left to the
 * fixity job, which writes missing copies: the record itself is safe in FILES.
 */
export async function copyIfVital(ctx: Ctx, archiveId: number): Promise<CopyOutcome | null> {
  try {
    const file = await vitalCurrentFile(ctx, archiveId);
    if (!file) return null;
    const existing = await ctx.db
      .selectFrom("vital_copies")
      .select(["status", "released_at"])
      .where("r2_key", "=", file.r2_key)
      .executeTakeFirst();
    if (existing?.status === "OK" && existing.released_at === null) return "OK";
    return await writeCopy(ctx, file);
  } catch (error) {
    console.warn(JSON.stringify({ event: "vital_copy_deferred", archiveId, error: String(error) }));
    return null;
  }
}

async function writeCopy(ctx: Ctx, file: CurrentFile): Promise<CopyOutcome> {
  const copied = await copyVerified(ctx.files, file.r2_key, vitalBucket(ctx), file.r2_key, { sha256: file.sha256, size: file.file_size });
  if (copied.outcome !== "OK") {
    // The primary is missing or damaged: the fixity job reports it; no copy is made of it.
    console.warn(JSON.stringify({ event: "vital_copy_source_bad", key: file.r2_key, outcome: copied.outcome }));
    return copied.outcome;
  }
  const now = ctx.now().toISOString();
  await commit(ctx, [
    ctx.db
      .insertInto("vital_copies")
      .values({ r2_key: file.r2_key, archive_id: file.id, sha256: file.sha256, file_size: file.file_size, copied_at: now, checked_at: now, status: "OK", released_at: null })
      .onConflict((oc) => oc.column("r2_key").doUpdateSet({ archive_id: file.id, copied_at: now, checked_at: now, status: "OK", released_at: null })),
    releaseStatement(ctx, file.id, now, file.r2_key),
  ]);
  return "OK";
}

/** Release the copies of a document (all of them, or all but `keepKey`): they wait to be deleted. */
export const releaseStatement = (ctx: Pick<ServiceContext, "db">, archiveId: number, now: string, keepKey?: string) =>
  ctx.db
    .updateTable("vital_copies")
    .set({ released_at: now })
    .where("archive_id", "=", archiveId)
    .where("released_at", "is", null)
    .$if(keepKey !== undefined, (qb) => qb.where("r2_key", "!=", keepKey!));

/** Delete released copies from the second bucket (best effort; what is left is tried again). Returns how many went. */
export async function deleteReleasedCopies(ctx: Ctx, limit: number): Promise<number> {
  const released = await ctx.db.selectFrom("vital_copies").select("r2_key").where("released_at", "is not", null).orderBy("released_at").limit(limit).execute();
  if (released.length === 0) return 0;
  const keys = released.map((row) => row.r2_key);
  // A key that is the current copy of another vital document (a restored version shares its
  // object) is not deleted from the bucket, only from this list.
  const stillUsed = new Set(
    (await ctx.db.selectFrom("vital_copies").select("r2_key").where("r2_key", "in", keys).where("released_at", "is", null).execute()).map((row) => row.r2_key),
  );
  const gone = keys.filter((key) => !stillUsed.has(key));
  if (gone.length > 0) await vitalBucket(ctx).delete(gone);
  await ctx.db.deleteFrom("vital_copies").where("r2_key", "in", keys).where("released_at", "is not", null).execute();
  return keys.length;
}

export type VitalCheckResult = { checked: number; failed: number; repaired: number; written: number; deleted: number };

/**
 * The `vital.copies` job (the fixity cron, after `fixity`; `fixity.check`): `checkVitalCopies`
 * within one fixity run's budget, logged like a fixity run, its audit rows sealed.
 */
export async function runVitalCopyChecks(ctx: Ctx): Promise<VitalCheckResult> {
  assertCan(ctx.actor, { type: "fixity.check" }, t.denied.page);
  const result = await checkVitalCopies(ctx, ctx.config.fixity.objectsPerRun, ctx.config.fixity.bytesPerRun);
  if (result.failed > 0) console.error(JSON.stringify({ event: "vital_copy_failures", ...result }));
  else console.log(JSON.stringify({ event: "vital_copy_run", ...result }));
  await sealAuditChain(ctx, 250);
  return result;
}

/**
 * The vital copies' check: delete released copies, write the copies still missing
 * (a vital record whose current file has no copy), then re-hash the copies checked longest ago
 * (`limit` objects, about `bytesBudget` bytes) against the recorded SHA-256. A copy that is gone
 * or damaged is reported once (VITAL_COPY_FAILURE) and rewritten from the primary when that is
 * good (VITAL_COPY_RECOVERED). Needs the caller's `fixity.check`.
 */
export async function checkVitalCopies(ctx: Ctx, limit: number, bytesBudget: number): Promise<VitalCheckResult> {
  const result: VitalCheckResult = { checked: 0, failed: 0, repaired: 0, written: 0, deleted: await deleteReleasedCopies(ctx, 100) };
  const uncopied = await ctx.db
    .selectFrom("vital_records as v")
    .innerJoin("archives as a", "a.id", "v.archive_id")
    .select("a.id")
    .where("a.deleted_at", "is", null)
    .where("a.current_file_id", "is not", null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom("vital_copies as c").select("c.r2_key").whereRef("c.r2_key", "=", "a.r2_key").where("c.released_at", "is", null))))
    .limit(limit)
    .execute();
  for (const row of uncopied) if ((await copyIfVital(ctx, row.id)) === "OK") result.written += 1;

  const due = await ctx.db
    .selectFrom("vital_copies as c")
    .innerJoin("archives as a", "a.id", "c.archive_id")
    .select(["c.r2_key", "c.archive_id", "c.sha256", "c.file_size", "c.status", "a.uuid", "a.title"])
    .where("c.released_at", "is", null)
    .orderBy("c.checked_at")
    .limit(limit)
    .execute();
  let bytes = 0;
  for (const copy of due) {
    if (result.checked > 0 && bytes + copy.file_size > bytesBudget) break;
    let found: { sha256: string; size: number } | null;
    try {
      found = await hashStored(vitalBucket(ctx), copy.r2_key);
    } catch (error) {
      console.warn(JSON.stringify({ event: "vital_copy_read_failed", key: copy.r2_key, error: String(error) }));
      continue;
    }
    bytes += copy.file_size;
    result.checked += 1;
    const outcome: CopyOutcome = !found ? "MISSING" : found.sha256 === copy.sha256 && found.size === copy.file_size ? "OK" : "MISMATCH";
    const now = ctx.now().toISOString();
    const audit = { targetType: "archive", targetId: copy.uuid, details: { r2Key: copy.r2_key, outcome, expectedSha256: copy.sha256, actualSha256: found?.sha256 ?? null } };
    const steps: Step[] = [ctx.db.updateTable("vital_copies").set({ checked_at: now, status: outcome }).where("r2_key", "=", copy.r2_key)];
    if (outcome !== "OK" && copy.status !== outcome) steps.push({ action: "VITAL_COPY_FAILURE", params: { title: copy.title, outcome }, ...audit });
    if (outcome === "OK" && copy.status !== "OK") steps.push({ action: "VITAL_COPY_RECOVERED", params: { title: copy.title }, ...audit });
    await commit(ctx, steps);
    if (outcome === "OK") continue;
    result.failed += 1;
    // Rewritten from the primary when that still has the recorded bytes.
    const rewritten = await copyVerified(ctx.files, copy.r2_key, vitalBucket(ctx), copy.r2_key, { sha256: copy.sha256, size: copy.file_size });
    if (rewritten.outcome === "OK") {
      await commit(ctx, [
        ctx.db.updateTable("vital_copies").set({ checked_at: now, copied_at: now, status: "OK" }).where("r2_key", "=", copy.r2_key),
        { action: "VITAL_COPY_RECOVERED", params: { title: copy.title }, ...audit, details: { ...audit.details, rewrittenFromPrimary: true } },
      ]);
      result.repaired += 1;
    }
  }
  return result;
}
