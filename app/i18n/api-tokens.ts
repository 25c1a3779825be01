import type { ApiTokenScope, ApiTokenStatus } from "~/domain/api-token-view";

/** Indonesian strings of the 'Token API' page. */
export const apiTokens = {
  title: "Token API",
  description:
    "Token pribadi untuk memanggil API E-Arsip dari sistem lain (skrip, integrasi, migrasi) tanpa sesi browser. Token bertindak atas nama pemiliknya, dibatasi oleh cakupannya.",
  adminDescription: "Sebagai Super Admin Anda melihat dan dapat mencabut token API semua pengguna.",
  usage: "Kirim token pada header Authorization: Bearer <token>. Dokumentasi API:",
  docsLink: "Referensi API",
  createHeading: "Buat Token Baru",
  fields: { name: "Nama Token", scope: "Cakupan", expiresInDays: "Masa Berlaku" },
  namePlaceholder: "mis. Ekspor SRIKANDI",
  scopes: { read: "Baca saja (read)", read_write: "Baca & tulis (read+write)" } satisfies Record<ApiTokenScope, string>,
  scopeHints: {
    read: "Hanya permintaan GET; setiap perubahan ditolak.",
    read_write: "Semua yang boleh dilakukan pemiliknya.",
  } satisfies Record<ApiTokenScope, string>,
  lifetime: (days: number) => (days === 365 ? "1 tahun" : `${days} hari`),
  submit: "Buat Token",
  creating: "Membuat...",
  createFailed: "Gagal membuat token API.",
  createdHeading: "Token berhasil dibuat",
  createdNotice: "Salin token ini sekarang: token hanya ditampilkan sekali dan tidak dapat dilihat lagi.",
  createdLabel: "Token API Anda",
  exampleHeading: "Contoh pemanggilan API",
  exampleIntro: "Contoh: daftar arsip yang boleh Anda lihat, dengan token sebagai pengganti <token>:",
  exampleWithToken: "Contoh pemanggilan dengan token ini",
  listHeading: "Daftar Token",
  search: "Cari nama token...",
  statusFilter: "Status",
  allStatuses: "Semua Status",
  columns: {
    no: "No",
    name: "Nama",
    owner: "Pemilik",
    scope: "Cakupan",
    prefix: "Awalan",
    createdAt: "Dibuat",
    expiresAt: "Berlaku Sampai",
    lastUsedAt: "Terakhir Dipakai",
    status: "Status",
    actions: "Aksi",
  },
  status: { active: "Aktif", expired: "Kedaluwarsa", revoked: "Dicabut" } satisfies Record<ApiTokenStatus, string>,
  neverUsed: "Belum pernah",
  revoke: "Cabut",
  revokeTitle: "Cabut Token API",
  revokeConfirm: (name: string) => `Cabut token "${name}"? Sistem yang memakainya tidak dapat lagi mengakses API. Tindakan ini tidak dapat dibatalkan.`,
  confirmRevoke: "Ya, Cabut",
  revoking: "Mencabut...",
  cancel: "Batal",
  empty: "Belum ada token API.",
} as const;

/** What the server answers about tokens (never in a page's browser bundle). */
export const apiTokenMessages = {
  created: "Token API berhasil dibuat.",
  revoked: (name: string) => `Token API "${name}" dicabut.`,
  notFound: "Token API tidak ditemukan.",
  revokeDenied: "Anda tidak dapat mencabut token API ini.",
  /** A token used to manage tokens: only a signed-in session may. */
  sessionRequired: "Token API hanya dapat dikelola setelah login, bukan dengan token API.",
  alreadyRevoked: "Token API ini sudah tidak aktif.",
  tooMany: (max: number) => `Paling banyak ${max} token API aktif per pengguna. Cabut token yang tidak dipakai lagi.`,
  createThrottled: "Terlalu banyak token API dibuat dalam waktu singkat. Coba lagi nanti.",
  /** Bearer calls. */
  invalid: "Token API tidak valid, kedaluwarsa, atau telah dicabut.",
  readOnly: "Token API ini hanya untuk membaca (cakupan read): perubahan ditolak.",
  throttled: "Terlalu banyak percobaan dengan token API yang tidak valid. Coba lagi nanti.",
  validation: {
    nameRequired: "Nama token wajib diisi.",
    nameMax: "Nama token maksimal 100 karakter.",
    scopeInvalid: "Pilih cakupan token.",
    lifetimeInvalid: "Pilih masa berlaku token (paling lama 1 tahun).",
  },
} as const;
