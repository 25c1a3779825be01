import type { AuditAction } from "~/domain/audit-actions";
import { auditLog } from "./audit-log";

const loginMethods = { password: "username dan password", sso: "SSO" } as const;

/** Why a user's API tokens were ended all at once (not by one revocation). */
const OWNER_TOKEN_REVOKE_REASONS = {
  owner_changed: "peran atau unit kerjanya berubah",
  password_reset: "password-nya diatur ulang oleh administrator",
  sessions_ended: "administrator mengakhiri sesi dan tokennya",
  deactivated: "akunnya dinonaktifkan",
} as const;
export type OwnerTokenRevokeReason = keyof typeof OWNER_TOKEN_REVOKE_REASONS;

/** The stored file a fixity row is about: a version of a document, or an object no document names. */
const fixityFile = (p: { title: string | null; version: number | null }) =>
  p.title === null ? "Sebuah file tersimpan" : `File versi ${p.version ?? 1} dokumen "${p.title}"`;

/** An SSO sign-in that opened no session: the identity (as the IdP named it) and why. */
function ssoLoginFailed(p: { reason: string; username?: string | null; email?: string | null }): string {
  const who = [p.username ? `"${p.username}"` : "", p.email ? `(${p.email})` : ""].filter(Boolean).join(" ");
  const identity = `identitas SSO${who ? ` ${who}` : ""}`;
  switch (p.reason) {
    case "unknown_user":
    case "subject_mismatch":
      return `Login SSO gagal: ${identity} tidak terdaftar di E-Arsip`;
    case "not_linked":
      return `Login SSO gagal: ${identity} belum ditautkan ke akun E-Arsip`;
    case "email_missing":
      return `Login SSO gagal: ${identity} tidak menyertakan email`;
    case "email_unverified":
      return `Login SSO gagal: email ${identity} belum diverifikasi oleh IdP`;
    case "email_ambiguous":
      return `Login SSO gagal: email ${identity} dimiliki lebih dari satu akun E-Arsip`;
    case "deactivated":
      return `Login SSO gagal: akun E-Arsip ${identity} dinonaktifkan`;
    default:
      return `Login SSO gagal (${p.reason})`;
  }
}

