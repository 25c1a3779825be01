/**
 * Demo data for the local default (never run by a deploy): the eight categories, five work
 * units, the four demo accounts of the README and ~30 documents with real files in R2 (two with a
 * second file version, one in the trash) filed under an illustrative classification scheme with
 * their security classes (one RAHASIA, one SANGAT_RAHASIA).
 */
import { createHash, randomUUID } from "node:crypto";
import { computeRetention, retentionToday } from "../app/domain/retention.ts";
import { hashPassword } from "../app/server/auth/password.server.ts";
import { makePdf, makePng, makeWav } from "./demo-files.ts";
import { DEMO_CLASSIFICATION } from "./demo-classification.ts";

export const DEMO_PASSWORD = "arsip-demo-2026";

export const DEMO_CATEGORIES = [
  "Foto",
  "Audio",
  "Surat Keputusan",
  "Surat/Korespondensi",
  "Sertifikat Akreditasi",
  "Pedoman",
  "Laporan Kegiatan",
  "SOP",
] as const;

const UNITS = [
  { nama: "Fakultas Teknik", jenis: "Fakultas", email: "ft@univ.ac.id", pejabat: "Prof. Dr. Ir. Bambang Sutrisno, M.T." },
  { nama: "Fakultas Ekonomi", jenis: "Fakultas", email: "fe@univ.ac.id", pejabat: "Dr. Siti Rahmawati, S.E., M.Si." },
  { nama: "Fakultas Hukum", jenis: "Fakultas", email: "fh@univ.ac.id", pejabat: "Dr. Agus Salim, S.H., M.H." },
  { nama: "Biro Akademik dan Kemahasiswaan", jenis: "Biro", email: "bak@univ.ac.id", pejabat: "Drs. Hendra Gunawan, M.M." },
  { nama: "Lembaga Penjaminan Mutu", jenis: "Lembaga", email: "lpm@univ.ac.id", pejabat: "Dr. Ratna Dewi, M.Pd." },
];

/** The demo accounts; the local IdP (scripts/dev-idp.ts) offers the same usernames and emails. */
export const DEMO_SEED_ACCOUNTS = [
  { username: "admin", fullName: "Administrator Sistem", role: 1, unit: null, email: "admin@univ.ac.id" },
  { username: "ft.staff", fullName: "Staf Fakultas Teknik", role: 2, unit: "Fakultas Teknik", email: "staff.ft@univ.ac.id" },
  { username: "fe.staff", fullName: "Staf Fakultas Ekonomi", role: 2, unit: "Fakultas Ekonomi", email: "staff.fe@univ.ac.id" },
  { username: "viewer", fullName: "Pengguna Viewer", role: 3, unit: null, email: "viewer@univ.ac.id" },
] as const;

type DemoDoc = {
  title: string;
  category: (typeof DEMO_CATEGORIES)[number];
  owner: "ft.staff" | "fe.staff" | "admin";
  access: "PUBLIC" | "PRIVATE";
  /** Has a second version of its file. */
  revised?: boolean;
  /** Lies in the trash. */
  trashed?: boolean;
  /** Its code in the (illustrative) classification scheme; none for a few, as in real catalogues. */
  code?: string;
  /** A class stricter than the code's (PRIVATE documents only). */
  securityClass?: "RAHASIA" | "SANGAT_RAHASIA";
};

