import { z } from "zod";
import { notificationSettingsText as text } from "../i18n/notification-settings";
import { createListQuerySchema } from "./list-query";
import { EMAIL_MODES, NOTIFICATION_KINDS } from "./notifications";

/** The preferences form (and its API body): an email mode per kind, fields named by kind. */
export const NotificationPreferencesSchema = z.partialRecord(z.enum(NOTIFICATION_KINDS), z.enum(EMAIL_MODES, { error: text.preferences.invalidMode }));

/** The list's filter: unread (the default) or all. */
export const NotificationFilterSchema = z.enum(["unread", "all"]).catch("unread");

/** `/app/notifikasi` and `GET /api/v1/notifications`: newest first, unread only by default. */
export const NotificationListQuerySchema = createListQuerySchema({
  sorts: ["createdAt"],
  defaultSort: "createdAt",
  filters: { status: NotificationFilterSchema.default("unread") },
});
export type NotificationListQuery = z.output<typeof NotificationListQuerySchema>;
