import { ppidStatuses, ppidOutcomes, ppidChannels, ppidFormats, ppidDeliveries } from "./ppid/vocabulary";
import { ppidDenied } from "./ppid/denied";
import { ppidLeaveDays } from "./ppid/leave-days";
import { ppidRequestPage } from "./ppid/request-page";
import { ppidConfirm } from "./ppid/confirm";
import { ppidReceipt, ppidReceiptPdf } from "./ppid/receipt";
import { ppidStatusPage } from "./ppid/status-page";
import { ppidDesk, ppidGrounds } from "./ppid/desk";
import { ppidOfficers } from "./ppid/officers";
import { ppidTests } from "./ppid/tests";
import { ppidObjections } from "./ppid/objections";
import { ppidDip, ppidDipServer, ppidDik } from "./ppid/dip";
import { ppidDipEntries } from "./ppid/dip-entries";
import { ppidReports } from "./ppid/reports";

/**
 * Indonesian strings of the PPID desk (permohonan informasi publik, keberatan, DIP), for the server
 * and the API. A browser chunk carries a whole module, so pages import the modules under ./ppid/
 * that hold their own strings instead of this catalogue.
 */
export const ppidMessages = {
  /** What stands in the register for a requester's name once their personal data is purged. */
  personalDataPurged: "(data pribadi telah dihapus)",
  validation: {
    dateInvalid: "Tanggal tidak valid (format TTTT-BB-HH).",
    noteRequired: "Keterangan wajib diisi.",
    noteMax: "Keterangan maksimal 150 karakter.",
    nameRequired: "Nama wajib diisi.",
    nameMax: "Nama maksimal 150 karakter.",
    emailRequired: "Email wajib diisi untuk menerima jawaban.",
    emailInvalid: "Format email tidak valid.",
    phoneMax: "Nomor telepon maksimal 30 karakter.",
    addressMax: "Alamat maksimal 500 karakter.",
    informationRequired: "Rincian informasi yang dimohon wajib diisi.",
    informationMax: "Rincian informasi maksimal 4000 karakter.",
    purposeRequired: "Tujuan penggunaan informasi wajib diisi.",
    purposeMax: "Tujuan penggunaan maksimal 2000 karakter.",
    formatRequired: "Pilih bentuk informasi yang diinginkan.",
    deliveryRequired: "Pilih cara mendapatkan informasi.",
    channelRequired: "Pilih cara permohonan diterima.",
    reasonRequired: "Alasan wajib diisi.",
    reasonMax: "Alasan maksimal 2000 karakter.",
    outcomeRequired: "Pilih jawaban.",
    messageRequired: "Isi jawaban wajib diisi.",
    messageMax: "Isi jawaban maksimal 4000 karakter.",
    groundRequired: "Penolakan harus menyebut dasar pengecualian Pasal 17.",
    groundInvalid: "Dasar pengecualian tidak dikenal.",
    consequenceTestRequired: "Penolakan harus bersandar pada uji konsekuensi.",
    archiveInvalid: "Dokumen tidak dikenal.",
    archivesMax: "Paling banyak 20 dokumen per jawaban.",
    numberRequired: "Nomor registrasi wajib diisi.",
    usernameRequired: "Username wajib diisi.",
    objectionGroundRequired: "Pilih alasan keberatan (Pasal 35 ayat (1)).",
    disputeNumberRequired: "Nomor registrasi sengketa wajib diisi.",
    disputeNumberMax: "Nomor registrasi sengketa maksimal 100 karakter.",
    decisionRequired: "Isi putusan wajib diisi.",
    decisionMax: "Isi putusan maksimal 4000 karakter.",
    roleRequired: "Pilih peran PPID.",
    testInformationRequired: "Informasi yang dikecualikan wajib diisi.",
    testInformationMax: "Informasi maksimal 500 karakter.",
    legalBasisRequired: "Dasar hukum wajib diisi.",
    legalBasisMax: "Dasar hukum maksimal 500 karakter.",
    consequencesRequired: "Konsekuensi yang ditimbang wajib diisi.",
    consequencesMax: "Konsekuensi maksimal 4000 karakter.",
    validUntilPast: "Masa berlaku harus setelah hari ini.",
    codeRequired: "Kode rahasia wajib diisi.",
    yearInvalid: "Tahun tidak valid (2000–2100).",
    dipTitleRequired: "Judul informasi wajib diisi.",
    dipTitleMax: "Judul maksimal 300 karakter.",
    dipSummaryRequired: "Ringkasan isi informasi wajib diisi.",
    dipSummaryMax: "Ringkasan maksimal 4000 karakter.",
    dipKindRequired: "Pilih jenis informasi.",
    dipHolderRequired: "Unit yang menguasai informasi wajib diisi.",
    dipResponsibleRequired: "Penanggung jawab wajib diisi.",
    dipMadeInRequired: "Waktu pembuatan wajib diisi.",
    dipMadeInMax: "Waktu pembuatan maksimal 50 karakter.",
    dipFormatRequired: "Bentuk informasi wajib diisi.",
    dipRetentionRequired: "Jangka waktu penyimpanan wajib diisi.",
    dipFieldMax: "Isian maksimal 200 karakter.",
    releaseNeedsGiving: "Dokumen hanya dapat dirilis bila permohonan diberikan, seluruhnya atau sebagian.",
  },
  leaveDays: ppidLeaveDays,
  denied: ppidDenied,
  errors: {
    notFound: "Permohonan informasi tidak ditemukan.",
    confirmInvalid: "Tautan konfirmasi tidak valid atau sudah kedaluwarsa. Silakan ajukan permohonan kembali.",
    statusInvalid: "Nomor registrasi atau kode rahasia tidak cocok.",
    notOpen: "Permohonan ini sudah dijawab.",
    alreadyExtended: "Permohonan hanya dapat diperpanjang satu kali.",
    extendTooLate: "Perpanjangan harus diberikan sebelum batas waktu jawaban lewat.",
    consequenceTestUnknown: "Uji konsekuensi tidak ditemukan atau sudah tidak berlaku.",
    archiveNotPublic: (uuid: string) => `Dokumen ${uuid} bukan dokumen publik: sebut hanya dokumen publik di sini, atau rilis berkasnya khusus untuk pemohon ini.`,
    releaseNotFound: (uuid: string) => `Dokumen ${uuid} tidak ditemukan.`,
    releasePublic: (title: string) => `Dokumen "${title}" adalah dokumen publik: sebut sebagai dokumen publik, tidak perlu dirilis.`,
    releaseSecret: (title: string, securityClass: string) => `Dokumen "${title}" berklasifikasi ${securityClass}: berkasnya tidak dapat dirilis melalui PPID.`,
    releaseNotReadable: (title: string) => `Anda tidak berhak membuka berkas dokumen "${title}", sehingga tidak dapat merilisnya.`,
    releaseTwice: (uuid: string) => `Dokumen ${uuid} disebut dua kali dalam jawaban.`,
    changedMeanwhile: "Permohonan ini baru saja diubah orang lain. Muat ulang halaman lalu coba lagi.",
    rateLimited: "Terlalu banyak permohonan dari alamat atau email ini. Coba lagi nanti.",
  },
  statuses: ppidStatuses,
  outcomes: ppidOutcomes,
  channels: ppidChannels,
  formats: ppidFormats,
  deliveries: ppidDeliveries,
  page: ppidRequestPage,
  confirm: ppidConfirm,
  receipt: ppidReceipt,
  status: ppidStatusPage,
  download: {
    invalid: "Tautan unduhan tidak berlaku untuk permohonan ini.",
    expired: (date: string) => `Masa unduh dokumen ini telah berakhir pada ${date}. Hubungi PPID bila Anda masih membutuhkannya.`,
    gone: "Dokumen ini tidak lagi tersedia untuk diunduh. Hubungi PPID.",
  },
  desk: ppidDesk,
  grounds: ppidGrounds,
  officers: ppidOfficers,
  tests: ppidTests,
  dik: ppidDik,
  objections: ppidObjections,
  dip: { ...ppidDip, ...ppidDipServer },
  dipEntries: ppidDipEntries,
  reports: ppidReports,
  receiptPdf: ppidReceiptPdf,
  api: {
    recorded: "Permohonan informasi dicatat.",
    extended: "Jangka waktu permohonan diperpanjang.",
    answered: "Permohonan informasi dijawab.",
    dipAdded: "Entri DIP ditambahkan.",
    dipDeleted: "Entri DIP dihapus.",
  },
  email: {
    confirmSubject: "Konfirmasi permohonan informasi publik",
    confirmBody: (name: string) =>
      `Yth. ${name}, kami menerima permohonan informasi publik atas nama Anda. Buka tautan di bawah ini dalam 48 jam untuk mengonfirmasinya; permohonan baru dicatat dan diberi nomor registrasi setelah dikonfirmasi. Abaikan email ini bila Anda tidak mengajukannya.`,
    confirmAction: "Konfirmasi Permohonan",
    greeting: (name: string) => `Yth. ${name},`,
    statusAction: "Cek status permohonan (dengan nomor registrasi dan kode rahasia)",
    extendedSubject: (number: string) => `Permohonan informasi ${number} diperpanjang`,
    extendedBody: (number: string, dueDate: string, reason: string) =>
      `Jangka waktu jawaban atas permohonan informasi ${number} diperpanjang sampai ${dueDate}.\nAlasan: ${reason}`,
    answeredFiles: (titles: readonly string[]) => `Dokumen dalam jawaban ini:\n${titles.map((title) => `- ${title}`).join("\n")}`,
    answeredReleased: (until: string) =>
      `Dokumen yang dirilis khusus untuk Anda dapat diunduh dari halaman status permohonan (dengan nomor registrasi dan kode rahasia) sampai ${until}.`,
    answeredSubject: (number: string) => `Jawaban atas permohonan informasi ${number}`,
    answeredBody: (number: string, outcome: string, message: string) =>
      `Permohonan informasi ${number} telah dijawab: ${outcome}.\n\n${message}\n\nBila Anda tidak puas dengan jawaban ini, Anda dapat mengajukan keberatan kepada atasan PPID dalam 30 hari kerja.`,
  },
} as const;
