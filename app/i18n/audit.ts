import type { AuditAction } from "~/domain/audit-actions";

const loginMethods = { password: "username dan password", sso: "SSO" } as const;

/** The Indonesian message stored with each audit row, built from that action's parameters. */
export const audit = {
  LOGIN: (p: { name: string; username: string; method: keyof typeof loginMethods }) =>
    `${p.name} (${p.username}) login melalui ${loginMethods[p.method]}`,
  LOGIN_FAILED: (p: { method: "password"; username: string } | { method: "sso"; reason: string; username?: string | null }) =>
    p.method === "password"
      ? `Login gagal untuk username "${p.username}"`
      : p.reason === "unknown_user" || p.reason === "subject_mismatch"
        ? `Login SSO gagal: identitas SSO${p.username ? ` "${p.username}"` : ""} tidak terdaftar di E-Arsip`
        : `Login SSO gagal (${p.reason})`,
  LOGIN_THROTTLED: (p: { username: string }) => `Percobaan login untuk "${p.username}" ditolak karena terlalu banyak kegagalan`,
  LOGOUT: (p: { name: string; username: string }) => `${p.name} (${p.username}) logout`,
  SSO_LINKED: (p: { name: string; username: string }) => `Akun ${p.name} (${p.username}) ditautkan ke identitas SSO`,
  DOCUMENT_CREATE: (p: { title: string; fileName: string; size: number }) => `Dokumen "${p.title}" diunggah (${p.fileName}, ${p.size} byte)`,
  DOCUMENT_UPDATE: (p: { title: string }) => `Metadata dokumen "${p.title}" diperbarui`,
  DOCUMENT_FILE_REPLACE: (p: { title: string; fileName: string; size: number }) =>
    `File dokumen "${p.title}" diganti (${p.fileName}, ${p.size} byte)`,
  DOCUMENT_DELETE: (p: { title: string }) => `Dokumen "${p.title}" dihapus`,
  DOCUMENT_DOWNLOAD: (p: { title: string }) => `Dokumen "${p.title}" diunduh`,
  DOCUMENT_PREVIEW: (p: { title: string }) => `Dokumen "${p.title}" dilihat`,
} as const satisfies Record<AuditAction, (params: never) => string>;
