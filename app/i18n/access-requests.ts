/** Indonesian strings of the access-request feature (the product's exact wording where it gives one). */
export const accessRequests = {
  title: "Status Permintaan Akses",
  description: "Daftar status permintaan akses dokumen yang telah Anda ajukan.",
  banner: "Harap mengunduh dokumen 1x24 jam setelah di setujui oleh pemilik.",
  adminDescription: "Daftar seluruh permintaan akses dokumen di semua unit kerja.",
  /** The two sides of the page for a unit member, and Super Admin's two views (server-side tabs). */
  tabs: {
    label: "Jenis permintaan akses",
    received: "Masuk",
    sent: "Diajukan",
    all: "Semua",
    unowned: "Tanpa Unit Pemilik",
  },
  receivedDescription: (unit: string | null) =>
    `Permintaan akses ke dokumen unit kerja Anda${unit ? ` (${unit})` : ""}. Setujui atau tolak yang menunggu; izin unduhan yang sudah disetujui dapat dicabut selama masih berlaku.`,
  unownedDescription:
    "Permintaan akses ke dokumen yang belum memiliki unit kerja pemilik: Super Admin yang menjawabnya. Tetapkan unit kerja pemilik lewat Update dokumen agar unit tersebut yang menjawab berikutnya.",
  noOwner: "Belum ada (dijawab Super Admin)",
  revokedNote: (by: string | null, at: string) => `Dicabut ${by ? `oleh ${by}` : "otomatis oleh sistem"} pada ${at}.`,
  revoke: {
    title: "Cabut Izin Unduhan",
    confirm: (title: string, requester: string) =>
      `Cabut izin unduhan dokumen "${title}" untuk ${requester}? Token unduhannya langsung tidak berlaku; pemohon harus mengajukan permintaan baru bila masih memerlukannya.`,
    submit: "Ya, Cabut",
    busy: "Mencabut...",
    cancel: "Batal",
  },
  search: "Cari judul, pesan, pemohon atau pemilik...",
  viewAll: "Lihat semua permintaan akses",
  downloadCount: (count: number) => `Diunduh ${count}x`,
  empty: "Tidak ada permintaan akses yang ditemukan.",
  columns: {
    no: "No",
    archiveTitle: "Judul Dokumen",
    status: "Status",
    requestMessage: "Pesan Permintaan",
    responseMessage: "Pesan Respon",
    requester: "Pemohon",
    owner: "Pemilik",
    createdAt: "Tanggal Permintaan",
    expiresAt: "Berakhir",
    actions: "Aksi",
  },
  statusLabels: {
    PENDING: "PENDING",
    APPROVED: "APPROVED",
    REJECTED: "REJECTED",
    EXPIRED: "EXPIRED",
    REVOKED: "REVOKED",
  },
  rowActions: {
    download: "Download",
    respond: "Respond",
    waiting: "Menunggu",
    rejected: "Ditolak",
    waitingToken: "Menunggu Token",
    revoke: "Cabut",
    approve: "Setujui",
    reject: "Tolak",
  },
  list: {
    errorTitle: "Error",
    failed: "Gagal mengambil data permintaan akses",
    denied: "Anda tidak memiliki izin untuk melihat permintaan akses.",
  },
  download: {
    failed: "Gagal mengunduh file",
    success: "Dokumen berhasil diunduh!",
    networkFailed: "Terjadi kesalahan saat mengunduh dokumen.",
    back: "Kembali ke Status Permintaan Akses",
  },
} as const;

/** What the server answers: validation, refusals and outcomes (never in a page's browser bundle). */
export const accessRequestMessages = {
  /** The answer a pending request gets when its document becomes SANGAT_RAHASIA (never requestable). */
  closedByClass: "Ditutup otomatis: dokumen ini kini berklasifikasi Sangat Rahasia dan tidak dapat diminta.",
  request: {
    messageRequired: "Pesan request tidak boleh kosong.",
    messageMax: (max: number) => `Pesan request maksimal ${max} karakter.`,
    success: "Berhasil mengirim request!",
    failed: "Gagal merequest dokumen.",
    denied: "Anda tidak dapat meminta akses ke dokumen ini.",
    duplicate:
      "Anda sudah memiliki permintaan akses yang masih terbuka (menunggu respon atau sudah disetujui) untuk dokumen ini.",
  },
  respond: {
    success: "Respon berhasil dikirim!",
    failed: "Gagal merespon permintaan",
    networkFailed: "Terjadi kesalahan saat merespon.",
    actionRequired: "Pilih Terima atau Tolak.",
    messageRequired: "Pesan respon tidak boleh kosong.",
    messageMax: (max: number) => `Pesan respon maksimal ${max} karakter.`,
    denied: "Anda tidak memiliki izin untuk merespon permintaan akses ini.",
    alreadyAnswered: "Permintaan akses ini sudah direspon sebelumnya.",
  },
  revoke: {
    success: "Izin unduhan berhasil dicabut.",
    denied: "Anda tidak memiliki izin untuk mencabut izin unduhan ini.",
    notRevocable: "Hanya permintaan yang disetujui dan masih berlaku yang dapat dicabut.",
  },
  list: {
    loadError: "Terjadi kesalahan saat memuat data",
  },
  download: {
    signInRequired: "Silakan login dengan akun pemohon untuk mengunduh dokumen ini.",
    tokenInvalid: "Token unduhan tidak valid.",
    tokenForeign: "Token unduhan ini bukan milik akun Anda.",
    tokenOtherDocument: "Token unduhan ini tidak berlaku untuk dokumen ini.",
    tokenExpired: "Token unduhan sudah kedaluwarsa (berlaku 1x24 jam setelah disetujui).",
    tokenRevoked: "Izin unduhan telah dicabut oleh pemilik dokumen.",
    tokenUsed: "Token untuk dokumen Rahasia hanya berlaku untuk satu kali unduhan, dan sudah dipakai.",
    tokenRequesterChanged: "Izin unduhan tidak berlaku lagi karena peran atau unit kerja akun Anda telah berubah.",
  },
  notFound: "Permintaan akses tidak ditemukan.",
  invalidJson: "Data permintaan tidak dapat dibaca: kirim JSON yang valid.",
  bodyTooLarge: "Data permintaan terlalu besar.",
} as const;
