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
  // Workers refuse request bodies over 100 MB on Free/Pro plans; stay under with the other fields.
  MAX_UPLOAD_MB: z.coerce.number().positive().max(500).default(95),
  // Uploads (new documents and replaced files) one user may start per 15 minutes.
  UPLOADS_PER_15_MIN: z.coerce.number().int().positive().default(30),
  // Storage each work unit's documents may take, in GB (10^9 bytes).
  UNIT_QUOTA_GB: z.coerce.number().positive().default(20),
});

export type AppConfig = {
  sessionSecret: string;
  sso: { issuer: string; clientId: string; clientSecret: string } | null;
  maxUploadBytes: number;
  uploadsPer15Min: number;
  unitQuotaBytes: number;
};

let cached: { env: unknown; config: AppConfig } | undefined;

export function loadConfig(env: Env): AppConfig {
  if (cached?.env === env) return cached.config;
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid Worker configuration: ${z.prettifyError(parsed.error)}`);
  }
  const { SESSION_SECRET, OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, MAX_UPLOAD_MB, UPLOADS_PER_15_MIN, UNIT_QUOTA_GB } = parsed.data;
  const config: AppConfig = {
    sessionSecret: SESSION_SECRET,
    sso:
      OIDC_ISSUER && OIDC_CLIENT_ID
        ? { issuer: OIDC_ISSUER, clientId: OIDC_CLIENT_ID, clientSecret: OIDC_CLIENT_SECRET }
        : null,
    maxUploadBytes: Math.round(MAX_UPLOAD_MB * 1024 * 1024),
    uploadsPer15Min: UPLOADS_PER_15_MIN,
    unitQuotaBytes: Math.round(UNIT_QUOTA_GB * 1e9),
  };
  cached = { env, config };
  return config;
}
