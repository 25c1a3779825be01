import type { AuditAction } from "~/domain/audit-actions";

/** Indonesian strings of the audit log screen and its CSV export. */
export const auditLog = {
  title: "Log Audit",
  columns: {
    no: "No",
    timestamp: "Waktu",
    action: "Aksi",
    actor: "Pengguna",
    details: "Detail",
    ipAddress: "Alamat IP",
    userAgent: "User Agent",
  },
  filters: {
    action: "Aksi",
    allActions: "Semua Aksi",
    actor: "Username",
    from: "Dari tanggal",
    to: "Sampai tanggal",
    apply: "Terapkan",
    reset: "Atur Ulang",
  },
  exportCsv: "Ekspor CSV",
  filtersLabel: "Filter log audit",
  /** Labels of the action filter; the stored action name is shown beside unknown ones. */
  actionLabels: {
    LOGIN: "Login",
    LOGIN_FAILED: "Login gagal",
    LOGIN_THROTTLED: "Login diblokir sementara",
    LOGOUT: "Logout",
    SSO_LINKED: "Akun SSO ditautkan",
    SSO_CLAIMS_APPLIED: "Klaim SSO diterapkan",
    SSO_USER_CREATE: "Akun dibuat lewat SSO",
    DOCUMENT_CREATE: "Dokumen diunggah",
    DOCUMENT_UPDATE: "Dokumen diperbarui",
    DOCUMENT_FILE_REPLACE: "File dokumen diganti",
    DOCUMENT_DELETE: "Dokumen dihapus",
    DOCUMENT_TRASH: "Dokumen dipindahkan ke Sampah",
    DOCUMENT_RESTORE: "Dokumen dipulihkan",
    DOCUMENT_PURGE: "Dokumen dihapus permanen",
    DOCUMENT_VERSION_RESTORE: "Versi file dipulihkan",
    DOCUMENT_VERSION_DOWNLOAD: "Versi file diunduh",
    DOCUMENT_CLASS_CHANGE: "Klasifikasi keamanan diubah",
    DOCUMENT_REINDEX: "Indeks ulang teks diminta",
    CLASSIFICATION_CREATE: "Kode klasifikasi dibuat",
    CLASSIFICATION_UPDATE: "Kode klasifikasi diperbarui",
    CLASSIFICATION_DELETE: "Kode klasifikasi dihapus",
    CLASSIFICATION_IMPORT: "Skema klasifikasi diimpor",
    RETENTION_HOLD_PLACE: "Penahanan dipasang",
    RETENTION_HOLD_RELEASE: "Penahanan dilepas",
    RETENTION_REAPPRAISE: "Dinilai kembali",
    DOCUMENT_PREVIEW: "Dokumen dilihat",
    DOCUMENT_DOWNLOAD: "Dokumen diunduh",
    USER_CREATE: "Pengguna dibuat",
    USER_UPDATE: "Pengguna diperbarui",
    USER_DELETE: "Pengguna dihapus",
    USER_SESSIONS_REVOKE: "Sesi pengguna diakhiri",
    API_TOKEN_CREATE: "Token API dibuat",
    API_TOKEN_REVOKE: "Token API dicabut",
    UNIT_KERJA_CREATE: "Unit kerja dibuat",
    UNIT_KERJA_UPDATE: "Unit kerja diperbarui",
    UNIT_KERJA_DELETE: "Unit kerja dihapus",
    AUDIT_LOG_EXPORT: "Log audit diekspor",
    AUDIT_CHAIN_VERIFY: "Integritas log audit diverifikasi",
    FIXITY_FAILURE: "File rusak atau hilang",
    FIXITY_RECOVERED: "File kembali utuh",
    FIXITY_CHECK: "Integritas file diperiksa",
    ACCESS_REQUEST_CREATE: "Permintaan akses diajukan",
    ACCESS_REQUEST_APPROVE: "Permintaan akses disetujui",
    ACCESS_REQUEST_REJECT: "Permintaan akses ditolak",
    ACCESS_REQUEST_REVOKE: "Izin unduhan dicabut",
    ACCESS_REQUEST_EXPIRE: "Izin unduhan kedaluwarsa",
    ACCESS_TOKEN_DOWNLOAD: "Dokumen diunduh dengan token",
    ACCESS_DENIED: "Akses ditolak",
  } satisfies Record<AuditAction, string>,
  /**
   * The pager's summary: the page's range and the total when it is known ('Showing 51–100 of
   * 1.234 entries'), labelled when it is an estimate, and said plainly when it is not counted.
   */
  showing: (range: string | null, shown: number, total: { count: string; exact: boolean } | null) => {
    const rows = range ?? String(shown);
    if (!total) return `Showing ${rows} entries (total tidak dihitung untuk gabungan filter ini)`;
    return total.exact ? `Showing ${rows} of ${total.count} entries` : `Showing ${rows} of ±${total.count} entries (perkiraan)`;
  },
  empty: "Tidak ada data yang cocok.",
  loadFailed: "Gagal mengambil data log audit",
  loadError: "Terjadi kesalahan saat memuat data log audit",
  csvHeader: ["ID", "Waktu (UTC)", "Aksi", "Pengguna", "Detail", "Alamat IP", "User Agent"],
  exported: "Log audit diekspor ke CSV",
  integrity: {
    heading: "Integritas Log Audit",
    description:
      "Setiap entri log audit menyimpan sidik SHA-256 dari isinya dan dari entri sebelumnya. Verifikasi menghitung ulang seluruh rantai.",
    verify: "Verifikasi Integritas",
    verifying: "Memverifikasi...",
    intact: (checked: number) => `Rantai log audit utuh: ${checked} entri diperiksa.`,
    broken: (id: number, reason: "content" | "link" | "missing") =>
      `Rantai log audit rusak pada entri #${id} (${{ content: "isi diubah", link: "tautan putus", missing: "entri hilang" }[reason]}).`,
    unsealed: (count: number) => `${count} entri terbaru belum disegel dan belum ikut diperiksa.`,
    head: "Hash terakhir",
  },
} as const;
