import { ROLES, type RoleName } from "./roles";

/**
 * What a user can be told, and how the email goes by default. In-app notifications are always
 * on; email is per kind: at once, in the daily digest, or off.
 */
export const NOTIFICATION_KINDS = [
  "ACCESS_REQUEST_RECEIVED",
  "ACCESS_REQUEST_DECIDED",
  "ACCESS_TOKEN_EXPIRING",
  "ACCESS_REQUEST_REVOKED",
  "TEXT_EXTRACTION_PROBLEM",
  "FIXITY_FAILURE",
  "RETENTION_NEWLY_DUE",
  "DISPOSAL_LIST_AWAITING",
  "DISPOSAL_LIST_EXECUTED",
  "JOB_ENDED",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const isNotificationKind = (value: unknown): value is NotificationKind =>
  typeof value === "string" && (NOTIFICATION_KINDS as readonly string[]).includes(value);

export const EMAIL_MODES = ["IMMEDIATE", "DIGEST", "OFF"] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

/** The email default of each kind: what needs acting on soon comes at once, the rest in the digest. */
export const DEFAULT_EMAIL_MODE: Record<NotificationKind, EmailMode> = {
  ACCESS_REQUEST_RECEIVED: "IMMEDIATE",
  ACCESS_REQUEST_DECIDED: "IMMEDIATE",
  ACCESS_TOKEN_EXPIRING: "IMMEDIATE",
  ACCESS_REQUEST_REVOKED: "IMMEDIATE",
  TEXT_EXTRACTION_PROBLEM: "DIGEST",
  FIXITY_FAILURE: "IMMEDIATE",
  RETENTION_NEWLY_DUE: "IMMEDIATE",
  DISPOSAL_LIST_AWAITING: "IMMEDIATE",
  DISPOSAL_LIST_EXECUTED: "DIGEST",
  JOB_ENDED: "IMMEDIATE",
};

/** Which roles can ever receive a kind (the preferences page lists only those). */
export const NOTIFICATION_AUDIENCE: Record<NotificationKind, readonly RoleName[]> = {
  ACCESS_REQUEST_RECEIVED: [ROLES.satuanKerja, ROLES.superAdmin],
  ACCESS_REQUEST_DECIDED: [ROLES.satuanKerja],
  ACCESS_TOKEN_EXPIRING: [ROLES.satuanKerja],
  ACCESS_REQUEST_REVOKED: [ROLES.satuanKerja],
  TEXT_EXTRACTION_PROBLEM: [ROLES.satuanKerja, ROLES.superAdmin],
  FIXITY_FAILURE: [ROLES.superAdmin],
  RETENTION_NEWLY_DUE: [ROLES.superAdmin],
  DISPOSAL_LIST_AWAITING: [ROLES.superAdmin],
  DISPOSAL_LIST_EXECUTED: [ROLES.superAdmin],
  JOB_ENDED: [ROLES.satuanKerja, ROLES.superAdmin],
};

export const kindsForRole = (role: RoleName): NotificationKind[] => NOTIFICATION_KINDS.filter((kind) => NOTIFICATION_AUDIENCE[kind].includes(role));

export type NotificationView = {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path of this app (the thing itself). */
  link: string;
  createdAt: string;
  readAt: string | null;
};

export type NotificationFilter = "unread" | "all";

export type NotificationPreferences = Partial<Record<NotificationKind, EmailMode>>;

/** A preference as the page shows it. */
export type NotificationPreferenceView = { kind: NotificationKind; email: EmailMode; isDefault: boolean };
