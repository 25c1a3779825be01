/**
 * Turning a rule's delivery into rows: one notification per recipient the rule composed a
 * message for, and, where their preference and address allow, an email to send at once (or a
 * place in tomorrow's digest). Idempotent by `dedupe_key`: an event delivered again notifies
 * nobody twice.
 */
import type { DomainEvent } from "~/domain/events";
import { DEFAULT_EMAIL_MODE, type EmailMode, type NotificationKind } from "~/domain/notifications";
import type { Step } from "../audit/commit.server";
import type { ServiceContext } from "../context.server";
import { inListChunks } from "../db/in-list.server";
import { sendWorkMessage } from "../jobs/messages.server";
import { renderNotificationEmail } from "./email.server";
import type { NotificationRule } from "./rules.server";
import type { Recipient } from "./recipients.server";

/** The outcome of delivering one event: the writes for its batch, and the emails to send after it. */
export type DeliveryWrites = { steps: Step[]; notified: number; after?: () => Promise<void> };

/** Each recipient's email mode for `kind` (their preference, else the kind's default). */
async function emailModes(ctx: ServiceContext, kind: NotificationKind, userIds: number[]): Promise<Map<number, EmailMode>> {
  const modes = new Map<number, EmailMode>();
  for (const chunk of inListChunks(userIds)) {
    const rows = await ctx.db.selectFrom("notification_preferences").select(["user_id", "email"]).where("kind", "=", kind).where("user_id", "in", chunk).execute();
    for (const row of rows) modes.set(row.user_id, row.email);
  }
  return new Map(userIds.map((id) => [id, modes.get(id) ?? DEFAULT_EMAIL_MODE[kind]]));
}

/** Where an email to `recipient` in `mode` stands: no email wanted, queued now, waiting for the digest, or impossible. */
function emailStatusOf(ctx: ServiceContext, recipient: Recipient, mode: EmailMode) {
  if (mode === "OFF") return "NONE" as const;
  if (!ctx.config.emailFrom || !ctx.env.EMAIL || !recipient.email) return "SKIPPED" as const;
  return mode === "IMMEDIATE" ? ("PENDING" as const) : ("DIGEST" as const);
}

/** Deliver `event` through `rule`: the notification (and email) rows for every recipient allowed to read it. */
export async function deliver(ctx: ServiceContext, event: DomainEvent, rule: NotificationRule): Promise<DeliveryWrites> {
  const delivery = await rule(ctx, event);
  if (!delivery) return { steps: [], notified: 0 };
  const messages = delivery.recipients.flatMap((recipient) => {
    const message = delivery.compose(recipient);
    return message ? [{ recipient, message }] : [];
  });
  if (messages.length === 0) return { steps: [], notified: 0 };
  const modes = await emailModes(ctx, delivery.kind, messages.map(({ recipient }) => recipient.actor.userId));
  const now = ctx.now().toISOString();
  const steps: Step[] = [];
  const emailKeys: string[] = [];
  for (const { recipient, message } of messages) {
    const userId = recipient.actor.userId;
    const dedupeKey = `event:${event.id}:${delivery.kind}:${userId}`;
    const emailStatus = emailStatusOf(ctx, recipient, modes.get(userId)!);
    steps.push(
      ctx.db
        .insertInto("notifications")
        .values({
          uuid: crypto.randomUUID(),
          user_id: userId,
          kind: delivery.kind,
          title: message.title,
          body: message.body,
          link: message.link,
          dedupe_key: dedupeKey,
          event_id: event.id,
          created_at: now,
          email_status: emailStatus,
        })
        .onConflict((oc) => oc.column("dedupe_key").doNothing()),
    );
    if (emailStatus === "PENDING") {
      const emailKey = `notification:${dedupeKey}`;
      const email = renderNotificationEmail(ctx, recipient.name, [message]);
      emailKeys.push(emailKey);
      steps.push(
        ctx.db
          .insertInto("email_messages")
          .values({ user_id: userId, to_address: recipient.email!, ...email, dedupe_key: emailKey, created_at: now })
          .onConflict((oc) => oc.column("dedupe_key").doNothing()),
        ctx.db
          .updateTable("notifications")
          .set((eb) => ({ email_id: eb.selectFrom("email_messages").select("id").where("dedupe_key", "=", emailKey) }))
          .where("dedupe_key", "=", dedupeKey),
      );
    }
  }
  return {
    steps,
    notified: messages.length,
    after: emailKeys.length > 0 ? () => sendQueuedEmails(ctx, emailKeys) : undefined,
  };
}

/** After the batch: a queue message per email still waiting (the consumer sends it). */
export async function sendQueuedEmails(ctx: ServiceContext, dedupeKeys: string[]): Promise<void> {
  for (const chunk of inListChunks(dedupeKeys)) {
    const rows = await ctx.db.selectFrom("email_messages").select("id").where("dedupe_key", "in", chunk).where("status", "=", "PENDING").execute();
    for (const row of rows) await sendWorkMessage(ctx.env, { type: "email.send", emailId: row.id });
  }
}
