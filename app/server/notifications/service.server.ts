/**
 * A user's notifications: the list (newest first, unread by default), the bell's count, marking
 * read, and the email preferences. Every use case acts on the signed-in user's own rows only.
 */
import type { ListPage } from "~/domain/list-page";
import { listPage } from "~/domain/list-page";
import { NotificationPreferencesSchema, type NotificationListQuery } from "~/domain/notification-schemas";
import {
  DEFAULT_EMAIL_MODE,
  isNotificationKind,
  kindsForRole,
  type NotificationKind,
  type NotificationPreferenceView,
  type NotificationView,
} from "~/domain/notifications";
import { NotFoundError } from "~/domain/errors";
import { parseOrInvalid } from "~/domain/form-input";
import { assertCan } from "~/domain/policy";
import { notificationText as text } from "~/i18n/notification-messages";
import { session as sessionText } from "~/i18n/session";
import { requireUser, type ServiceContext } from "../context.server";
import { runBatch } from "../db/batch.server";
import { batchedRead, preparedQuery, readTogether, type BatchedRead } from "../db/prepared.server";

export type NotificationPage = ListPage<NotificationView, NotificationListQuery> & { unreadCount: number };

const toView = (row: { uuid: string; kind: string; title: string; body: string; link: string; created_at: string; read_at: string | null }): NotificationView => ({
  id: row.uuid,
  kind: isNotificationKind(row.kind) ? row.kind : "JOB_ENDED",
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: row.created_at,
  readAt: row.read_at,
});

const unreadCountStatement = preparedQuery((db, _shape: null, userId: number) =>
  db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("read_at", "is", null),
);

/** The bell's number: the signed-in user's unread notifications (an index count), as a read that shares the layout's round trip. */
export function unreadNotificationsRead(ctx: ServiceContext): BatchedRead<number> {
  const user = requireUser(ctx);
  return batchedRead([unreadCountStatement(ctx.d1, null, user.userId)], ([rows]) => Number(rows[0]?.n ?? 0));
}

/** One page of the signed-in user's notifications, newest first, with the unread count. */
export async function listNotifications(ctx: ServiceContext, query: NotificationListQuery): Promise<NotificationPage> {
  const user = requireUser(ctx);
  assertCan(ctx.actor, { type: "notifications.read" }, sessionText.required);
  const own = () => {
    const base = ctx.db.selectFrom("notifications").where("user_id", "=", user.userId);
    return query.status === "unread" ? base.where("read_at", "is", null) : base;
  };
  const [rows, count, unreadCount] = await Promise.all([
    own()
      .select(["uuid", "kind", "title", "body", "link", "created_at", "read_at"])
      .orderBy("created_at", query.dir)
      .orderBy("id", query.dir)
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
    own()
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst(),
    readTogether(ctx.d1, unreadNotificationsRead(ctx)).then(([unread]) => unread),
  ]);
  return { ...listPage(rows.map(toView), Number(count?.n ?? 0), query), unreadCount };
}

/** 'Tandai dibaca': one of the signed-in user's notifications (read already: unchanged). */
export async function markNotificationRead(ctx: ServiceContext, uuid: string): Promise<NotificationView> {
  const user = requireUser(ctx);
  assertCan(ctx.actor, { type: "notifications.update" }, text.notFound);
  const now = ctx.now().toISOString();
  await ctx.db.updateTable("notifications").set({ read_at: now }).where("uuid", "=", uuid).where("user_id", "=", user.userId).where("read_at", "is", null).execute();
  const row = await ctx.db
    .selectFrom("notifications")
    .select(["uuid", "kind", "title", "body", "link", "created_at", "read_at"])
    .where("uuid", "=", uuid)
    .where("user_id", "=", user.userId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(text.notFound);
  return toView(row);
}

/** 'Tandai semua dibaca': every unread notification of the signed-in user. Returns how many. */
export async function markAllNotificationsRead(ctx: ServiceContext): Promise<number> {
  const user = requireUser(ctx);
  assertCan(ctx.actor, { type: "notifications.update" }, text.notFound);
  const result = await ctx.db.updateTable("notifications").set({ read_at: ctx.now().toISOString() }).where("user_id", "=", user.userId).where("read_at", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export type NotificationSettings = {
  preferences: NotificationPreferenceView[];
  /** The account has no email address: email cannot reach it. */
  noEmail: boolean;
  /** The server sends no email (no sender configured). */
  mailOff: boolean;
};

/** The signed-in user's email preference for each kind they can receive. */
export async function getNotificationSettings(ctx: ServiceContext): Promise<NotificationSettings> {
  const user = requireUser(ctx);
  assertCan(ctx.actor, { type: "notifications.read" }, sessionText.required);
  const [rows, account] = await Promise.all([
    ctx.db.selectFrom("notification_preferences").select(["kind", "email"]).where("user_id", "=", user.userId).execute(),
    ctx.db.selectFrom("users").select("email").where("id", "=", user.userId).executeTakeFirst(),
  ]);
  const chosen = new Map(rows.map((row) => [row.kind, row.email]));
  return {
    preferences: kindsForRole(user.role).map((kind) => ({ kind, email: chosen.get(kind) ?? DEFAULT_EMAIL_MODE[kind], isDefault: !chosen.has(kind) })),
    noEmail: !account?.email,
    mailOff: !ctx.config.emailFrom || !ctx.env.EMAIL,
  };
}

/**
 * Save the signed-in user's email preferences (fields named by kind; kinds they cannot receive
 * are ignored). A choice equal to the kind's default is stored too: an explicit choice survives
 * a later change of defaults.
 */
export async function saveNotificationPreferences(ctx: ServiceContext, input: unknown): Promise<NotificationSettings> {
  const user = requireUser(ctx);
  assertCan(ctx.actor, { type: "notifications.update" }, sessionText.required);
  // Only the kinds' fields count (a form also carries its CSRF token).
  const fields = Object.fromEntries(Object.entries((input ?? {}) as Record<string, unknown>).filter(([key]) => isNotificationKind(key)));
  const chosen = parseOrInvalid(NotificationPreferencesSchema, fields);
  const allowed = new Set<NotificationKind>(kindsForRole(user.role));
  const rows = Object.entries(chosen).flatMap(([kind, email]) => (allowed.has(kind as NotificationKind) && email ? [{ user_id: user.userId, kind, email }] : []));
  if (rows.length > 0) {
    await runBatch(
      ctx.d1,
      rows.map((row) => ctx.db.insertInto("notification_preferences").values(row).onConflict((oc) => oc.columns(["user_id", "kind"]).doUpdateSet({ email: row.email }))),
    );
  }
  return getNotificationSettings(ctx);
}
