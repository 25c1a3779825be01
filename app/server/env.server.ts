import { z } from "zod";

/**
 * Configuration from the Worker environment, validated once per isolate. A missing or weak
 * secret stops every request with a clear log line instead of running insecurely.
 */
const EnvSchema = z.object({
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters"),
  OIDC_ISSUER: z.union([z.literal(""), z.url()]).default(""),
  OIDC_CLIENT_ID: z.string().default(""),
  OIDC_CLIENT_SECRET: z.string().default(""),
  // How a first SSO sign-in finds the existing account to link (see SsoLinkBy).
  SSO_LINK_BY: z.enum(["subject", "email", "username"]).default("email"),
  // Workers refuse request bodies over 100 MB on Free/Pro plans; stay under with the other fields.
  MAX_UPLOAD_MB: z.coerce.number().positive().max(500).default(95),
  // Uploads (new documents and replaced files) one user may start per 15 minutes.
  UPLOADS_PER_15_MIN: z.coerce.number().int().positive().default(30),
  // Storage each work unit's documents may take, in GB (10^9 bytes).
  UNIT_QUOTA_GB: z.coerce.number().positive().default(20),
  // Days a deleted document stays in the trash before the cron purges it.
  TRASH_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  // The origin absolute links are built from where no request names one (jobs, sitemap).
  PUBLIC_ORIGIN: z.union([z.literal(""), z.url()]).default(""),
  // OAI-PMH Identify: the repository's name and the address of its administrator.
  OAI_REPOSITORY_NAME: z.string().trim().max(200).default(""),
  OAI_ADMIN_EMAIL: z.union([z.literal(""), z.email()]).default(""),
  // Fixity: stored objects re-hashed per scheduled run, and about how many MiB of them.
  FIXITY_OBJECTS_PER_RUN: z.coerce.number().int().min(1).max(1000).default(50),
  FIXITY_MB_PER_RUN: z.coerce.number().positive().default(512),
});

/**
 * Which claim a first SSO sign-in may use to find the E-Arsip account to link to the identity's
 * subject. An account already linked is always found by subject, whatever this says.
 * - `subject`: never link automatically (an administrator sets `users.sso_subject`).
 * - `email`: the account whose email equals the `email` claim, only when `email_verified` is true.
 * - `username`: the account whose username equals `preferred_username`; safe only when users
 *   cannot choose that claim at the IdP.
 */
export type SsoLinkBy = "subject" | "email" | "username";

export type AppConfig = {
  sessionSecret: string;
  sso: { issuer: string; clientId: string; clientSecret: string; linkBy: SsoLinkBy } | null;
  maxUploadBytes: number;
  uploadsPer15Min: number;
  unitQuotaBytes: number;
  trashDays: number;
  /** `https://arsip.example.ac.id` (no path), or null when not configured. */
  publicOrigin: string | null;
  /** OAI-PMH Identify. The admin address defaults to `admin@<repository identifier>`. */
  oai: { repositoryName: string; adminEmail: string | null };
  fixity: { objectsPerRun: number; bytesPerRun: number };
};

let cached: { env: unknown; config: AppConfig } | undefined;

export function loadConfig(env: Env): AppConfig {
  if (cached?.env === env) return cached.config;
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid Worker configuration: ${z.prettifyError(parsed.error)}`);
  }
  const { SESSION_SECRET, OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, SSO_LINK_BY, MAX_UPLOAD_MB, UPLOADS_PER_15_MIN, UNIT_QUOTA_GB, TRASH_DAYS, PUBLIC_ORIGIN } = parsed.data;
  const { OAI_REPOSITORY_NAME, OAI_ADMIN_EMAIL, FIXITY_OBJECTS_PER_RUN, FIXITY_MB_PER_RUN } = parsed.data;
  const config: AppConfig = {
    sessionSecret: SESSION_SECRET,
    sso:
      OIDC_ISSUER && OIDC_CLIENT_ID
        ? { issuer: OIDC_ISSUER, clientId: OIDC_CLIENT_ID, clientSecret: OIDC_CLIENT_SECRET, linkBy: SSO_LINK_BY }
        : null,
    maxUploadBytes: Math.round(MAX_UPLOAD_MB * 1024 * 1024),
    uploadsPer15Min: UPLOADS_PER_15_MIN,
    unitQuotaBytes: Math.round(UNIT_QUOTA_GB * 1e9),
    trashDays: TRASH_DAYS,
    publicOrigin: PUBLIC_ORIGIN ? new URL(PUBLIC_ORIGIN).origin : null,
    oai: { repositoryName: OAI_REPOSITORY_NAME || "E-Arsip", adminEmail: OAI_ADMIN_EMAIL || null },
    fixity: { objectsPerRun: FIXITY_OBJECTS_PER_RUN, bytesPerRun: Math.round(FIXITY_MB_PER_RUN * 1024 * 1024) },
  };
  cached = { env, config };
  return config;
}
