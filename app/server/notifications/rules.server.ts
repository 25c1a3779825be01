/**
 * Who is told what, per event: each rule names its recipients and composes the message AS
 * each recipient — through the policy, with their role and unit as they are now — so nobody
 * reads in a notification what they could not read in the app (a Satuan Kerja of another unit,
 * a Viewer, a requester demoted since asking).
 */
import type { DomainEvent } from "~/domain/events";
import type { NotificationKind } from "~/domain/notifications";
import { can } from "~/domain/policy";
import { formatDate } from "~/lib/format";
import { fixity as fixityText } from "~/i18n/fixity";
import { jobs as jobsText } from "~/i18n/jobs";
import { notificationText as text } from "~/i18n/notification-messages";
import { retention as retentionText } from "~/i18n/retention";
import { findAccessRequest } from "../access-requests/queries.server";
import { archiveRefOf, isLive, stillTheRequester } from "../access-requests/service.server";
import type { ServiceContext } from "../context.server";
import { documentRef } from "../documents/view.server";
import { ppidOfficers, recipientsByIds, superAdmins, unitMembers, type Recipient } from "./recipients.server";

export type Composed = { title: string; body: string; link: string };

/** What a rule decided for one event: the kind, who may be told, and each one's message (null: nothing). */
export type Delivery = { kind: NotificationKind; recipients: Recipient[]; compose: (recipient: Recipient) => Composed | null };

export type NotificationRule = (ctx: ServiceContext, event: DomainEvent) => Promise<Delivery | null>;

const requestListLink = (title: string) => `/app/access-request?q=${encodeURIComponent(title)}`;

/** A request received: the members of the owning unit, or Super Admin where no unit owns it. */
export const accessRequestReceived: NotificationRule = async (ctx, event) => {
  const row = event.subjectId ? await findAccessRequest(ctx, event.subjectId) : undefined;
  if (!row || row.status !== "PENDING") return null;
  const recipients = row.owner_unit_kerja_id === null ? await superAdmins(ctx) : await unitMembers(ctx, row.owner_unit_kerja_id);
  const document = archiveRefOf(row);
  return {
    kind: "ACCESS_REQUEST_RECEIVED",
    recipients: recipients.filter((recipient) => recipient.actor.userId !== row.requester_id),
    compose: (recipient) =>
      can(recipient.actor, { type: "accessRequest.respond", ownerUnitKerjaId: row.owner_unit_kerja_id }) && can(recipient.actor, { type: "document.view", document })
        ? { ...text.compose.requestReceived(row.archive_title, row.requester_name), link: `/app/access-request?respond=${row.uuid}` }
        : null,
  };
};

/** The requester, while they may still read their request (and, for an approval, still use its token). */
async function requesterDelivery(ctx: ServiceContext, event: DomainEvent, kind: NotificationKind, message: (row: NonNullable<Awaited<ReturnType<typeof findAccessRequest>>>) => Omit<Composed, "link"> | null): Promise<Delivery | null> {
  const row = event.subjectId ? await findAccessRequest(ctx, event.subjectId) : undefined;
  if (!row) return null;
  const recipients = await recipientsByIds(ctx, [row.requester_id]);
  const document = archiveRefOf(row);
  return {
    kind,
    recipients,
    compose: (recipient) => {
      const mayRead =
        can(recipient.actor, { type: "accessRequest.view", request: { requesterId: row.requester_id, ownerUnitKerjaId: row.owner_unit_kerja_id } }) &&
        can(recipient.actor, { type: "document.view", document });
      const composed = mayRead ? message(row) : null;
      return composed && { ...composed, link: requestListLink(row.archive_title) };
    },
  };
}

const jakartaTime = (iso: string | null) => `${formatDate(iso, "DD MMMM YYYY HH:mm")} WIB`;

export const accessRequestDecided: NotificationRule = (ctx, event) =>
  requesterDelivery(ctx, event, "ACCESS_REQUEST_DECIDED", (row) => {
    if (row.status === "REJECTED") return text.compose.requestRejected(row.archive_title);
    return row.status === "APPROVED" ? text.compose.requestApproved(row.archive_title, jakartaTime(row.expires_at)) : null;
  });

