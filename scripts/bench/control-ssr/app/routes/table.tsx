import { Form, Link } from "react-router";

/**
 * Control (a'): a page shaped like the app's signed-in document list — a sidebar of links, a
 * filter form, a ten-row table with links and badges, pagination, an inline stylesheet of the
 * same size — built from a constant loader of ten view rows. No I/O: what it costs is what React
 * Router and React cost to render and hydrate-serialise that much markup.
 */
const STYLESHEET = `.c{color:#000}`.repeat(2_600); // ≈ 38 kB, as the app's inlined stylesheet

const CATEGORIES = ["Surat Keputusan", "Surat/Korespondensi", "Sertifikat Akreditasi", "Pedoman", "Laporan Kegiatan", "SOP", "Foto", "Audio"];

export function loader() {
  return {
    user: { name: "Administrator Sistem", role: "Super Admin", unitKerjaName: null },
    categories: CATEGORIES.map((name, index) => ({ id: index + 1, name })),
    rows: Array.from({ length: 10 }, (_, i) => ({
      uuid: `0b7c6f7e-4d1a-4c53-9d0e-1f2a3b4c5d${String(i).padStart(2, "0")}`,
      title: `Surat Keputusan Rektor tentang Pedoman Akademik Nomor ${i + 1}`,
      documentNumber: `SK/${100 + i}/UN/2026`,
      year: 2026 - (i % 4),
      categoryId: (i % 8) + 1,
      categoryName: CATEGORIES[i % 8],
      accessLevel: i % 3 === 0 ? "PUBLIC" : "PRIVATE",
      keywords: ["akademik", "pedoman", "rektor", "keputusan"],
      description: "Dokumen resmi universitas yang disimpan di arsip digital satuan kerja. Berlaku sejak ditetapkan dan menjadi acuan bagi seluruh unit di lingkungan universitas.",
      fileMime: "application/pdf",
      sha256: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
      unitKerjaName: "Fakultas Teknik",
      uploaderName: "Staf Arsip",
      fileName: `dokumen-${i + 1}.pdf`,
      fileSizeKb: 240 + i,
      createdAt: "2026-11-21T06:45:21.628Z",
      updatedAt: "2026-11-22T08:10:00.000Z",
      canEdit: true,
      canDelete: true,
    })),
    page: { number: 1, size: 10, total: 100_030, totalPages: 10_003 },
  };
}

const cell = "px-3 py-2 align-top text-sm text-slate-700";
const link = "rounded font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700";
const NAV = ["Dashboard", "Dokumen", "Unggah Dokumen", "Permintaan Akses", "Pengguna", "Unit Kerja", "Log Audit", "Statistik", "Panduan", "Bantuan", "Profil", "Keluar"];

export default function Table({ loaderData }: { loaderData: ReturnType<typeof loader> }) {
  const { user, categories, rows, page } = loaderData;
  return (
    <div className="group/shell min-h-screen">
      <style dangerouslySetInnerHTML={{ __html: STYLESHEET }} />
      <aside className="fixed inset-y-0 left-0 z-40 w-64 border-r border-slate-200 bg-white" aria-label="Navigasi utama">
        <nav>
          <ul className="space-y-1 p-3">
            {NAV.map((label, i) => (
              <li key={label}>
                <Link to={`/nav/${i}`} className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100" data-testid={`nav-${i}`}>
                  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.75" className="h-5 w-5" aria-hidden="true">
                    <path d="M4 6h16M4 12h16M4 18h16" />
                  </svg>
                  <span>{label}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-4">
        <span className="font-semibold text-slate-900">E-Arsip</span>
        <span className="ml-auto text-sm text-slate-600" data-testid="header-user">{user.name}</span>
      </header>
      <main id="main" className="p-4 sm:p-6">
        <h1 className="text-2xl font-semibold text-slate-900">Dokumen</h1>
        <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" role="search">
          <label className="flex flex-col text-sm">
            <span className="font-medium">Cari</span>
            <input type="search" name="q" defaultValue="" className="rounded-lg border border-slate-300 px-3 py-2 text-sm" />
          </label>
          <label className="flex flex-col text-sm">
            <span className="font-medium">Kategori</span>
            <select name="category" defaultValue="" className="rounded-lg border border-slate-300 px-3 py-2 text-sm">
              <option value="">Semua</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>{category.name}</option>
              ))}
            </select>
          </label>
          <button type="submit" className="rounded-lg bg-blue-700 px-4 py-2 text-sm font-medium text-white">Terapkan</button>
        </Form>
        <p className="mt-4 text-sm text-slate-600" role="status">{page.total} dokumen</p>
        <table className="mt-2 w-full border-collapse bg-white text-left">
          <thead>
            <tr>
              {["Judul", "Nomor", "Tahun", "Kategori", "Akses", "Kata kunci", "Ukuran", "Diunggah", "Aksi"].map((heading) => (
                <th key={heading} scope="col" className="px-3 py-2 text-xs font-semibold uppercase text-slate-600" aria-sort="none">
                  <Link to={`?sort=${heading}`} className={link}>{heading}</Link>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.uuid} className="border-t border-slate-200" data-testid="document-row">
                <td className={cell}>
                  <Link to={`/documents/${row.uuid}`} className={link}>{row.title}</Link>
                  <span className="block text-xs text-slate-500">{row.unitKerjaName}</span>
                  <span className="block text-xs text-slate-500">{row.uploaderName}</span>
                </td>
                <td className={cell}>{row.documentNumber}</td>
                <td className={cell}>{row.year}</td>
                <td className={cell}>
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{row.categoryName}</span>
                </td>
                <td className={cell}>
                  <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800" data-testid="access-badge">{row.accessLevel}</span>
                </td>
                <td className={cell}>
                  <ul className="flex flex-wrap gap-1" aria-label="Kata kunci">
                    {row.keywords.map((keyword) => (
                      <li key={keyword} className="rounded bg-slate-100 px-1.5 text-xs text-slate-600">{keyword}</li>
                    ))}
                  </ul>
                </td>
                <td className={cell}>
                  <span>{row.fileSizeKb} KB</span>
                </td>
                <td className={cell}>
                  <time dateTime={row.createdAt}>21 Nov 2026</time>
                </td>
                <td className={cell}>
                  <div className="flex gap-2">
                    <a href={`/download/${row.uuid}`} className={link} download={row.fileName}>Unduh</a>
                    <Link to={`/documents/${row.uuid}/update`} className={link}>Ubah</Link>
                    <Link to={`?dialog=delete&uuid=${row.uuid}`} className={link}>Hapus</Link>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <nav aria-label="Halaman" className="mt-4 flex gap-2">
          {[1, 2, 3, 4, 5].map((n) => (
            <Link key={n} to={`?page=${n}`} className="rounded-lg px-3 py-1.5 text-sm ring-1 ring-slate-200" aria-current={n === page.number ? "page" : undefined}>{n}</Link>
          ))}
        </nav>
      </main>
    </div>
  );
}
