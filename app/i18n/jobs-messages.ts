/** What only the server says about jobs (errors, dead letters); apart from `jobs` so the job pages do not load them. */
export const jobMessages = {
  notFound: "Pekerjaan tidak ditemukan.",
  actorGone: "Pengguna yang menjalankan pekerjaan ini tidak lagi ada.",
  deadLetter: (queue: string) => `Pesan dari antrean "${queue}" tidak dapat diproses (jenis tidak dikenal atau gagal di setiap percobaan).`,
  deadLetterNotRunnable: "Pesan antrean yang gagal hanya dicatat, tidak dijalankan.",
  eventFailed: (kind: string) => `Kejadian "${kind}" gagal disalurkan ke pelanggannya setelah beberapa percobaan.`,
};
