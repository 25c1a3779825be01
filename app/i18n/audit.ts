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
  ACCESS_REQUEST_CREATE: (p: { title: string }) => `Permintaan akses ke dokumen "${p.title}" diajukan`,
  ACCESS_REQUEST_APPROVE: (p: { title: string }) => `Permintaan akses ke dokumen "${p.title}" disetujui`,
  ACCESS_REQUEST_REJECT: (p: { title: string }) => `Permintaan akses ke dokumen "${p.title}" ditolak`,
  ACCESS_REQUEST_REVOKE: (p: { title: string }) => `Izin unduhan dokumen "${p.title}" dicabut`,
  ACCESS_REQUEST_EXPIRE: (_: Record<string, never>) => "Izin unduhan kedaluwarsa (1x24 jam setelah disetujui)",
  ACCESS_TOKEN_DOWNLOAD: (p: { title: string }) => `Dokumen "${p.title}" diunduh dengan token akses`,
  USER_CREATE: (p: { username: string; roleName: string }) => `Pengguna "${p.username}" (${p.roleName}) dibuat`,
  USER_UPDATE: (p: { username: string; changed: string[] }) => `Pengguna "${p.username}" diperbarui (${p.changed.join(", ")})`,
  USER_DELETE: (p: { username: string }) => `Pengguna "${p.username}" dihapus`,
  USER_SESSIONS_REVOKE: (p: { username: string }) => `Semua sesi pengguna "${p.username}" diakhiri`,
  UNIT_KERJA_CREATE: (p: { nama: string }) => `Unit kerja "${p.nama}" dibuat`,
  UNIT_KERJA_UPDATE: (p: { nama: string }) => `Unit kerja "${p.nama}" diperbarui`,
  UNIT_KERJA_DELETE: (p: { nama: string }) => `Unit kerja "${p.nama}" dihapus`,
  AUDIT_LOG_EXPORT: (_: Record<string, never>) => "Log audit diekspor ke CSV",
  AUDIT_CHAIN_VERIFY: (p: { ok: boolean; checked: number; brokenId: number | null }) =>
    p.ok
      ? `Integritas log audit diverifikasi: utuh (${p.checked} entri diperiksa)`
      : `Integritas log audit diverifikasi: rusak pada entri #${p.brokenId}`,
} as const satisfies Record<AuditAction, (params: never) => string>;
