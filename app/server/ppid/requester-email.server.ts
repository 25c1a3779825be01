import type { DomainEvent } from "~/domain/events";
import { ppidMessages } from "~/i18n/ppid";
import { formatDate } from "~/lib/format";
import type { ServiceContext } from "../context.server";
import type { DeliveryWrites } from "../notifications/deliver.server";
import { sendQueuedEmails } from "../notifications/deliver.server";

const e = ppidMessages.email;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
/** The email with the confirmation link of an online request. */
export function confirmationEmail(name: string, link: string) {
  const body = e.confirmBody(name);
  return {
    subject: e.confirmSubject,
    text_body: `${body}\n\n${e.confirmAction}: ${link}\n`,
    html_body: `<!doctype html><html lang="id"><body style="font-family:sans-serif;color:#111827"><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(e.confirmAction)}</a></p></body></html>`,
  };
}

const day = (date: string) => formatDate(`${date}T00:00:00+07:00`, "DD MMMM YYYY");

/**
 * What the answer email says of the answer's documents: their titles, and until when the released
 * ones can be downloaded from the status page. Never a download link: an email is forwarded and
 * kept, the code on the receipt is what proves the requester.
 */
async function answerFilesLines(ctx: ServiceContext, requestId: number): Promise<string[]> {
  const files = await ctx.db.selectFrom("ppid_answer_files").select(["title", "kind", "expires_at"]).where("request_id", "=", requestId).orderBy("id").execute();
  if (files.length === 0) return [];
  const released = files.find((file) => file.kind === "RILIS");
  return [e.answeredFiles(files.map((file) => file.title)), ...(released ? [e.answeredReleased(formatDate(released.expires_at!, "DD MMMM YYYY HH:mm"))] : [])];
}

/**
 * The requester's email on an extension or an answer (events PPID_REQUEST_EXTEND and
 * PPID_REQUEST_ANSWER). The requester has no account: an `email_messages` row without a user,
 * once per event (its dedupe key), written with the event's dispatch and sent after it.
 */
export async function emailPpidRequester(ctx: ServiceContext, event: DomainEvent): Promise<DeliveryWrites> {
  const row = event.subjectId
    ? await ctx.db
        .selectFrom("ppid_requests")
        .select(["id", "registration_number", "requester_name", "email", "extended_due_date", "extension_reason", "outcome", "answer_message"])
        .where("uuid", "=", event.subjectId)
        .executeTakeFirst()
    : undefined;
  if (!row?.email || !row.registration_number) return { steps: [], notified: 0 };
  const number = row.registration_number;
  const lines =
    event.kind === "PPID_REQUEST_EXTEND"
      ? { subject: e.extendedSubject(number), body: e.extendedBody(number, day(row.extended_due_date!), row.extension_reason ?? "") }
      : { subject: e.answeredSubject(number), body: [e.answeredBody(number, ppidMessages.outcomes[row.outcome!], row.answer_message ?? ""), ...(await answerFilesLines(ctx, row.id))].join("\n\n") };
  const statusLink = new URL("/ppid/status", ctx.origin).toString();
  const dedupeKey = `ppid-requester:${event.id}`;
  const greeting = e.greeting(row.requester_name);
  return {
    steps: [
      ctx.db
        .insertInto("email_messages")
        .values({
          user_id: null,
          to_address: row.email,
          subject: lines.subject,
          text_body: `${greeting}\n\n${lines.body}\n\n${e.statusAction}: ${statusLink}\n`,
          html_body: `<!doctype html><html lang="id"><body style="font-family:sans-serif;color:#111827"><p>${escapeHtml(greeting)}</p><p style="white-space:pre-line">${escapeHtml(lines.body)}</p><p><a href="${escapeHtml(statusLink)}">${escapeHtml(e.statusAction)}</a></p></body></html>`,
          dedupe_key: dedupeKey,
          created_at: ctx.now().toISOString(),
        })
        .onConflict((oc) => oc.column("dedupe_key").doNothing()),
    ],
    notified: 0,
    after: () => sendQueuedEmails(ctx, [dedupeKey]),
  };
}