export const accessRequestRevoked: NotificationRule = (ctx, event) =>
  requesterDelivery(ctx, event, "ACCESS_REQUEST_REVOKED", (row) => (row.status === "REVOKED" ? text.compose.revoked(row.archive_title) : null));

export const accessTokenExpiring: NotificationRule = async (ctx, event) => {
  const delivery = await requesterDelivery(ctx, event, "ACCESS_TOKEN_EXPIRING", (row) =>
    isLive(row, ctx.now()) ? text.compose.tokenExpiring(row.archive_title, jakartaTime(row.expires_at)) : null,
  );
  if (!delivery) return null;
  const row = (await findAccessRequest(ctx, event.subjectId!))!;
  // A token is good only for the requester as they were when they asked.
  return { ...delivery, compose: (recipient) => (stillTheRequester(row, recipient.actor) ? delivery.compose(recipient) : null) };
};

/** The extraction of a document's file ended FAILED or NO_TEXT: its uploader. */
export const textExtractionEnded: NotificationRule = async (ctx, event) => {
  const row = await ctx.db
    .selectFrom("archives")
    .select(["uuid", "title", "uploader_id", "unit_kerja_id", "access_level", "security_class", "archival_state", "deleted_at"])
    .where("uuid", "=", event.subjectId ?? "")
    .executeTakeFirst();
  if (!row || row.deleted_at !== null) return null;
  const status = event.payload.status;
  const document = documentRef(row);
  return {
    kind: "TEXT_EXTRACTION_PROBLEM",
    recipients: await recipientsByIds(ctx, [row.uploader_id]),
    compose: (recipient) => {
      if (!can(recipient.actor, { type: "document.view", document })) return null;
      const composed = status === "FAILED" ? text.compose.extractionFailed(row.title, String(event.payload.error ?? "")) : text.compose.extractionNoText(row.title);
      return { ...composed, link: `/app/documents/${row.uuid}` };
    },
  };
};

/** A stored file failed its fixity check: Super Admin. */
export const fixityFailure: NotificationRule = async (ctx, event) => {
  const outcome = String(event.payload.outcome ?? "") as keyof typeof fixityText.card.outcome;
  const archive =
    event.subjectType === "archive" && event.subjectId
      ? await ctx.db.selectFrom("archives").select(["uuid", "title"]).where("uuid", "=", event.subjectId).executeTakeFirst()
      : undefined;
  const what = archive ? `"${archive.title}"` : String(event.payload.r2Key ?? event.subjectId ?? "");
  return {
    kind: "FIXITY_FAILURE",
    recipients: await superAdmins(ctx),
    compose: (recipient) =>
      can(recipient.actor, { type: "fixity.report" })
        ? { ...text.compose.fixityFailure(what, fixityText.card.outcome[outcome] ?? outcome), link: archive ? `/app/documents/${archive.uuid}` : "/app" }
        : null,
  };
};

/** The week's newly due records of one final disposition: Super Admin. */
export const retentionNewlyDue: NotificationRule = async (ctx, event) => {
  const disposition = String(event.payload.disposition ?? "") as keyof typeof retentionText.disposition;
  const count = Number(event.payload.count ?? 0);
  if (count <= 0) return null;
  return {
    kind: "RETENTION_NEWLY_DUE",
    recipients: await superAdmins(ctx),
    compose: (recipient) =>
      can(recipient.actor, { type: "disposal.manage" })
        ? {
            ...text.compose.newlyDue(retentionText.disposition[disposition] ?? disposition, count, formatDate(String(event.payload.since), "DD MMMM YYYY")),
            link: "/app/penyusutan",
          }
        : null,
  };
};

async function disposalList(ctx: ServiceContext, uuid: string | null) {
  if (!uuid) return undefined;
  return ctx.db
    .selectFrom("disposal_lists as l")
    .leftJoin("berita_acara as b", "b.list_id", "l.id")
    .select((eb) => [
      "l.uuid",
      "l.number",
      "l.status",
      "b.number as berita_acara_number",
      eb.selectFrom("disposal_items as i").select((s) => s.fn.countAll<number>().as("n")).whereRef("i.list_id", "=", "l.id").as("items"),
      eb
        .selectFrom("disposal_items as i")
        .select((s) => s.fn.countAll<number>().as("n"))
        .whereRef("i.list_id", "=", "l.id")
        .where("i.outcome", "=", "DONE")
        .as("done"),
    ])
    .where("l.uuid", "=", uuid)
    .executeTakeFirst();
}

