/** Pemindahan arsip inaktif: the words the transfers page and a transfer's page share (the list page's own are `transfer-list`, a transfer's `transfer-detail`). */
export const transferText = {
  title: "Pemindahan Arsip Inaktif",
  statuses: { DIUSULKAN: "Diusulkan", DITERIMA: "Diterima", DITOLAK: "Ditolak" } as Record<string, string>,
  columns: {
    number: "Nomor",
    unit: "Unit Pengolah",
    status: "Status",
    berkas: "Berkas",
    proposedAt: "Diusulkan",
    berkasNumber: "Nomor Berkas",
    code: "Kode Klasifikasi",
    title: "Uraian Informasi Berkas",
    period: "Kurun Waktu",
    items: "Jumlah Item",
    developmentLevel: "Tingkat Perkembangan",
    box: "Nomor Boks",
    rack: "Rak",
    location: "Lokasi",
    activeUntil: "Aktif sampai",
  },
  listTitle: "Daftar Arsip yang Dipindahkan",
} as const;

/** What the server answers: outcomes, refusals and validation (never in a page's browser bundle). */
export const transferMessages = {
  proposed: (number: string) => `Usul pemindahan ${number} diajukan ke unit kearsipan.`,
  accepted: (ba: string) => `Pemindahan diterima; Berita Acara ${ba} diterbitkan.`,
  rejected: "Usul pemindahan ditolak.",
  denied: "Anda tidak memiliki akses ke pemindahan arsip.",
  notFound: "Usul pemindahan tidak ditemukan.",
  proposeDenied: "Anda hanya dapat mengusulkan berkas unit kerja Anda.",
  decideDenied: "Hanya unit kearsipan atau Super Admin yang dapat memutuskan usul pemindahan.",
  centreMissing: "Belum ada unit kearsipan yang ditetapkan; usul tidak dapat diterima.",
  ownCentre: "Berkas unit kearsipan sudah berada di unit kearsipan.",
  oneUnit: "Satu usul pemindahan berisi berkas dari satu unit kerja.",
  notCandidate: (number: string) => `Berkas ${number} tidak dapat dipindahkan: masa aktifnya belum lewat, kosong, sudah dipindahkan, atau sudah diusulkan.`,
  onOtherProposal: "Sebagian berkas yang dipilih sudah ada di usul pemindahan lain.",
  notOpen: "Usul pemindahan ini sudah diputuskan.",
  berkasChanged: (number: string) => `Berkas ${number} berubah sejak diusulkan (dipindahkan atau kosong); tolak usul ini dan ajukan ulang.`,
  numberTaken: "Nomor usul baru saja dipakai usul lain; silakan ulangi.",
  validation: {
    berkasRequired: "Pilih minimal satu berkas",
    tooMany: (max: number) => `Satu usul berisi paling banyak ${max} berkas`,
    noteMax: "Paling banyak 500 karakter",
    locationMax: "Nomor boks dan rak paling banyak 50 karakter",
    reasonRequired: "Alasan penolakan wajib diisi (minimal 5 karakter)",
  },
} as const;
