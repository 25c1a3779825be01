import type { EmailMode, NotificationKind } from "~/domain/notifications";

/** 'Pengaturan notifikasi': the preferences page, its email modes and the name of each kind. */
export const notificationSettingsText = {
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
    PPID_DEADLINE_NEAR: "Batas waktu permohonan informasi (PPID)",
  } satisfies Record<NotificationKind, string>,
} as const;
