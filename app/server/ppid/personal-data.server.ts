/**
 * Personal data of PPID requesters is minimised on a retention period: the maintenance job blanks
 * the name, email, phone and address of requests answered or closed PERSONAL_DATA_KEPT_DAYS ago
 * (unless an objection is still open), and of requests never confirmed a day after their link
 * lapsed. The register keeps its numbers, dates, outcomes and the information asked; the row
 * records when its personal data went (`personal_purged_at`). Idempotent.
 */
import { assertCan } from "~/domain/policy";
import { PERSONAL_DATA_KEPT_DAYS, UNCONFIRMED_KEPT_DAYS } from "~/domain/ppid/requests-view";
import { daysAfter } from "~/domain/time";
import { ppidMessages } from "~/i18n/ppid";
import type { ServiceContext } from "../context.server";


export async function purgePpidPersonalData(ctx: Pick<ServiceContext, "db" | "now" | "actor">): Promise<number> {
  assertCan(ctx.actor, { type: "ppid.purgePersonal" }, "ppid.purgePersonal");
  const now = ctx.now();
  const answeredBefore = daysAfter(now, -PERSONAL_DATA_KEPT_DAYS);
  const lapsedBefore = daysAfter(now, -UNCONFIRMED_KEPT_DAYS);
  const purged = await ctx.db
    .updateTable("ppid_requests")
    .set({ requester_name: ppidMessages.personalDataPurged, email: null, phone: null, address: null, personal_purged_at: now.toISOString() })
    .where("personal_purged_at", "is", null)
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "MENUNGGU_KONFIRMASI"), eb("confirm_expires_at", "<=", lapsedBefore)]),
        eb.and([
          eb("status", "in", ["DIJAWAB", "SELESAI"]),
          eb(eb.fn.coalesce("closed_at", "answered_at"), "<=", answeredBefore),
          eb.not(eb.exists(eb.selectFrom("ppid_objections as o").select("o.id").whereRef("o.request_id", "=", "ppid_requests.id").where("o.status", "!=", "SELESAI"))),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(purged.numUpdatedRows);
}
