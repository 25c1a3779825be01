import type { EmailMode, NotificationKind } from "~/domain/notifications";

/** Notifications: the bell, /app/notifikasi, the preferences, and the texts of each kind. */
export const notifications = {
  title: "Notifikasi",
  description: "Pemberitahuan tentang permintaan akses, dokumen Anda, dan pekerjaan arsip.",
  bell: (unread: number) => (unread === 0 ? "Notifikasi, tidak ada yang belum dibaca" : `Notifikasi, ${unread} belum dibaca`),
  filter: { unread: "Belum dibaca", all: "Semua" },
  markRead: "Tandai dibaca",
  markAllRead: "Tandai semua dibaca",
  markedRead: "Notifikasi ditandai dibaca.",
  markedAllRead: (count: number) => (count === 0 ? "Tidak ada notifikasi yang belum dibaca." : `${count} notifikasi ditandai dibaca.`),
  open: "Buka",
  unreadBadge: "Baru",
  empty: { unread: "Tidak ada notifikasi yang belum dibaca.", all: "Belum ada notifikasi." },
  notFound: "Notifikasi tidak ditemukan.",
  settingsLink: "Pengaturan notifikasi",
  preferences: {
    title: "Pengaturan Notifikasi",
    description: "Notifikasi selalu tampil di aplikasi. Untuk email, pilih per jenis: segera, dalam ringkasan harian, atau tidak dikirim.",
    kindColumn: "Jenis notifikasi",
    emailColumn: "Email",
    save: "Simpan Pengaturan",
    saved: "Pengaturan notifikasi disimpan.",
    invalidMode: "Pilihan email tidak dikenal.",
    noEmail: "Akun Anda belum memiliki alamat email, jadi email tidak dapat dikirim. Minta administrator mengisinya.",
    mailOff: "Pengiriman email belum dikonfigurasi di server ini; notifikasi hanya tampil di aplikasi.",
    default: "(bawaan)",
  },
  emailMode: { IMMEDIATE: "Segera", DIGEST: "Ringkasan harian", OFF: "Tidak dikirim" } satisfies Record<EmailMode, string>,
  kind: {
    ACCESS_REQUEST_RECEIVED: "Permintaan akses masuk",
    ACCESS_REQUEST_DECIDED: "Permintaan akses Anda dijawab",
    ACCESS_TOKEN_EXPIRING: "Token unduhan akan berakhir",
    ACCESS_REQUEST_REVOKED: "Akses unduhan dicabut",
    TEXT_EXTRACTION_PROBLEM: "Teks dokumen tidak dapat diambil",
    FIXITY_FAILURE: "Integritas file bermasalah",
    RETENTION_NEWLY_DUE: "Arsip baru jatuh tempo (ringkasan mingguan)",
    DISPOSAL_LIST_AWAITING: "Daftar penyusutan menunggu keputusan",
    DISPOSAL_LIST_EXECUTED: "Daftar penyusutan dilaksanakan",
    JOB_ENDED: "Pekerjaan latar belakang selesai",
  } satisfies Record<NotificationKind, string>,
  /** The title and one-line context of each notification, composed for its recipient. */
  compose: {
    requestReceived: (title: string, requester: string) => ({
      title: `Permintaan akses baru: "${title}"`,
      body: `${requester} meminta akses ke dokumen ini dan menunggu respon unit Anda.`,
    }),
    requestApproved: (title: string, expiresAt: string) => ({
      title: `Permintaan akses disetujui: "${title}"`,
      body: `Unduh dokumen sebelum ${expiresAt} (1x24 jam setelah disetujui).`,
    }),
    requestRejected: (title: string) => ({ title: `Permintaan akses ditolak: "${title}"`, body: "Lihat pesan respon pemilik pada daftar permintaan akses." }),
    tokenExpiring: (title: string, expiresAt: string) => ({
      title: `Token unduhan segera berakhir: "${title}"`,
      body: `Token Anda berlaku sampai ${expiresAt}. Unduh sebelum waktu itu.`,
    }),
    revoked: (title: string) => ({ title: `Akses unduhan dicabut: "${title}"`, body: "Token unduhan untuk dokumen ini tidak berlaku lagi." }),
    extractionFailed: (title: string, reason: string) => ({ title: `Teks dokumen gagal diambil: "${title}"`, body: `Alasan: ${reason}. Dokumen tetap tersimpan; coba 'Indeks ulang'.` }),
    extractionNoText: (title: string) => ({
      title: `Dokumen tanpa teks: "${title}"`,
      body: "File tidak memuat lapisan teks (perlu OCR), jadi isinya tidak dapat dicari.",
    }),
    fixityFailure: (what: string, outcome: string) => ({ title: "Integritas file bermasalah", body: `${what}: ${outcome}. Periksa kartu 'Integritas File' di dashboard.` }),
    newlyDue: (disposition: string, count: number, since: string) => ({
      title: `${count} arsip baru jatuh tempo (${disposition})`,
      body: `Arsip yang jatuh tempo sejak ${since} dengan nasib akhir ${disposition}. Tinjau di Penyusutan.`,
    }),
    listAwaiting: (number: string, count: number) => ({
      title: `Daftar ${number} menunggu keputusan panitia`,
      body: `${count} arsip perlu diputuskan (Setujui atau Tunda) sebelum dapat dilaksanakan.`,
    }),
    listExecuted: (number: string, beritaAcara: string, done: number, skipped: number) => ({
      title: `Daftar ${number} telah dilaksanakan`,
      body: `Berita Acara ${beritaAcara}: ${done} arsip diproses, ${skipped} dilewati.`,
    }),
    jobDone: (kind: string) => ({ title: `Pekerjaan selesai: ${kind}`, body: "Lihat laporan per butir pada halaman pekerjaan." }),
    jobFailed: (kind: string, error: string) => ({ title: `Pekerjaan gagal: ${kind}`, body: error }),
  },
  email: {
    subjectPrefix: "[E-Arsip]",
    open: "Buka di E-Arsip",
    footer: "Email ini dikirim otomatis oleh E-Arsip. Atur email notifikasi Anda di",
    digestSubject: (count: number) => `Ringkasan harian: ${count} notifikasi`,
    digestIntro: (count: number) => `Ada ${count} notifikasi baru untuk Anda sejak ringkasan terakhir:`,
    greeting: (name: string) => `Yth. ${name},`,
  },
};
