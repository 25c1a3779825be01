/** What a user's page says beyond the shared user strings: its table, buttons and dialogs (the list does not load them). */
export const userDetail = {
  update: "Update",
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
