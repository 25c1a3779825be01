import { z } from "zod";
import { ROLE_NAMES, type RoleName } from "~/domain/roles";

/** A JSON object of strings in a var (`""` = none); bad JSON or a value `value` refuses names clearly. */
const jsonMap = <T extends z.ZodType<string>>(name: string, value: T) =>
  z
    .string()
    .default("")
    .transform((text, ctx): Record<string, z.output<T>> => {
      if (!text.trim()) return {};
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: "custom", message: `${name} must be a JSON object, e.g. {"idp-value":"..."}` });
        return z.NEVER;
      }
      const result = z.record(z.string().min(1), value).safeParse(parsed);
      if (!result.success) {
        ctx.addIssue({ code: "custom", message: `${name}: ${z.prettifyError(result.error)}` });
        return z.NEVER;
      }
      return result.data as Record<string, z.output<T>>;
    });

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
  // Claim mapping (see SsoClaimMapping); all empty = roles and units are managed in E-Arsip only.
  SSO_ROLE_CLAIM: z.string().trim().default(""),
  SSO_ROLE_MAP: jsonMap("SSO_ROLE_MAP", z.enum(ROLE_NAMES, { error: `SSO_ROLE_MAP values must be one of: ${ROLE_NAMES.join(", ")}` })),
  SSO_UNIT_CLAIM: z.string().trim().default(""),
  SSO_UNIT_MAP: jsonMap("SSO_UNIT_MAP", z.string().trim().min(1, "SSO_UNIT_MAP values must be work unit names")),
  SSO_CREATE_VIEWERS: z.enum(["true", "false", ""], { error: 'SSO_CREATE_VIEWERS must be "true" or "false"' }).default("false"),
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
  // EAD export for SIKN: the repository code of the reference codes (ISIL-like, an XML NMTOKEN).
  EAD_REPOSITORY_CODE: z
    .string()
    .trim()
    .max(50)
    .regex(/^[A-Za-z0-9._:-]*$/)
    .default(""),
  // The sender of notification emails: "Name <address>" or an address; empty = in-app only.
  EMAIL_FROM: z
    .string()
    .trim()
    .default("")
    .transform((text, ctx): EmailSender | null => {
      if (!text) return null;
      const match = /^(?:(.+?)\s*<([^<>\s]+@[^<>\s]+)>|([^<>\s]+@[^<>\s]+))$/.exec(text);
      if (!match) {
        ctx.addIssue({ code: "custom", message: 'EMAIL_FROM must be an address or "Name <address>"' });
        return z.NEVER;
      }
      return match[3] ? { email: match[3] } : { email: match[2]!, name: match[1]!.replace(/^"|"$/g, "") };
    }),
  // Berita Acara (penyusutan): where it is signed, the institution it names, and its signatories
  // as a JSON array of {"role","name","nip"?}.
  BERITA_ACARA_PLACE: z.string().trim().max(100).default(""),
  BERITA_ACARA_INSTITUTION: z.string().trim().max(200).default(""),
  BERITA_ACARA_SIGNATORIES: z
    .string()
    .default("")
    .transform((text, ctx): Signatory[] => {
      if (!text.trim()) return [];
      const result = z
        .array(z.object({ role: z.string().trim().min(1), name: z.string().trim().min(1), nip: z.string().trim().optional() }))
        .max(10)
        .safeParse((() => { try { return JSON.parse(text); } catch { return null; } })());
      if (!result.success) {
        ctx.addIssue({ code: "custom", message: 'BERITA_ACARA_SIGNATORIES must be a JSON array like [{"role":"Ketua Panitia","name":"...","nip":"..."}]' });
        return z.NEVER;
      }
      return result.data;
    }),
}).superRefine((env, ctx) => {
  // Half a role mapping would silently do nothing (or make everyone a Viewer): refuse it.
  if (!!env.SSO_ROLE_CLAIM !== Object.keys(env.SSO_ROLE_MAP).length > 0) {
    ctx.addIssue({ code: "custom", path: ["SSO_ROLE_MAP"], message: "SSO_ROLE_CLAIM and SSO_ROLE_MAP must be set together" });
  }
  if (!env.SSO_UNIT_CLAIM && Object.keys(env.SSO_UNIT_MAP).length > 0) {
    ctx.addIssue({ code: "custom", path: ["SSO_UNIT_MAP"], message: "SSO_UNIT_MAP needs SSO_UNIT_CLAIM" });
  }
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

/**
 * What a verified id_token's claims decide at every SSO sign-in (null parts are off).
 * - `role`: the claim (a string or an array of strings, e.g. `groups`) and which of its values
 *   gives which role; the highest role any value maps to wins, no mapped value means Viewer.
 * - `unit`: the claim naming a Satuan Kerja's work unit, matched to the unit's name (ignoring
 *   case) after translation through `map` when one is given.
 * - `createViewers`: a first sign-in that links to no account creates a Viewer account.
 */
export type SsoClaimMapping = {
  role: { claim: string; map: Record<string, RoleName> } | null;
  unit: { claim: string; map: Record<string, string> | null } | null;
  createViewers: boolean;
};

/** The From of notification emails. */
export type EmailSender = { email: string; name?: string };

/** One signatory of a Berita Acara. */
export type Signatory = { role: string; name: string; nip?: string };

export type AppConfig = {
  sessionSecret: string;
  sso: { issuer: string; clientId: string; clientSecret: string; linkBy: SsoLinkBy; claims: SsoClaimMapping } | null;
  maxUploadBytes: number;
  uploadsPer15Min: number;
  unitQuotaBytes: number;
  trashDays: number;
  /** `https://arsip.example.ac.id` (no path), or null when not configured. */
  publicOrigin: string | null;
  /** OAI-PMH Identify. The admin address defaults to `admin@<repository identifier>`. */
  oai: { repositoryName: string; adminEmail: string | null };
  fixity: { objectsPerRun: number; bytesPerRun: number };
  /** Berita Acara of penyusutan: place, institution, signatories. */
  beritaAcara: { place: string; institution: string; signatories: Signatory[] };
  /** EAD export: the repository code of its reference codes. */
  ead: { repositoryCode: string };
  /** Who notification emails come from; null: notifications stay in the app. */
  emailFrom: EmailSender | null;
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
  const { SSO_ROLE_CLAIM, SSO_ROLE_MAP, SSO_UNIT_CLAIM, SSO_UNIT_MAP, SSO_CREATE_VIEWERS } = parsed.data;
  const claims: SsoClaimMapping = {
    role: SSO_ROLE_CLAIM ? { claim: SSO_ROLE_CLAIM, map: SSO_ROLE_MAP } : null,
    unit: SSO_UNIT_CLAIM ? { claim: SSO_UNIT_CLAIM, map: Object.keys(SSO_UNIT_MAP).length > 0 ? SSO_UNIT_MAP : null } : null,
    createViewers: SSO_CREATE_VIEWERS === "true",
  };
  const config: AppConfig = {
    sessionSecret: SESSION_SECRET,
    sso:
      OIDC_ISSUER && OIDC_CLIENT_ID
        ? { issuer: OIDC_ISSUER, clientId: OIDC_CLIENT_ID, clientSecret: OIDC_CLIENT_SECRET, linkBy: SSO_LINK_BY, claims }
        : null,
    maxUploadBytes: Math.round(MAX_UPLOAD_MB * 1024 * 1024),
    uploadsPer15Min: UPLOADS_PER_15_MIN,
    unitQuotaBytes: Math.round(UNIT_QUOTA_GB * 1e9),
    trashDays: TRASH_DAYS,
    publicOrigin: PUBLIC_ORIGIN ? new URL(PUBLIC_ORIGIN).origin : null,
    oai: { repositoryName: OAI_REPOSITORY_NAME || "E-Arsip", adminEmail: OAI_ADMIN_EMAIL || null },
    fixity: { objectsPerRun: FIXITY_OBJECTS_PER_RUN, bytesPerRun: Math.round(FIXITY_MB_PER_RUN * 1024 * 1024) },
    beritaAcara: {
      place: parsed.data.BERITA_ACARA_PLACE || "Jakarta",
      institution: parsed.data.BERITA_ACARA_INSTITUTION || "E-Arsip",
      signatories: parsed.data.BERITA_ACARA_SIGNATORIES,
    },
    ead: { repositoryCode: parsed.data.EAD_REPOSITORY_CODE || "E-ARSIP" },
    emailFrom: parsed.data.EMAIL_FROM,
  };
  cached = { env, config };
  return config;
}