/** A new list waits for the committee's decisions: Super Admin. */
export const disposalListAwaiting: NotificationRule = async (ctx, event) => {
  const list = await disposalList(ctx, event.subjectId);
  if (!list || list.status !== "DRAFT") return null;
  return {
    kind: "DISPOSAL_LIST_AWAITING",
    recipients: await superAdmins(ctx),
    compose: (recipient) =>
      can(recipient.actor, { type: "disposal.manage" })
        ? { ...text.compose.listAwaiting(list.number, Number(list.items ?? 0)), link: `/app/penyusutan/daftar/${list.uuid}` }
        : null,
  };
};

/** A list was executed: Super Admin. */
export const disposalListExecuted: NotificationRule = async (ctx, event) => {
  const list = await disposalList(ctx, event.subjectId);
  if (!list || list.status !== "EXECUTED") return null;
  const done = Number(list.done ?? 0);
  return {
    kind: "DISPOSAL_LIST_EXECUTED",
    recipients: await superAdmins(ctx),
    compose: (recipient) =>
      can(recipient.actor, { type: "disposal.view" })
        ? {
            ...text.compose.listExecuted(list.number, list.berita_acara_number ?? "-", done, Number(list.items ?? 0) - done),
            link: `/app/penyusutan/daftar/${list.uuid}`,
          }
        : null,
  };
};

/** A job acting for a user ended: that user. */
export const jobEnded: NotificationRule = async (ctx, event) => {
  const ownerId = Number(event.payload.userId);
  if (!Number.isSafeInteger(ownerId) || !event.subjectId) return null;
  const kind = jobsText.kind[String(event.payload.kind)] ?? String(event.payload.kind);
  return {
    kind: "JOB_ENDED",
    recipients: await recipientsByIds(ctx, [ownerId]),
    compose: (recipient) => {
      if (!can(recipient.actor, { type: "job.view", ownerId })) return null;
      const composed = event.kind === "JOB_FAILED" ? text.compose.jobFailed(kind, String(event.payload.error ?? "")) : text.compose.jobDone(kind);
      return { ...composed, link: `/app/pekerjaan/${event.subjectId}` };
    },
  };
};

/**
 * A PPID due date is near: a request's answer to the officers (designated, and Super Admin), an
 * objection's response to the atasan PPID (and Super Admin), while it is still open.
 */
export const ppidDeadlineNear: NotificationRule = async (ctx, event) => {
  const days = Number(event.payload.days ?? 0);
  const dueDate = formatDate(`${String(event.payload.dueDate)}T00:00:00+07:00`, "DD MMMM YYYY");
  if (event.subjectType === "ppid_objection") {
    const row = event.subjectId
      ? await ctx.db
          .selectFrom("ppid_objections as o")
          .innerJoin("ppid_requests as r", "r.id", "o.request_id")
          .select(["o.registration_number", "o.status", "r.uuid as request_uuid"])
          .where("o.uuid", "=", event.subjectId)
          .executeTakeFirst()
      : undefined;
    if (!row || row.status !== "KEBERATAN") return null;
    return {
      kind: "PPID_DEADLINE_NEAR",
      recipients: await ppidOfficers(ctx, "ATASAN"),
      compose: (recipient) =>
        can(recipient.actor, { type: "ppid.objections" }) ? { ...text.compose.ppidDeadlineNear(row.registration_number, days, dueDate), link: `/app/ppid/${row.request_uuid}` } : null,
    };
  }
  const row = event.subjectId
    ? await ctx.db.selectFrom("ppid_requests").select(["uuid", "registration_number", "status"]).where("uuid", "=", event.subjectId).executeTakeFirst()
    : undefined;
  if (!row || !row.registration_number || !["DITERIMA", "DIPROSES", "DIPERPANJANG"].includes(row.status)) return null;
  return {
    kind: "PPID_DEADLINE_NEAR",
    recipients: await ppidOfficers(ctx, "PETUGAS"),
    compose: (recipient) =>
      can(recipient.actor, { type: "ppid.desk" }) ? { ...text.compose.ppidDeadlineNear(row.registration_number!, days, dueDate), link: `/app/ppid/${row.uuid}` } : null,
  };
};
