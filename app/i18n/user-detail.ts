/**
 * What a user's page says: its table, buttons and dialogs. Apart from the list's strings (`users`),
 * so neither page loads the other's; the delete dialog's words are the list's, said again here.
 */
export const userDetail = {
  update: "Update",
  status: "Status",
  active: "Aktif",
  inactive: "Nonaktif",
  inactiveSince: (date: string) => `Nonaktif sejak ${date}`,
  backToList: "Kembali ke Daftar",
  notFound: "Pengguna tidak ditemukan.",
  cancel: "Batal",
  deleteTitle: "Konfirmasi Hapus",
  confirmDelete: "Ya, Hapus",
  deleting: "Menghapus...",
  deleteConfirm: (username: string) =>
    `Apakah Anda yakin ingin menghapus pengguna "${username}"? Tindakan ini tidak dapat dibatalkan.`,
  delete: "Delete",
  endSessionsTitle: "Akhiri Sesi",
  endSessionsAction: "Ya, Akhiri Sesi",
  detail: {
    uuid: "UUID",
    fullName: "Nama Lengkap",
    username: "Username",
    email: "Email",
    role: "Peran",
    unitKerja: "Unit Kerja",
    createdAt: "Dibuat",
    updatedAt: "Terakhir Diperbarui",
    activeSessions: "Sesi Aktif",
    activeApiTokens: "Token API Aktif",
  },
  endSessions: "Akhiri Sesi",
  endSessionsConfirm: (username: string) =>
    `Akhiri semua sesi pengguna "${username}"? Pengguna harus login kembali.`,
  endApiTokens: (count: number) =>
    `Akhiri juga ${count} token API pengguna ini (skrip dan integrasi yang memakainya berhenti). Pilih ini bila akun diduga disalahgunakan.`,
  activeSessions: (count: number) => `${count} sesi aktif`,
  activeApiTokens: (count: number) => `${count} token API aktif`,
  deactivate: "Nonaktifkan",
  activate: "Aktifkan",
  deactivateTitle: "Nonaktifkan Pengguna",
  deactivateConfirm: (name: string) =>
    `Nonaktifkan akun "${name}"? Akun tidak dapat login lagi (password maupun SSO); semua sesi, token API, dan izin unduhan yang dipegangnya berakhir. Namanya tetap tercatat pada arsip dan log audit, dan akun dapat diaktifkan kembali.`,
  deactivateAction: "Ya, Nonaktifkan",
  deactivating: "Menonaktifkan...",
  activating: "Mengaktifkan...",
} as const;
