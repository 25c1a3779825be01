import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/** Every route of the product, spelled out. */
export default [
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("panduan", "routes/panduan.tsx"),
    route("documents", "routes/public-documents.tsx"),
    route("documents/:uuid", "routes/public-document.tsx"),
    // A Berita Acara's public verification page (its QR code): number, date and hashes only.
    route("verifikasi/:uuid", "routes/verifikasi.tsx"),
    // The PPID desk's public side: no account, no JavaScript needed.
    route("ppid", "routes/ppid/index.tsx"),
    route("ppid/dip", "routes/ppid/dip.tsx"),
    route("ppid/konfirmasi/:token", "routes/ppid/confirm.tsx"),
    route("ppid/status", "routes/ppid/status.tsx"),
  ]),
  // The requester's receipt as PDF: posted with the number and the secret code (a resource route).
  route("ppid/status/tanda-terima.pdf", "routes/ppid/receipt-pdf.tsx"),
  // The Daftar Informasi Publik as CSV (a resource route, for anyone).
  route("ppid/dip.csv", "routes/ppid/dip-csv.tsx"),
  // A file released to one requester: posted from the status page with its code (a resource route).
  route("ppid/status/unduh", "routes/ppid/released-file.tsx"),
  route("robots.txt", "routes/robots-txt.tsx"),
  route("sitemap.xml", "routes/sitemap-index.tsx"),
  route("sitemap/:part", "routes/sitemap-part.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  route("callback", "routes/callback.tsx"),
  ...prefix("app", [
    // The session gate of this layout covers every route inside it (loaders and actions).
    layout("routes/app-layout.tsx", [
      index("routes/app/dashboard.tsx"),
      route("documents", "routes/app/documents.tsx"),
      route("documents/create", "routes/app/documents-create.tsx"),
      route("documents/unggah-banyak", "routes/app/documents-bulk-upload.tsx"),
      route("documents/:uuid", "routes/app/document-detail.tsx"),
      route("documents/:uuid/update", "routes/app/document-update.tsx"),
      layout("routes/app/access-request-layout.tsx", [
        route("access-request", "routes/app/access-request.tsx"),
        // The Download link without JavaScript (checks first; no token in its URL).
        route("access-request/download/:uuid", "routes/app/access-request-download.tsx"),
      ]),
      // The trash: Super Admin and Satuan Kerja (its unit's documents), by the gate of this layout.
      layout("routes/app/trash-layout.tsx", [route("trash", "routes/app/trash.tsx")]),
      // Penyusutan: Super Admin (everything) and Satuan Kerja (its unit's, read-only), by the gate of this layout.
      layout("routes/app/disposal-layout.tsx", [
        route("penyusutan", "routes/app/disposal.tsx"),
        route("penyusutan/daftar/:uuid", "routes/app/disposal-list.tsx"),
        route("penyusutan/daftar/:uuid/daftar.csv", "routes/app/disposal-list-csv.tsx"),
        // EAD 2002 for SIKN (the service's policy: Super Admin).
        route("penyusutan/ead.xml", "routes/app/ead-export.tsx"),
      ]),
      // Berkas, the Daftar Arsip and pemindahan: Super Admin and Satuan Kerja, by the gate of this
      // layout; the services decide per unit (and the records centre's part).
      layout("routes/app/records-layout.tsx", [
        route("berkas", "routes/app/berkas.tsx"),
        route("berkas/create", "routes/app/berkas-create.tsx"),
        route("berkas/:id", "routes/app/berkas-detail.tsx"),
        route("berkas/:id/update", "routes/app/berkas-update.tsx"),
        route("daftar-arsip", "routes/app/daftar-arsip.tsx"),
        route("daftar-arsip/unduh.csv", "routes/app/daftar-arsip-csv.tsx"),
        route("daftar-arsip/unduh.pdf", "routes/app/daftar-arsip-pdf.tsx"),
        route("pemindahan", "routes/app/pemindahan.tsx"),
        route("pemindahan/:uuid", "routes/app/pemindahan-detail.tsx"),
        route("pemindahan/:uuid/daftar.csv", "routes/app/pemindahan-csv.tsx"),
        route("pemindahan/:uuid/berita-acara.pdf", "routes/app/pemindahan-pdf.tsx"),
      ]),
      // Master screens (audit log, work units, users, the classification scheme): the Super
      // Admin gate of this layout covers every route inside it.
      layout("routes/app/master-layout.tsx", [
        route("audit-logs", "routes/app/audit-logs.tsx"),
        route("manage-unit-kerja", "routes/app/manage-unit-kerja.tsx"),
        route("manage-unit-kerja/create", "routes/app/unit-kerja-create.tsx"),
        route("manage-unit-kerja/:id/update", "routes/app/unit-kerja-update.tsx"),
        route("users", "routes/app/users.tsx"),
        route("users/create", "routes/app/users-create.tsx"),
        route("users/:uuid", "routes/app/user-detail.tsx"),
        route("users/:uuid/update", "routes/app/user-update.tsx"),
        route("klasifikasi", "routes/app/classification.tsx"),
        route("klasifikasi/create", "routes/app/classification-create.tsx"),
        route("klasifikasi/:id/update", "routes/app/classification-update.tsx"),
        route("klasifikasi/import", "routes/app/classification-import.tsx"),
        route("klasifikasi/export.csv", "routes/app/classification-export.tsx"),
        // The PPID's cuti bersama and its designated officers (Super Admin, by this layout's gate).
        route("ppid/hari-libur", "routes/app/ppid/leave-days.tsx"),
        route("ppid/petugas", "routes/app/ppid/officers.tsx"),
      ]),
      // The PPID desk: designated officers, the atasan PPID and Super Admin, by this layout's gate.
      layout("routes/app/ppid-layout.tsx", [
        route("ppid", "routes/app/ppid/register.tsx"),
        route("ppid/catat", "routes/app/ppid/record.tsx"),
        // The annual report, and its and the registers' downloads (`:report` laporan, permohonan, keberatan; `?tahun=`).
        route("ppid/laporan", "routes/app/ppid/report.tsx"),
        route("ppid/:report/unduh.csv", "routes/app/ppid/report-csv.tsx"),
        route("ppid/:report/unduh.pdf", "routes/app/ppid/report-pdf.tsx"),
        route("ppid/dip", "routes/app/ppid/dip-entries.tsx"),
        route("ppid/uji-konsekuensi", "routes/app/ppid/consequence-tests.tsx"),
        route("ppid/:id", "routes/app/ppid/detail.tsx"),
      ]),
      // A stored Berita Acara's PDF (the service's policy decides who; a resource route).
      route("berita-acara/:uuid/pdf", "routes/app/berita-acara-download.tsx"),
      // Notifications (every signed-in user's own) and jobs (the service scopes who sees which).
      route("notifikasi", "routes/app/notifications.tsx"),
      route("notifikasi/pengaturan", "routes/app/notification-settings.tsx"),
      route("notifikasi/:id", "routes/app/notification-open.tsx"),
      route("pekerjaan", "routes/app/jobs.tsx"),
      // Impor: Super Admin, and Satuan Kerja into its own unit, by the gate of this layout.
      layout("routes/app/import-layout.tsx", [route("impor", "routes/app/imports.tsx")]),
      route("pekerjaan/:id", "routes/app/job-detail.tsx"),
      // 'Token API': every signed-in user's personal API tokens (a Super Admin sees everyone's).
      route("api-tokens", "routes/app/api-tokens.tsx"),
      // The token hand-off for scripts; its path is not shown in the UI.
      route("session", "routes/app/session-handoff.tsx"),
      route("*", "routes/app/not-found.tsx"),
    ]),
  ]),
  layout("routes/public-layout.tsx", { id: "public-fallback" }, [route("*", "routes/not-found.tsx")]),
] satisfies RouteConfig;
