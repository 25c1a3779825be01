/** Notifications: the bell and /app/notifikasi (the preferences: `notification-settings.ts`). */
export const notifications = {
  title: "Notifikasi",
  description: "Pemberitahuan tentang permintaan akses, dokumen Anda, dan pekerjaan arsip.",
  filter: { unread: "Belum dibaca", all: "Semua" },
  markRead: "Tandai dibaca",
  read: "Sudah dibaca",
  unreadSummary: (count: number) => (count === 0 ? "Semua sudah dibaca" : `${count} belum dibaca`),
  columns: { notification: "Notifikasi", createdAt: "Waktu", actions: "Aksi" },
  markAllRead: "Tandai semua dibaca",
  markedRead: "Notifikasi ditandai dibaca.",
  markedAllRead: (count: number) => (count === 0 ? "Tidak ada notifikasi yang belum dibaca." : `${count} notifikasi ditandai dibaca.`),
  open: "Buka",
  unreadBadge: "Baru",
  empty: { unread: "Tidak ada notifikasi yang belum dibaca.", all: "Belum ada notifikasi." },
  notFound: "Notifikasi tidak ditemukan.",
  settingsLink: "Pengaturan notifikasi",
};
