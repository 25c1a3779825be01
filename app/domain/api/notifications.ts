import { z } from "zod";
import { EMAIL_MODES, NOTIFICATION_KINDS } from "../notifications";
import { NotificationListQuerySchema, NotificationPreferencesSchema } from "../notification-schemas";
import { listPageSchema, timestamp, uuid } from "./common";

export const NotificationSchema = z
  .object({
    id: uuid(),
    kind: z.enum(NOTIFICATION_KINDS),
    title: z.string(),
    body: z.string().meta({ description: "One line of context, composed for the recipient." }),
    link: z.string().meta({ description: "The path of the thing itself in this app (e.g. /app/documents/{uuid})." }),
    createdAt: timestamp(),
    readAt: timestamp().nullable(),
  })
  .meta({ ref: "Notification" });

export const NotificationPageSchema = listPageSchema(NotificationSchema, NotificationListQuerySchema)
  .extend({ unreadCount: z.int().min(0).meta({ description: "The caller's unread notifications (the bell's number)." }) })
  .meta({ ref: "NotificationPage" });

export const MarkedAllReadSchema = z.object({ message: z.string(), data: z.object({ marked: z.int().min(0), unreadCount: z.literal(0) }) });

export const NotificationSettingsSchema = z
  .object({
    preferences: z.array(z.object({ kind: z.enum(NOTIFICATION_KINDS), email: z.enum(EMAIL_MODES), isDefault: z.boolean() })),
    noEmail: z.boolean().meta({ description: "The account has no email address." }),
    mailOff: z.boolean().meta({ description: "This server sends no email (no sender configured)." }),
  })
  .meta({ ref: "NotificationSettings" });

export { NotificationPreferencesSchema as NotificationPreferencesBodySchema };
