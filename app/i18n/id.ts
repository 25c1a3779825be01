import { ui } from "./ui";

/**
 * The Indonesian strings most pages share; identifiers are English, values are what users read.
 * Every UI string lives in this folder, so the exact product wording is easy to check. Strings
 * of one feature (admin, access requests, audit messages, dashboards, API and hardening
 * messages) live in their own file and are imported directly where used, so a page's browser
 * bundle carries only the catalogue parts it shows.
 */
export const t = {
  appName: "E-Arsip",
  ui,
  loading: "Loading...",
  notSet: "(not set)",
  back: "Kembali",
  nav: {
    loggedInAs: "Logged in as",
    /** After the sidebar's count of requests addressed to the user's unit. */
    pendingBadge: "permintaan menunggu respon",
    dashboard: "Dashboard",
    documents: "Documents",
    accessRequest: "Access Request",
    master: "Master",
    auditLogs: "Audit Logs",
    unitKerja: "Unit Kerja",
    users: "Users",
    trash: "Sampah",
    disposal: "Penyusutan",
    berkas: "Berkas",
    daftarArsip: "Daftar Arsip",
    pemindahan: "Pemindahan",
    jobs: "Pekerjaan",
    imports: "Impor",
    ppid: "PPID",
    /** The header bell's accessible name (its number is the visible part). */
    notifications: (unread: number) => (unread === 0 ? "Notifikasi" : `Notifikasi, ${unread} belum dibaca`),
    classification: "Klasifikasi",
    logout: "Logout",
    panduan: "Panduan",
    loginSso: "Login SSO",
    breadcrumb: "Breadcrumb",
    /** The header's link to the 'Token API' page (every signed-in user). */
    apiTokens: "Token API",
    sidebar: "Menu utama",
  },
  notFound: {
    title: "Arsip atau Halaman Tidak Ditemukan",
    text: "Sistem tidak dapat menemukan sumber daya arsip yang Anda minta. Hal ini mungkin disebabkan oleh tautan yang tidak valid atau arsip telah diarsipkan secara permanen.",
    back: "Kembali ke Dasboard Utama",
  },
  errorPage: {
    title: "Terjadi Kesalahan",
    text: "Terjadi kesalahan pada server. Silakan coba lagi.",
    forbiddenTitle: "Akses Ditolak",
    forbiddenHelp: "Halaman ini hanya untuk peran tertentu; bila Anda memerlukannya, hubungi Super Admin.",
    backToPrevious: "Kembali ke halaman sebelumnya",
    backToHome: "Kembali ke Beranda",
  },
  denied: {
    page: "Anda tidak memiliki izin untuk mengakses halaman ini.",
  },
  pages: {
    dashboard: "Dashboard",
    dashboardAdmin: "Dashboard Admin",
    documents: "Semua Dokumen",
    createDocument: "Buat Dokumen Baru",
    documentDetail: "Detail Dokumen",
    updateDocument: "Update Dokumen",
    createUser: "Tambah Pengguna",
    userDetail: "Detail Pengguna",
    updateUser: "Update Pengguna",
  },
  meta: {
    appDescription: "Area kerja E-Arsip.",
  },
} as const;

/** Refusals the server sends (gates and loaders); never in a page's browser bundle. */
export const deniedMessages = {
  auditLog: "Anda tidak memiliki izin untuk melihat log audit.",
  editDocument: "Anda tidak memiliki izin untuk mengedit dokumen ini.",
  deleteDocument: "Anda tidak memiliki izin untuk menghapus dokumen ini.",
  createDocument: "Anda tidak memiliki izin untuk membuat dokumen.",
} as const;
