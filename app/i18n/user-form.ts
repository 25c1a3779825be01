/** What the user form pages (create, update) say, whose outcomes the API answers too; apart from the list's and detail's strings, which these pages do not load. */
export const userForm = {
  fields: {
    fullName: "Nama Lengkap",
    username: "Username",
    email: "Email",
    password: "Password",
    roleName: "Peran",
    unitKerjaId: "Unit Kerja",
    chooseUnitKerja: "Pilih unit kerja",
  },
  passwordHint: "Kosongkan jika tidak ingin mengubah",
  passwordResetNote: "Password baru mengakhiri semua sesi dan token API pengguna ini (misalnya bila akun diduga disalahgunakan).",
  passwordNotKept: (mode: "create" | "update") =>
    mode === "create"
      ? "Demi keamanan, kata sandi tidak diisi ulang setelah formulir ditolak: ketik lagi."
      : "Demi keamanan, kata sandi tidak diisi ulang setelah formulir ditolak: ketik lagi bila ingin mengubahnya, atau kosongkan agar tidak berubah.",
  unitKerjaHint: "Hanya untuk peran Satuan Kerja (wajib dipilih); diabaikan untuk peran lain.",
  submit: "Simpan",
  saving: "Menyimpan...",
  created: "Pengguna berhasil dibuat.",
  updated: "Pengguna berhasil diperbarui.",
  createFailed: "Gagal membuat pengguna.",
  updateFailed: "Gagal memperbarui pengguna.",
  success: "Sukses!",
  backToList: "Kembali ke Daftar",
  notFound: "Pengguna tidak ditemukan.",
} as const;