const DOCS: DemoDoc[] = [
  { title: "SK Rektor tentang Kalender Akademik 2026/2027", category: "Surat Keputusan", owner: "admin", access: "PUBLIC", code: "HK.01" },
  { title: "SK Dekan Pengangkatan Ketua Program Studi Teknik Sipil", category: "Surat Keputusan", owner: "ft.staff", access: "PUBLIC", revised: true, code: "HK.02" },
  { title: "SK Dekan Tim Penyusun Kurikulum Fakultas Ekonomi", category: "Surat Keputusan", owner: "fe.staff", access: "PRIVATE", revised: true, code: "HK.02" },
  { title: "SK Penetapan Dosen Pembimbing Akademik Teknik Elektro", category: "Surat Keputusan", owner: "ft.staff", access: "PRIVATE", code: "HK.02" },
  { title: "Surat Undangan Rapat Senat Fakultas Teknik", category: "Surat/Korespondensi", owner: "ft.staff", access: "PRIVATE", code: "HM.02" },
  { title: "Surat Permohonan Kerja Sama Industri dengan PT Nusantara", category: "Surat/Korespondensi", owner: "ft.staff", access: "PUBLIC", code: "HK.03" },
  { title: "Surat Edaran Jadwal Ujian Akhir Semester Ganjil", category: "Surat/Korespondensi", owner: "fe.staff", access: "PUBLIC", code: "PP.04" },
  { title: "Surat Balasan Kunjungan Studi Banding Universitas Mitra", category: "Surat/Korespondensi", owner: "fe.staff", access: "PRIVATE", code: "HM.02" },
  { title: "Draf Surat Tugas Panitia Wisuda (dibatalkan)", category: "Surat/Korespondensi", owner: "ft.staff", access: "PRIVATE", trashed: true, code: "HM.02" },
  { title: "Sertifikat Akreditasi Unggul Program Studi Teknik Informatika", category: "Sertifikat Akreditasi", owner: "ft.staff", access: "PUBLIC", code: "PJ.01" },
  { title: "Sertifikat Akreditasi Program Studi Manajemen", category: "Sertifikat Akreditasi", owner: "fe.staff", access: "PUBLIC", code: "PJ.01" },
  { title: "Sertifikat Akreditasi Program Studi Akuntansi", category: "Sertifikat Akreditasi", owner: "fe.staff", access: "PUBLIC", code: "PJ.01" },
  { title: "Sertifikat Akreditasi Institusi Perguruan Tinggi", category: "Sertifikat Akreditasi", owner: "admin", access: "PUBLIC", code: "PJ.01" },
  { title: "Pedoman Akademik Fakultas Teknik Tahun 2026", category: "Pedoman", owner: "ft.staff", access: "PUBLIC", code: "PP.02" },
  { title: "Pedoman Penulisan Skripsi Fakultas Ekonomi", category: "Pedoman", owner: "fe.staff", access: "PUBLIC", code: "PP.02" },
  { title: "Pedoman Penggunaan Laboratorium Komputer", category: "Pedoman", owner: "ft.staff", access: "PRIVATE", code: "RT.02" },
  { title: "Pedoman Tata Naskah Dinas Universitas", category: "Pedoman", owner: "admin", access: "PRIVATE", code: "OT.03" },
  { title: "Laporan Kegiatan Pengabdian Masyarakat Desa Sukamaju", category: "Laporan Kegiatan", owner: "ft.staff", access: "PUBLIC", code: "PM.01" },
  { title: "Laporan Kegiatan Seminar Nasional Ekonomi Digital", category: "Laporan Kegiatan", owner: "fe.staff", access: "PUBLIC", code: "HM.01" },
  { title: "Laporan Kegiatan Pelatihan Keselamatan Kerja Laboratorium", category: "Laporan Kegiatan", owner: "ft.staff", access: "PRIVATE", code: "RT.02" },
  { title: "Laporan Keuangan Kegiatan Dies Natalis Fakultas Ekonomi", category: "Laporan Kegiatan", owner: "fe.staff", access: "PRIVATE", code: "KU.03", securityClass: "RAHASIA" },
  { title: "SOP Peminjaman Ruang dan Fasilitas Fakultas Teknik", category: "SOP", owner: "ft.staff", access: "PUBLIC", code: "RT.01" },
  { title: "SOP Pengajuan Cuti Akademik Mahasiswa", category: "SOP", owner: "fe.staff", access: "PUBLIC", code: "PP.01" },
  { title: "SOP Pengelolaan Arsip Dinas Fakultas Ekonomi", category: "SOP", owner: "fe.staff", access: "PRIVATE", code: "OT.03" },
  { title: "SOP Pemeliharaan Peralatan Laboratorium Mesin", category: "SOP", owner: "ft.staff", access: "PRIVATE", code: "RT.02" },
  { title: "Foto Wisuda Periode Agustus 2026", category: "Foto", owner: "admin", access: "PUBLIC", code: "HM.01" },
  { title: "Foto Peresmian Gedung Laboratorium Terpadu", category: "Foto", owner: "ft.staff", access: "PUBLIC", code: "HM.01" },
  { title: "Foto Kegiatan Bakti Sosial Fakultas Ekonomi", category: "Foto", owner: "fe.staff", access: "PRIVATE", code: "HM.01" },
  { title: "Rekaman Audio Sambutan Rektor pada Dies Natalis", category: "Audio", owner: "admin", access: "PUBLIC" },
  { title: "Rekaman Audio Kuliah Umum Kewirausahaan", category: "Audio", owner: "fe.staff", access: "PRIVATE" },
  { title: "Rekaman Audio Rapat Koordinasi Akreditasi", category: "Audio", owner: "ft.staff", access: "PRIVATE" },
  // Only Fakultas Teknik and Super Admin know this one exists.
  { title: "Berkas Pemeriksaan Disiplin Pegawai Fakultas Teknik", category: "Laporan Kegiatan", owner: "ft.staff", access: "PRIVATE", code: "KP.04", securityClass: "SANGAT_RAHASIA" },
];

