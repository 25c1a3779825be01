/** What the PPID desk says to a signed-in user who is not one of its officers. */
export const ppidDenied = {
  officer: "Hanya petugas PPID yang dapat melakukan tindakan ini.",
  atasan: "Hanya atasan PPID yang dapat menanggapi keberatan.",
  calendar: "Hanya Super Admin yang dapat mengubah hari libur PPID.",
} as const;