/** The Indonesian message stored with each audit row, built from that action's parameters. */
export const audit = {
  LOGIN: (p: { name: string; username: string; method: keyof typeof loginMethods }) =>
    `${p.name} (${p.username}) login melalui ${loginMethods[p.method]}`,
  LOGIN_FAILED: (
    p: { method: "password"; username: string; reason?: "deactivated" } | { method: "sso"; reason: string; username?: string | null; email?: string | null },
  ) =>
    p.method === "sso"
      ? ssoLoginFailed(p)
      : p.reason === "deactivated"
        ? `Login ditolak untuk username "${p.username}": akun dinonaktifkan`
        : `Login gagal untuk username "${p.username}"`,
  LOGIN_THROTTLED: (p: { username: string }) => `Percobaan login untuk "${p.username}" ditolak karena terlalu banyak kegagalan`,
  LOGOUT: (p: { name: string; username: string }) => `${p.name} (${p.username}) logout`,
  SSO_LINKED: (p: { name: string; username: string }) => `Akun ${p.name} (${p.username}) ditautkan ke identitas SSO`,
  SSO_CLAIMS_APPLIED: (p: { username: string; changes: string[] }) =>
    `Klaim SSO diterapkan pada akun "${p.username}": ${p.changes.join(", ")}`,
  SSO_USER_CREATE: (p: { username: string; roleName: string }) => `Akun "${p.username}" (${p.roleName}) dibuat saat login SSO pertama`,
  DOCUMENT_CREATE: (p: { title: string; fileName: string; size: number }) => `Dokumen "${p.title}" diunggah (${p.fileName}, ${p.size} byte)`,
  DOCUMENT_UPDATE: (p: { title: string }) => `Metadata dokumen "${p.title}" diperbarui`,
  DOCUMENT_FILE_REPLACE: (p: { title: string; fileName: string; size: number }) =>
    `File dokumen "${p.title}" diganti (${p.fileName}, ${p.size} byte)`,
  /** Hard deletions before the trash existed (rows written before migration 0008). */
  DOCUMENT_DELETE: (p: { title: string }) => `Dokumen "${p.title}" dihapus`,
  DOCUMENT_TRASH: (p: { title: string }) => `Dokumen "${p.title}" dipindahkan ke Sampah`,
  DOCUMENT_RESTORE: (p: { title: string }) => `Dokumen "${p.title}" dipulihkan dari Sampah`,
  DOCUMENT_PURGE: (p: { title: string; reason: "TRASH_EXPIRED" | "PURGED" }) =>
    p.reason === "PURGED"
      ? `Dokumen "${p.title}" dihapus permanen dari Sampah`
      : `Dokumen "${p.title}" dihapus permanen otomatis setelah masa simpan Sampah berakhir`,
  DOCUMENT_VERSION_RESTORE: (p: { title: string; version: number; newVersion: number }) =>
    `Versi ${p.version} dokumen "${p.title}" dipulihkan sebagai versi ${p.newVersion}`,
  DOCUMENT_VERSION_DOWNLOAD: (p: { title: string; version: number }) => `Versi ${p.version} dokumen "${p.title}" diunduh`,
  DOCUMENT_REINDEX: (p: { title: string }) => `Ekstraksi teks dokumen "${p.title}" diminta ulang (Indeks ulang)`,
  DOCUMENT_CLASS_CHANGE: (p: { title: string; from: string; to: string }) =>
    `Klasifikasi keamanan dokumen "${p.title}" diubah dari ${p.from} menjadi ${p.to}`,
  CLASSIFICATION_CREATE: (p: { code: string; name: string }) => `Kode klasifikasi ${p.code} (${p.name}) dibuat`,
  CLASSIFICATION_UPDATE: (p: { code: string; name: string }) => `Kode klasifikasi ${p.code} (${p.name}) diperbarui`,
  CLASSIFICATION_DELETE: (p: { code: string; name: string }) => `Kode klasifikasi ${p.code} (${p.name}) dihapus`,
  CLASSIFICATION_IMPORT: (p: { created: number; updated: number }) => `Skema klasifikasi diimpor dari CSV (${p.created} kode baru, ${p.updated} diperbarui)`,
  RETENTION_HOLD_PLACE: (p: { target: string; reason: string }) => `Penahanan dipasang pada ${p.target}: ${p.reason}`,
  RETENTION_HOLD_RELEASE: (p: { target: string; reason: string }) => `Penahanan pada ${p.target} dilepas: ${p.reason}`,
  RETENTION_REAPPRAISE: (p: { title: string; outcome: string; reason: string }) => `Dokumen "${p.title}" dinilai kembali (${p.outcome}): ${p.reason}`,
  DOCUMENT_DOWNLOAD: (p: { title: string }) => `Dokumen "${p.title}" diunduh`,
  DOCUMENT_PREVIEW: (p: { title: string }) => `Dokumen "${p.title}" dilihat`,
  ACCESS_REQUEST_CREATE: (p: { title: string }) => `Permintaan akses ke dokumen "${p.title}" diajukan`,
  ACCESS_REQUEST_APPROVE: (p: { title: string }) => `Permintaan akses ke dokumen "${p.title}" disetujui`,
  ACCESS_REQUEST_REJECT: (p: { title: string }) => `Permintaan akses ke dokumen "${p.title}" ditolak`,
  ACCESS_REQUEST_REVOKE: (p: { title: string }) => `Izin unduhan dokumen "${p.title}" dicabut`,
  ACCESS_REQUEST_EXPIRE: (_: Record<string, never>) => "Izin unduhan kedaluwarsa (1x24 jam setelah disetujui)",
  ACCESS_TOKEN_DOWNLOAD: (p: { title: string }) => `Dokumen "${p.title}" diunduh dengan token akses`,
  ACCESS_TOKEN_DOWNLOAD_INCOMPLETE: (p: { title: string }) =>
    `Unduhan dokumen "${p.title}" dengan token akses terputus sebelum selesai; token dapat dipakai lagi`,
  USER_CREATE: (p: { username: string; roleName: string }) => `Pengguna "${p.username}" (${p.roleName}) dibuat`,
  USER_UPDATE: (p: { username: string; changed: string[] }) => `Pengguna "${p.username}" diperbarui (${p.changed.join(", ")})`,
  USER_DELETE: (p: { username: string }) => `Pengguna "${p.username}" dihapus`,
  USER_SESSIONS_REVOKE: (p: { username: string }) => `Semua sesi pengguna "${p.username}" diakhiri`,
  USER_DEACTIVATE: (p: { username: string }) => `Pengguna "${p.username}" dinonaktifkan`,
  USER_ACTIVATE: (p: { username: string }) => `Pengguna "${p.username}" diaktifkan kembali`,
  API_TOKEN_CREATE: (p: { name: string; owner: string; scope: "read" | "read_write" }) =>
    `Token API "${p.name}" (${p.scope === "read" ? "baca saja" : "baca & tulis"}) dibuat untuk ${p.owner}`,
  API_TOKEN_REVOKE: (p: { name: string; owner: string } | { owner: string; reason: OwnerTokenRevokeReason }) =>
    "name" in p ? `Token API "${p.name}" milik ${p.owner} dicabut` : `Token API milik ${p.owner} dicabut karena ${OWNER_TOKEN_REVOKE_REASONS[p.reason]}`,
  UNIT_KERJA_CREATE: (p: { nama: string }) => `Unit kerja "${p.nama}" dibuat`,
  UNIT_KERJA_UPDATE: (p: { nama: string }) => `Unit kerja "${p.nama}" diperbarui`,
  UNIT_KERJA_DELETE: (p: { nama: string }) => `Unit kerja "${p.nama}" dihapus`,
  AUDIT_LOG_EXPORT: (_: Record<string, never>) => "Log audit diekspor ke CSV",
  AUDIT_CHAIN_VERIFY: (p: { ok: boolean; checked: number; brokenId: number | null }) =>
    p.ok
      ? `Integritas log audit diverifikasi: utuh (${p.checked} entri diperiksa)`
      : `Integritas log audit diverifikasi: rusak pada entri #${p.brokenId}`,
  FIXITY_FAILURE: (p: { title: string | null; version: number | null; outcome: "MISMATCH" | "MISSING" }) =>
    `${fixityFile(p)} ${p.outcome === "MISSING" ? "tidak ditemukan di penyimpanan" : "berbeda dari yang diunggah (SHA-256 tidak cocok)"}`,
  FIXITY_RECOVERED: (p: { title: string | null; version: number | null }) => `${fixityFile(p)} kembali cocok dengan SHA-256 yang tercatat`,
  FIXITY_CHECK: (p: { title: string; files: number; failed: number }) =>
    p.failed === 0
      ? `Integritas file dokumen "${p.title}" diperiksa: utuh (${p.files} file)`
      : `Integritas file dokumen "${p.title}" diperiksa: ${p.failed} dari ${p.files} file bermasalah`,
  ACCESS_DENIED: (p: { method: string; path: string }) => `Akses ditolak: ${p.method} ${p.path}`,
  DISPOSAL_LIST_CREATE: (p: { number: string; kind: "MUSNAH" | "SERAH"; count: number }) =>
    `Daftar Arsip Usul ${p.kind === "MUSNAH" ? "Musnah" : "Serah"} ${p.number} dibuat (${p.count} arsip)`,
  DISPOSAL_DECISION: (p: { number: string; title: string; decision: "SETUJUI" | "TUNDA" }) =>
    `Panitia penilai ${p.decision === "SETUJUI" ? "menyetujui" : "menunda"} arsip "${p.title}" pada daftar ${p.number}`,
  DISPOSAL_ANRI_LETTER: (p: { number: string; letterNumber: string; letterDate: string }) =>
    `Surat persetujuan ANRI ${p.letterNumber} (${p.letterDate}) dicatat untuk daftar ${p.number}`,
  AUDIT_REPEATS: (p: { action: string; repeats: number; minutes: number }) =>
    `"${auditLog.actionLabels[p.action as keyof typeof auditLog.actionLabels] ?? p.action}" terulang ${p.repeats} kali lagi dari klien yang sama dalam ${p.minutes} menit`,
  DISPOSAL_EXECUTE_START: (p: { number: string }) => `Pelaksanaan daftar ${p.number} dimulai`,
  DISPOSAL_EXECUTE_ABORT: (p: { number: string }) => `Pelaksanaan daftar ${p.number} dibatalkan karena gagal; daftar kembali menjadi draf tanpa ada arsip yang diproses`,
  DISPOSAL_EXECUTE: (p: { number: string; beritaAcara: string; done: number; skipped: number }) =>
    `Daftar ${p.number} dilaksanakan dengan Berita Acara ${p.beritaAcara}: ${p.done} arsip selesai, ${p.skipped} dilewati`,
  DISPOSAL_ITEM_SKIPPED: (p: { number: string; title: string; reason: string }) => `Arsip "${p.title}" dilewati pada daftar ${p.number}: ${p.reason}`,
  DOCUMENT_DESTROY: (p: { title: string; beritaAcara: string }) => `Dokumen "${p.title}" dimusnahkan dengan Berita Acara ${p.beritaAcara}`,
  DOCUMENT_TRANSFER: (p: { title: string; beritaAcara: string }) =>
    `Dokumen "${p.title}" diserahkan sebagai arsip statis dengan Berita Acara ${p.beritaAcara}`,
  PPID_LEAVE_DAY_ADD: (p: { date: string; note: string }) => `Cuti bersama ${p.date} (${p.note}) dicatat untuk hari kerja PPID`,
  PPID_LEAVE_DAY_REMOVE: (p: { date: string }) => `Cuti bersama ${p.date} dihapus dari hari kerja PPID`,
  PPID_ROLE_SET: (p: { username: string; role: string }) => `Peran PPID pengguna "${p.username}" diubah menjadi ${p.role}`,
  PPID_REQUEST_SUBMIT: (_: Record<string, never>) => "Permohonan informasi publik diajukan dan menunggu konfirmasi email",
  PPID_REQUEST_REGISTER: (p: { channel: string; dueDate: string }) =>
    `Permohonan informasi (${p.channel}) diregistrasi dengan nomor berikutnya tahun ini, jawaban paling lambat ${p.dueDate}`,
  PPID_REQUEST_PROCESS: (p: { number: string }) => `Permohonan informasi ${p.number} mulai diproses`,
  PPID_REQUEST_EXTEND: (p: { number: string; dueDate: string }) => `Jangka waktu permohonan informasi ${p.number} diperpanjang sampai ${p.dueDate}`,
  PPID_REQUEST_ANSWER: (p: { number: string; outcome: string }) => `Permohonan informasi ${p.number} dijawab: ${p.outcome}`,
  PPID_OBJECTION_FILE: (p: { number: string; dueDate: string }) => `Keberatan atas permohonan informasi ${p.number} diregistrasi, tanggapan paling lambat ${p.dueDate}`,
  PPID_OBJECTION_RESPOND: (p: { number: string }) => `Atasan PPID menanggapi keberatan ${p.number}`,
  PPID_DISPUTE_RECORD: (p: { number: string; disputeNumber: string }) => `Sengketa atas keberatan ${p.number} dicatat (Komisi Informasi, nomor ${p.disputeNumber})`,
  PPID_DISPUTE_DECIDE: (p: { number: string }) => `Putusan Komisi Informasi atas sengketa keberatan ${p.number} dicatat`,
  PPID_RELEASE_DOWNLOAD: (p: { number: string; title: string }) => `Pemohon informasi ${p.number} mengunduh dokumen yang dirilis untuknya: "${p.title}"`,
  PPID_DIP_ENTRY_ADD: (p: { title: string }) => `Entri "${p.title}" ditambahkan ke Daftar Informasi Publik`,
  PPID_DIP_ENTRY_DELETE: (p: { title: string }) => `Entri "${p.title}" dihapus dari Daftar Informasi Publik`,
  PPID_CONSEQUENCE_TEST_CREATE: (p: { information: string }) => `Uji konsekuensi atas "${p.information}" ditandatangani`,
  BERKAS_CREATE: (p: { number: string; title: string }) => `Berkas ${p.number} "${p.title}" dibuat`,
  BERKAS_UPDATE: (p: { number: string; title: string }) => `Berkas ${p.number} "${p.title}" diperbarui`,
  BERKAS_DELETE: (p: { number: string; title: string }) => `Berkas ${p.number} "${p.title}" dihapus`,
  BERKAS_FILE: (p: { title: string; number: string }) => `Dokumen "${p.title}" dimasukkan ke berkas ${p.number}`,
  BERKAS_UNFILE: (p: { title: string; number: string }) => `Dokumen "${p.title}" dikeluarkan dari berkas ${p.number}`,
  TRANSFER_PROPOSE: (p: { number: string; count: number }) => `Usul pemindahan arsip inaktif ${p.number} diajukan (${p.count} berkas)`,
  TRANSFER_ACCEPT: (p: { number: string; beritaAcara: string; centre: string }) =>
    `Pemindahan ${p.number} diterima ${p.centre} dengan Berita Acara ${p.beritaAcara}`,
  TRANSFER_REJECT: (p: { number: string; reason: string }) => `Usul pemindahan ${p.number} ditolak: ${p.reason}`,
  BERKAS_MOVE: (p: { number: string; title: string; centre: string; location: string | null }) =>
    `Berkas ${p.number} "${p.title}" dipindahkan ke ${p.centre}${p.location ? ` (${p.location})` : ""}`,
  EAD_EXPORT: (p: { scope: string; count: number }) => `Ekspor EAD untuk SIKN (${p.scope}): ${p.count} arsip`,
  VITAL_FLAG: (p: { title: string; reason: string; reviewMonths: number }) =>
    `Dokumen "${p.title}" ditetapkan sebagai arsip vital (tinjau tiap ${p.reviewMonths} bulan): ${p.reason}`,
  VITAL_LIFT: (p: { title: string; reason: string }) => `Status arsip vital dokumen "${p.title}" dicabut: ${p.reason}`,
  VITAL_DRILL: (p: { title: string; outcome: "OK" | "MISMATCH" | "MISSING" }) =>
    `Uji pemulihan arsip vital "${p.title}": ${p.outcome === "OK" ? "berhasil, SHA-256 cocok" : p.outcome === "MISSING" ? "gagal, salinan kedua tidak ada" : "gagal, SHA-256 tidak cocok"}`,
  VITAL_COPY_FAILURE: (p: { title: string; outcome: "MISMATCH" | "MISSING" }) =>
    `Salinan kedua arsip vital "${p.title}" ${p.outcome === "MISSING" ? "tidak ditemukan" : "tidak cocok dengan SHA-256 yang tercatat"}`,
  VITAL_COPY_RECOVERED: (p: { title: string }) => `Salinan kedua arsip vital "${p.title}" kembali utuh`,
  IMPORT_START: (p: { source: string; lines: number }) => `Impor "${p.source}" dimulai (${p.lines} baris)`,
  IMPORT_ROLLBACK: (p: { source: string; removed: number }) => `Impor "${p.source}" dibatalkan; ${p.removed} dokumen yang sudah dibuat dihapus lagi`,
  DOCUMENT_BULK_EDIT: (p: { count: number; trash: boolean; berkas?: string }) =>
    p.trash
      ? `Pemindahan massal ${p.count} dokumen ke sampah dimulai`
      : p.berkas !== undefined
        ? `Pemasukan massal ${p.count} dokumen ke berkas ${p.berkas} dimulai`
        : `Perubahan massal ${p.count} dokumen dimulai`,
} as const satisfies Record<AuditAction, (params: never) => string>;