const KEYWORDS: Record<(typeof DEMO_CATEGORIES)[number], string> = {
  Foto: "foto, dokumentasi, kegiatan, kampus, arsip",
  Audio: "audio, rekaman, sambutan, arsip, dokumentasi",
  "Surat Keputusan": "surat keputusan, sk, penetapan, resmi, pimpinan",
  "Surat/Korespondensi": "surat, korespondensi, undangan, resmi, dinas",
  "Sertifikat Akreditasi": "akreditasi, sertifikat, ban-pt, mutu, program studi",
  Pedoman: "pedoman, panduan, akademik, aturan, mahasiswa",
  "Laporan Kegiatan": "laporan, kegiatan, pertanggungjawaban, program, evaluasi",
  SOP: "sop, prosedur, layanan, standar, operasional",
};

function fileFor(doc: DemoDoc, index: number): { bytes: Uint8Array; name: string; mime: string } {
  const slug = doc.title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60);
  if (doc.category === "Foto") return { bytes: makePng(index + 3), name: `${slug}.png`, mime: "image/png" };
  if (doc.category === "Audio") return { bytes: makeWav(330 + index * 20), name: `${slug}.wav`, mime: "audio/wav" };
  const bytes = makePdf([doc.title, `Kategori: ${doc.category}`, `Nomor arsip demo: ${index + 1}`, "Dokumen contoh E-Arsip (data demo)."]);
  return { bytes, name: `${slug}.pdf`, mime: "application/pdf" };
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The class a demo document gets, as the app would give it: PUBLIC is BIASA; else its own, its code's, or TERBATAS. */
function securityClassOf(doc: DemoDoc): string {
  if (doc.access === "PUBLIC") return "BIASA";
  if (doc.securityClass) return doc.securityClass;
  const fromCode = DEMO_CLASSIFICATION.find((code) => code.code === doc.code)?.securityClass;
  return fromCode && fromCode !== "BIASA" ? fromCode : "TERBATAS";
}

