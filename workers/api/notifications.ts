import { Hono } from "hono";
import { changed } from "~/domain/api/common";
import { MarkedAllReadSchema, NotificationPageSchema, NotificationPreferencesBodySchema, NotificationSchema, NotificationSettingsSchema } from "~/domain/api/notifications";
import { NotificationListQuerySchema } from "~/domain/notification-schemas";
import { notificationText as text } from "~/i18n/notification-messages";
import {
  getNotificationSettings,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  saveNotificationPreferences,
} from "~/server/notifications/service.server";
import type { HonoEnv } from "../hono-env";
import { jsonBody, listQuery, pathParam, route } from "./contract";

const TAG = "Notifications";

/** `/api/v1/notifications`: the caller's own notifications and email preferences. */
export const notificationsApi = new Hono<HonoEnv>()
  .get(
    "/",
    route({
      tag: TAG,
      summary: "The caller's notifications, newest first",
      description: "`status=unread` (default) or `all`; paged like every list. `unreadCount` is the bell's number.",
      access: "read",
      ok: { description: "One page of notifications.", schema: NotificationPageSchema },
    }),
    listQuery(NotificationListQuerySchema),
    async (c) => c.json(await listNotifications(c.get("ctx"), c.req.valid("query"))),
  )
  .post(
    "/read-all",
    route({
      tag: TAG,
      summary: "'Tandai semua dibaca': mark every unread notification read",
      access: "write",
      ok: { description: "Marked.", schema: MarkedAllReadSchema },
    }),
    async (c) => {
      const marked = await markAllNotificationsRead(c.get("ctx"));
      return c.json({ message: text.markedAllRead(marked), data: { marked, unreadCount: 0 as const } });
    },
  )
  .get(
    "/preferences",
    route({
      tag: TAG,
      summary: "The caller's email preference per notification kind",
      description: "In-app notifications are always on; email is IMMEDIATE, DIGEST (daily) or OFF per kind.",
      access: "read",
      ok: { description: "The preferences.", schema: NotificationSettingsSchema },
    }),
    async (c) => c.json(await getNotificationSettings(c.get("ctx"))),
  )
  .put(
    "/preferences",
    route({
      tag: TAG,
      summary: "Set the caller's email preferences",
      description: "An object from kind to IMMEDIATE, DIGEST or OFF; kinds not given keep their setting.",
      access: "write",
      ok: { description: "Saved.", schema: changed(NotificationSettingsSchema) },
      errors: [400],
    }),
    jsonBody(NotificationPreferencesBodySchema),
    async (c) => c.json({ message: text.preferences.saved, data: await saveNotificationPreferences(c.get("ctx"), c.req.valid("json")) }),
  )
  .post(
    "/:id/read",
    route({
      tag: TAG,
      summary: "'Tandai dibaca': mark one notification read",
      access: "write",
      parameters: [pathParam("id", "The notification's id.")],
      ok: { description: "Marked.", schema: changed(NotificationSchema) },
      errors: [404],
    }),
    async (c) => c.json({ message: text.markedRead, data: await markNotificationRead(c.get("ctx"), c.req.param("id")) }),
  );
