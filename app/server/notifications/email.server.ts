/**
 * Notification email: composed as plain text plus escaped HTML (a title and a deep link in every
 * message), queued as rows, and handed to Cloudflare Email Service's `send_email` binding by the
 * queue consumer. Locally (wrangler dev, the tests) the binding is miniflare's, which writes each
 * message to a file instead of sending it.
 */
import { assertCan } from "~/domain/policy";
import { notificationText as text } from "~/i18n/notification-messages";
import { retentionToday } from "~/domain/retention";
import type { ServiceContext } from "../context.server";
import { inListChunks } from "../db/in-list.server";
import { sendWorkMessage } from "../jobs/messages.server";
import type { Composed } from "./rules.server";

/** Attempts after which an email is left FAILED (the notification stays in the app). */
export const MAX_EMAIL_ATTEMPTS = 5;
/** Emails assembled per digest run (one per user), and notifications per digest. */
const DIGEST_USERS_PER_RUN = 200;
const DIGEST_MAX_ITEMS = 50;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** One line of a subject: no line breaks (a header), bounded. */
const subjectLine = (value: string) => value.replace(/[\r\n]+/g, " ").trim().slice(0, 200);

/** The email of one notification (or of several: the digest), for `name`. */
export function renderNotificationEmail(
  ctx: Pick<ServiceContext, "origin">,
  name: string,
  messages: Composed[],
  subject?: string,
): { subject: string; text_body: string; html_body: string } {
  const absolute = (link: string) => new URL(link, ctx.origin).toString();
  const settings = absolute("/app/notifikasi/pengaturan");
  const single = messages.length === 1 ? messages[0]! : null;
  const heading = subject ?? single?.title ?? text.email.digestSubject(messages.length);
  const intro = single ? [] : [text.email.digestIntro(messages.length)];
  const textBody = [
    text.email.greeting(name),
    "",
    ...intro,
    ...messages.flatMap((message) => [`${messages.length > 1 ? "- " : ""}${message.title}`, `  ${message.body}`, `  ${text.email.open}: ${absolute(message.link)}`, ""]),
    `${text.email.footer} ${settings}`,
  ].join("\n");
  const items = messages
    .map(
      (message) =>
        `<li style="margin:0 0 16px"><strong>${escapeHtml(message.title)}</strong><br>${escapeHtml(message.body)}<br><a href="${escapeHtml(absolute(message.link))}">${escapeHtml(text.email.open)}</a></li>`,
    )
    .join("");
  const html = [
    `<!doctype html><html lang="id"><body style="font-family:sans-serif;color:#111827">`,
    `<p>${escapeHtml(text.email.greeting(name))}</p>`,
    ...intro.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<ul style="padding-left:16px">${items}</ul>`,
    `<p style="color:#4b5563;font-size:12px">${escapeHtml(text.email.footer)} <a href="${escapeHtml(settings)}">${escapeHtml(settings)}</a></p>`,
    `</body></html>`,
  ].join("");
  return { subject: subjectLine(`${text.email.subjectPrefix} ${heading}`), text_body: textBody, html_body: html };
}

export type EmailOutcome = "sent" | "skipped" | "failed" | "retry";

/**
 * Send queued email `emailId` through the binding (the queue consumer). Already sent or failed:
 * skipped. A refusal is retried (the message's own retries, `retry`) until MAX_EMAIL_ATTEMPTS,
 * then the row ends FAILED with the binding's error.
 */
export async function sendQueuedEmail(ctx: ServiceContext, emailId: number): Promise<EmailOutcome> {
  assertCan(ctx.actor, { type: "notifications.deliver" }, "notifications.deliver");
  const row = await ctx.db.selectFrom("email_messages").selectAll().where("id", "=", emailId).executeTakeFirst();
  if (!row || row.status !== "PENDING") return "skipped";
  const from = ctx.config.emailFrom;
  const now = ctx.now().toISOString();
  const finish = (status: "SENT" | "FAILED", fields: { message_id?: string | null; error?: string | null }) =>
    Promise.all([
      ctx.db
        .updateTable("email_messages")
        .set({ status, attempts: row.attempts + 1, sent_at: status === "SENT" ? now : null, message_id: fields.message_id ?? null, error: fields.error ?? null })
        .where("id", "=", emailId)
        .execute(),
      ctx.db
        .updateTable("notifications")
        .set({ email_status: status === "SENT" ? "SENT" : "FAILED" })
        .where("email_id", "=", emailId)
        .execute(),
    ]);
  if (!from || !ctx.env.EMAIL) {
    await finish("FAILED", { error: "send_email binding or EMAIL_FROM not configured" });
    return "failed";
  }
  try {
    const sent = await ctx.env.EMAIL.send({ from: from.name ? { email: from.email, name: from.name } : from.email, to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body });
    await finish("SENT", { message_id: (sent as { messageId?: string } | undefined)?.messageId ?? null });
    return "sent";
  } catch (error) {
    const message = String(error instanceof Error ? error.message : error).slice(0, 500);
    if (row.attempts + 1 >= MAX_EMAIL_ATTEMPTS) {
      await finish("FAILED", { error: message });
      return "failed";
    }
    await ctx.db.updateTable("email_messages").set({ attempts: row.attempts + 1, error: message }).where("id", "=", emailId).execute();
    return "retry";
  }
}

/**
 * The daily digest: per user, every notification waiting for it, in one email (never an empty
 * one: a user with nothing waiting gets nothing). Returns how many emails were queued.
 */
export async function sendDailyDigests(ctx: ServiceContext): Promise<number> {
  assertCan(ctx.actor, { type: "notifications.deliver" }, "notifications.deliver");
  const day = retentionToday(ctx.now());
  const users = await ctx.db
    .selectFrom("notifications as n")
    .innerJoin("users as u", "u.id", "n.user_id")
    .select(["u.id", "u.full_name", "u.email"])
    .where("n.email_status", "=", "DIGEST")
    .groupBy("u.id")
    .limit(DIGEST_USERS_PER_RUN)
    .execute();
  let queued = 0;
  for (const user of users) {
    const waiting = await ctx.db
      .selectFrom("notifications")
      .select(["id", "title", "body", "link"])
      .where("user_id", "=", user.id)
      .where("email_status", "=", "DIGEST")
      .orderBy("id")
      .execute();
    if (!user.email || !ctx.config.emailFrom || !ctx.env.EMAIL) {
      for (const chunk of inListChunks(waiting.map((row) => row.id))) {
        await ctx.db.updateTable("notifications").set({ email_status: "SKIPPED" }).where("id", "in", chunk).execute();
      }
      continue;
    }
    const shown = waiting.slice(-DIGEST_MAX_ITEMS);
    const email = renderNotificationEmail(ctx, user.full_name, shown, text.email.digestSubject(waiting.length));
    const dedupeKey = `digest:${user.id}:${day}:${waiting[waiting.length - 1]!.id}`;
    const now = ctx.now().toISOString();
    await ctx.db
      .insertInto("email_messages")
      .values({ user_id: user.id, to_address: user.email, ...email, dedupe_key: dedupeKey, created_at: now })
      .onConflict((oc) => oc.column("dedupe_key").doNothing())
      .execute();
    const emailRow = await ctx.db.selectFrom("email_messages").select("id").where("dedupe_key", "=", dedupeKey).executeTakeFirstOrThrow();
    for (const chunk of inListChunks(waiting.map((row) => row.id))) {
      await ctx.db.updateTable("notifications").set({ email_status: "PENDING", email_id: emailRow.id }).where("id", "in", chunk).execute();
    }
    await sendWorkMessage(ctx.env, { type: "email.send", emailId: emailRow.id });
    queued++;
  }
  return queued;
}