/** A version row of a document's file (by the document's uuid) and the document's pointer to it. */
function versionStatements(
  env: Bindings,
  uuid: string,
  version: { version: number; key: string; file: { bytes: Uint8Array; name: string; mime: string }; uploaderId: number; note: string | null; created: string },
): Statement[] {
  return [
    env.DB.prepare(
      `INSERT INTO archive_files (archive_id, version, r2_key, file_name, file_size, mime_type, sha256, uploader_id, note, created_at)
       VALUES ((SELECT id FROM archives WHERE uuid = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).bind(uuid, version.version, version.key, version.file.name, version.file.bytes.byteLength, version.file.mime, sha256(version.file.bytes), version.uploaderId, version.note, version.created),
    env.DB.prepare(
      "UPDATE archives SET current_file_id = (SELECT f.id FROM archive_files f WHERE f.archive_id = archives.id AND f.version = ?) WHERE uuid = ?",
    ).bind(version.version, uuid),
  ];
}

/** The slice of the D1 and R2 bindings the seed uses (from wrangler's getPlatformProxy). */
type Statement = { bind(...values: unknown[]): Statement; first<T>(): Promise<T | null> };
export type SeedBindings = {
  DB: { prepare(query: string): Statement; batch(statements: Statement[]): Promise<unknown> };
  FILES: { put(key: string, value: Uint8Array, options?: { httpMetadata?: { contentType?: string } }): Promise<unknown> };
};
type Bindings = SeedBindings;

/** True when the database already holds users (the seed never runs twice). */
export async function hasData(env: Bindings): Promise<boolean> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM users").first<{ n: number }>();
  return (row?.n ?? 0) > 0;
}

export async function seedDemoData(env: Bindings, now = new Date()): Promise<{ documents: number }> {
  const iso = (daysAgo: number, minutes = 0) => new Date(now.getTime() - daysAgo * 86400_000 - minutes * 60_000).toISOString();
  const stamp = iso(0);
  const statements: Statement[] = [];

  DEMO_CATEGORIES.forEach((name, i) =>
    statements.push(env.DB.prepare("INSERT INTO categories (id, category_name) VALUES (?, ?)").bind(i + 1, name)),
  );
  UNITS.forEach((unit, i) =>
    statements.push(
      env.DB.prepare(
        "INSERT INTO unit_kerja (id, nama, jenis, email, nama_pejabat, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      ).bind(i + 1, unit.nama, unit.jenis, unit.email, unit.pejabat, iso(60 - i), iso(30 - i)),
    ),
  );
  const userIds = new Map<string, { id: number; unit: number | null }>();
  for (const [i, account] of DEMO_SEED_ACCOUNTS.entries()) {
    const password = await hashPassword(DEMO_PASSWORD);
    const unit = account.unit ? UNITS.findIndex((u) => u.nama === account.unit) + 1 : null;
    userIds.set(account.username, { id: i + 1, unit });
    statements.push(
      env.DB.prepare(
        `INSERT INTO users (id, uuid, full_name, username, email, password_hash, password_salt, password_iterations,
           role_id, unit_kerja_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(i + 1, randomUUID(), account.fullName, account.username, account.email, password.hash, password.salt,
        password.iterations, account.role, unit, iso(45 - i), iso(20 - i)),
    );
  }

  // The illustrative classification scheme, parents before children (code order).
  for (const code of [...DEMO_CLASSIFICATION].sort((a, b) => a.code.localeCompare(b.code))) {
    const parent = code.code.includes(".") ? code.code.slice(0, code.code.lastIndexOf(".")) : null;
    statements.push(
      env.DB.prepare(
        `INSERT INTO classification_codes (code, parent_id, name, description, security_class, retention_active_years, retention_inactive_years,
           final_disposition, legal_basis, created_at, updated_at)
         VALUES (?, (SELECT id FROM classification_codes WHERE code = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(code.code, parent, code.name, code.description ?? "", code.securityClass, code.active, code.inactive, code.disposition, code.legalBasis ?? "", stamp, stamp),
    );
  }

  // Files first: a row never points at a missing object.
  for (const [index, doc] of DOCS.entries()) {
    const file = fileFor(doc, index);
    const uuid = randomUUID();
    const key = `archives/${uuid}/${randomUUID()}`;
    await env.FILES.put(key, file.bytes, { httpMetadata: { contentType: file.mime } });
    const owner = userIds.get(doc.owner)!;
    const year = 2026 - (index % 4);
    const created = iso(DOCS.length - index, index * 37);
    statements.push(
      env.DB.prepare(
        `INSERT INTO archives (uuid, title, document_number, year, description, keywords, access_level, category_id,
           uploader_id, unit_kerja_id, r2_key, file_name, file_size, mime_type, sha256, created_at, updated_at,
           security_class, classification_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT id FROM classification_codes WHERE code = ?))`,
      ).bind(
        uuid,
        doc.title,
        `${String(index + 1).padStart(3, "0")}/UN.${owner.unit ?? 0}/${doc.category === "Surat Keputusan" ? "KPT" : "TU"}/${year}`,
        year,
        `${doc.title}. Dokumen ini merupakan arsip resmi yang disimpan sebagai bukti administrasi dan rujukan kegiatan universitas bagi seluruh sivitas akademika.`,
        KEYWORDS[doc.category],
        doc.access,
        DEMO_CATEGORIES.indexOf(doc.category) + 1,
        owner.id,
        owner.unit,
        key,
        file.name,
        file.bytes.byteLength,
        file.mime,
        sha256(file.bytes),
        created,
        created,
        securityClassOf(doc),
        doc.code ?? null,
      ),
      ...versionStatements(env, uuid, { version: 1, key, file, uploaderId: owner.id, note: null, created }),
    );
    // A record with history: the first PDF of each staff unit got a corrected second version.
    if (doc.revised) {
      const revised = { ...file, bytes: makePdf([doc.title, `Kategori: ${doc.category}`, `Nomor arsip demo: ${index + 1}`, "Revisi: nomor surat diperbaiki."]) };
      const revisedKey = `archives/${uuid}/${randomUUID()}`;
      await env.FILES.put(revisedKey, revised.bytes, { httpMetadata: { contentType: revised.mime } });
      statements.push(...versionStatements(env, uuid, { version: 2, key: revisedKey, file: revised, uploaderId: owner.id, note: "Nomor surat diperbaiki", created: iso(2, index) }));
    }
    // One document waits in the trash (deleted by its uploader three days ago).
    if (doc.trashed) {
      statements.push(env.DB.prepare("UPDATE archives SET deleted_at = ?, deleted_by = ? WHERE uuid = ?").bind(iso(3), owner.id, uuid));
    } else {
      statements.push(retentionStatement(env, uuid, year, doc.code ?? null, owner.unit, now));
    }
  }
  statements.push(
    env.DB.prepare(
      "INSERT INTO audit_logs (created_at, action, message, details, actor_id) VALUES (?, 'SEED', ?, NULL, NULL)",
    ).bind(stamp, `Data demo dimuat: ${DOCS.length} dokumen, ${DEMO_SEED_ACCOUNTS.length} akun`),
  );
  // The retention figures are right from the first page view: computed here, as the app would.
  statements.push(env.DB.prepare("UPDATE site_state SET value = ? WHERE key = 'retention_checked_at'").bind(now.getTime()));
  await env.DB.batch(statements);
  return { documents: DOCS.length };
}

/** A seeded document's retention status, computed by the app's own clock (as creating it through the app does). */
function retentionStatement(env: Bindings, uuid: string, year: number, code: string | null, unit: number | null, now: Date): Statement {
  const scheme = code ? DEMO_CLASSIFICATION.find((entry) => entry.code === code) : undefined;
  const today = retentionToday(now);
  const clock = computeRetention({
    year,
    retentionStartDate: null,
    retentionExtendedUntil: null,
    dispositionOverride: null,
    archivalState: null,
    code: scheme ? { retentionActiveYears: scheme.active, retentionInactiveYears: scheme.inactive, finalDisposition: scheme.disposition } : null,
    held: false,
    today,
  });
  return env.DB.prepare(
    `INSERT INTO retention_states (archive_id, status, disposition, active_until, inactive_until, unit_kerja_id, refreshed_at, status_since)
     SELECT id, ?, ?, ?, ?, ?, ?, ? FROM archives WHERE uuid = ?`,
  ).bind(clock.status, clock.disposition, clock.activeUntil, clock.inactiveUntil, unit, now.toISOString(), today, uuid);
}
