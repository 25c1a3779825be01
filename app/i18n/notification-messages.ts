import { notificationSettingsText } from "./notification-settings";
import { notifications } from "./notifications";

/**
 * The server's whole notification catalogue: the pages' strings plus what only the server writes
 * (each kind's title and line, the emails). Pages import `notifications` alone, so these never
 * reach the browser.
 */
export const notificationText = {
  ...notifications,
  ...notificationSettingsText,
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
    ppidDeadlineNear: (number: string, days: number, dueDate: string) => ({
      title: `Permohonan ${number}: ${days} hari kerja lagi`,
      body: `Jawaban tertulis paling lambat ${dueDate}.`,
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
