/** The PPID officers page. */
export const ppidOfficers = {
  title: "Petugas PPID",
  intro: "Super Admin selalu bertindak sebagai petugas dan atasan PPID. Tetapkan pengguna lain sebagai petugas PPID (mencatat, memproses, menjawab permohonan) atau atasan PPID (menanggapi keberatan).",
  username: "Username",
  role: "Peran PPID",
  roles: { PETUGAS: "Petugas PPID", ATASAN: "Atasan PPID" },
  none: "tanpa peran PPID",
  submit: "Tetapkan",
  withdraw: "Cabut",
  saved: "Peran PPID disimpan.",
  empty: "Belum ada pengguna yang ditetapkan.",
  userNotFound: "Pengguna dengan username itu tidak ditemukan.",
} as const;
