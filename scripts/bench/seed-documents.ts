/**
 * Adds N synthetic documents (default 100,000) to a local D1 database for the benchmark, written
 * straight into the SQLite file that workerd's D1 keeps under the persist directory. Rows go
 * through `INSERT INTO archives`, so the FTS5 and archive_counts triggers keep the index and the
 * counters right, exactly as the Worker's own writes do; each gets the retention state the daily
 * refresh would give it. For speed (a million documents on a shared 2-core machine) the tables'
 * secondary indexes are dropped during the load and built again, sorted, from their own SQL
 * afterwards (`withoutIndexes`): the same schema, in a fraction of the time random inserts into
 * ten B-trees take.
 *
 * The text is varied Indonesian (document types, topics, units, places, keyword lists and
 * 20-45 word descriptions) from a seeded random generator (texts are reproducible, uuids are
 * random), so search has broad terms ("surat": about a fifth of the rows) and selective ones (a
 * village name: a few hundred rows). `r2_key` must be unique, so each row names its own key; the
 * objects do not exist (list, search and detail never read R2; the upload/download part of the
 * benchmark uses a real file).
 *
 *   node scripts/bench/seed-documents.ts --persist-to DIR [--count 100000]
 *
 * The Worker must not be running on DIR while this runs.
 */
import { createHash, randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { seededRandom } from "./synthetic-text.ts";

/** The D1 database file of a wrangler/Miniflare persist directory (`--persist-to DIR`). */
export function d1SqliteFile(persistTo: string): string {
  const dir = join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(dir).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (files.length !== 1) throw new Error(`Expected one D1 database in ${dir}, found: ${files.join(", ") || "none"}`);
  return join(dir, files[0]!);
}

/** The search bench's seeded generator (mulberry32), plus `some`: distinct items, drawn in order. */
function rng(seed: number) {
  const random = seededRandom(seed);
  const some = <T>(items: readonly T[], count: number): T[] => {
    const copy = [...items];
    const out: T[] = [];
    while (out.length < count && copy.length) out.push(copy.splice(Math.floor(random.next() * copy.length), 1)[0]!);
    return out;
  };
  return { ...random, some };
}

type Kind = { prefix: string[]; category: string; code: string; keywords: string[]; ext: "pdf" | "docx" | "jpg" | "mp3" };

const KINDS: Kind[] = [
  { prefix: ["Surat Keputusan Rektor tentang", "Surat Keputusan Dekan tentang", "SK Penetapan"], category: "Surat Keputusan", code: "KPT", keywords: ["surat keputusan", "sk", "penetapan", "resmi", "pimpinan", "rektor", "dekan"], ext: "pdf" },
  { prefix: ["Surat Edaran", "Surat Undangan", "Surat Permohonan", "Surat Tugas", "Nota Dinas", "Surat Balasan"], category: "Surat/Korespondensi", code: "TU", keywords: ["surat", "korespondensi", "undangan", "dinas", "edaran", "permohonan"], ext: "pdf" },
  { prefix: ["Sertifikat Akreditasi", "Laporan Evaluasi Diri Akreditasi", "Borang Akreditasi"], category: "Sertifikat Akreditasi", code: "AK", keywords: ["akreditasi", "sertifikat", "ban-pt", "lam", "mutu", "program studi"], ext: "pdf" },
  { prefix: ["Pedoman", "Panduan", "Buku Saku", "Peraturan Akademik"], category: "Pedoman", code: "PD", keywords: ["pedoman", "panduan", "akademik", "aturan", "mahasiswa", "dosen"], ext: "docx" },
  { prefix: ["Laporan Kegiatan", "Laporan Pertanggungjawaban", "Notulen Rapat", "Berita Acara"], category: "Laporan Kegiatan", code: "LK", keywords: ["laporan", "kegiatan", "pertanggungjawaban", "evaluasi", "notulen", "program"], ext: "pdf" },
  { prefix: ["SOP", "Standar Operasional Prosedur", "Instruksi Kerja"], category: "SOP", code: "SOP", keywords: ["sop", "prosedur", "layanan", "standar", "operasional", "instruksi"], ext: "docx" },
  { prefix: ["Foto Kegiatan", "Dokumentasi Foto", "Foto Peresmian"], category: "Foto", code: "DOK", keywords: ["foto", "dokumentasi", "kegiatan", "kampus", "galeri"], ext: "jpg" },
  { prefix: ["Rekaman Audio", "Rekaman Sambutan", "Rekaman Rapat"], category: "Audio", code: "REK", keywords: ["audio", "rekaman", "sambutan", "arsip", "suara"], ext: "mp3" },
];

const TOPICS = [
  "Penerimaan Mahasiswa Baru", "Kalender Akademik", "Wisuda Periode Februari", "Wisuda Periode Agustus", "Beasiswa Prestasi",
  "Beasiswa Kurang Mampu", "Kuliah Kerja Nyata", "Pengabdian kepada Masyarakat", "Penelitian Hibah Internal", "Penelitian Kompetitif Nasional",
  "Akreditasi Program Studi", "Audit Mutu Internal", "Pengadaan Barang dan Jasa", "Rapat Senat Universitas", "Seminar Nasional",
  "Konferensi Internasional", "Pelatihan Dosen Muda", "Kerja Sama Industri", "Magang Mahasiswa", "Ujian Akhir Semester",
  "Ujian Tengah Semester", "Yudisium", "Cuti Akademik", "Pemeliharaan Laboratorium", "Keselamatan dan Kesehatan Kerja",
  "Rencana Anggaran Tahunan", "Kenaikan Jabatan Fungsional", "Sertifikasi Dosen", "Tracer Study Alumni", "Dies Natalis",
  "Studi Banding", "Kurikulum Merdeka Belajar", "Penjaminan Mutu Internal", "Sistem Informasi Akademik", "Perpustakaan Digital",
  "Pengelolaan Arsip Dinas", "Tata Naskah Dinas", "Peminjaman Ruang dan Fasilitas", "Layanan Legalisir Ijazah", "Penulisan Skripsi",
  "Penulisan Tesis", "Bimbingan Konseling Mahasiswa", "Organisasi Kemahasiswaan", "Lomba Karya Tulis Ilmiah", "Pekan Olahraga Mahasiswa",
  "Pengembangan Sumber Daya Manusia", "Rekrutmen Tenaga Kependidikan", "Evaluasi Kinerja Dosen", "Pengelolaan Keuangan", "Inventarisasi Barang Milik Negara",
  "Pembangunan Gedung Kuliah", "Renovasi Laboratorium Terpadu", "Program Pertukaran Mahasiswa", "Kampus Mengajar", "Kewirausahaan Mahasiswa",
  "Hak Kekayaan Intelektual", "Jurnal Ilmiah Fakultas", "Pengukuhan Guru Besar", "Orientasi Mahasiswa Baru", "Pemilihan Mahasiswa Berprestasi",
];

const UNITS = [
  "Fakultas Teknik", "Fakultas Ekonomi dan Bisnis", "Fakultas Hukum", "Fakultas Kedokteran", "Fakultas Pertanian",
  "Fakultas Keguruan dan Ilmu Pendidikan", "Fakultas Ilmu Sosial dan Ilmu Politik", "Fakultas MIPA", "Program Pascasarjana",
  "Biro Akademik dan Kemahasiswaan", "Biro Umum dan Keuangan", "Lembaga Penjaminan Mutu", "Lembaga Penelitian dan Pengabdian",
  "UPT Perpustakaan", "UPT Teknologi Informasi", "Program Studi Teknik Sipil", "Program Studi Teknik Informatika",
  "Program Studi Manajemen", "Program Studi Akuntansi", "Program Studi Ilmu Hukum", "Program Studi Agroteknologi",
];

/** Village names: each lands in about 0.2% of rows, the selective search terms. */
const VILLAGES = [
  "Sukamaju", "Cibiru", "Tanjungsari", "Sumberrejo", "Karangasem", "Mekarsari", "Sidomulyo", "Wonosari", "Cikarang", "Bojongsoang",
  "Jatinangor", "Ciwidey", "Pangalengan", "Lembang", "Parongpong", "Cisarua", "Margahayu", "Rancaekek", "Cileunyi", "Soreang",
  "Banjaran", "Majalaya", "Ciparay", "Dayeuhkolot", "Baleendah", "Pameungpeuk", "Arjasari", "Cimaung", "Kertasari", "Pacet",
  "Sukaresmi", "Cikalong", "Cipatat", "Padalarang", "Ngamprah", "Batujajar", "Cililin", "Sindangkerta", "Gununghalu", "Rongga",
  "Tegalwaru", "Purwasari", "Kutawaluya", "Rengasdengklok", "Pedes", "Cilamaya", "Jayakerta", "Tempuran", "Banyusari", "Lemahabang",
  "Kalijati", "Pagaden", "Cipunagara", "Binong", "Pamanukan", "Legonkulon", "Blanakan", "Ciasem", "Patokbeusi", "Cibogo",
  "Wanayasa", "Bojong", "Darangdan", "Sukatani", "Plered", "Kotabaru", "Maniis", "Cibatu", "Sukasari", "Babakancikao",
  "Kiarapedes", "Pasawahan", "Pondoksalam", "Jatiluhur", "Campaka", "Bungursari", "Cipeundeuy", "Cikampek", "Tirtamulya", "Ciranjang",
  "Sukaluyu", "Bojongpicung", "Haurwangi", "Cugenang", "Cibeber", "Cipanas", "Warungkondang", "Gekbrong", "Cilaku", "Karangtengah",
  "Mande", "Cikalongkulon", "Sukanagara", "Takokak", "Kadupandak", "Pagelaran", "Tanggeung", "Cibinong", "Sindangbarang", "Agrabinta",
];

const ADJECTIVES = ["rutin", "terpadu", "berkelanjutan", "strategis", "terbaru", "resmi", "lengkap", "tahunan", "semesteran", "khusus"];
const SENTENCES = [
  (t: string, u: string) => `Dokumen ini memuat ${t.toLowerCase()} yang disusun oleh ${u} sebagai arsip resmi universitas.`,
  (t: string, u: string) => `Arsip ${t.toLowerCase()} ini disimpan oleh ${u} untuk keperluan administrasi dan rujukan kegiatan berikutnya.`,
  (t: string) => `Isi dokumen mencakup latar belakang, tujuan, pelaksanaan, serta hasil evaluasi ${t.toLowerCase()}.`,
  () => "Dokumen telah diperiksa dan disetujui oleh pimpinan unit sesuai dengan ketentuan tata naskah dinas yang berlaku.",
  () => "Salinan dokumen dapat dimintakan melalui sistem arsip elektronik dengan persetujuan unit pemilik.",
  (t: string) => `Pelaksanaan ${t.toLowerCase()} melibatkan dosen, tenaga kependidikan, dan mahasiswa dari berbagai program studi.`,
  () => "Lampiran berisi daftar hadir, dokumentasi kegiatan, dan rincian penggunaan anggaran.",
  () => "Dokumen ini menjadi bukti pemenuhan standar penjaminan mutu dan bahan penyusunan laporan kinerja tahunan.",
];

const MIME: Record<Kind["ext"], string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  jpg: "image/jpeg",
  mp3: "audio/mpeg",
};

/**
 * Run `load` with the secondary indexes of `tables` dropped, then create them again from their
 * own SQL (read from sqlite_master first, so whatever the migrations made comes back as it was).
 */
export function withoutIndexes<T>(db: DatabaseSync, tables: readonly string[], load: () => T): T {
  const indexes = db
    .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${tables.map(() => "?").join(", ")})`)
    .all(...tables) as { name: string; sql: string }[];
  for (const index of indexes) db.exec(`DROP INDEX "${index.name}"`);
  const result = load();
  for (const index of indexes) db.exec(index.sql);
  return result;
}

export type SeedSummary = { inserted: number; seconds: number; total: number; terms: Record<string, number>; sampleUuid: string };

/** Insert `count` documents; returns timing and the match counts of the benchmark's search terms. */
export function seedDocuments(persistTo: string, count: number, terms: string[] = [], seed = 20261122): SeedSummary {
  const started = performance.now();
  const db = new DatabaseSync(d1SqliteFile(persistTo));
  try {
    db.exec("PRAGMA foreign_keys = ON");
    // A throwaway database: no fsync per commit/checkpoint, a bigger page cache for the FTS index.
    db.exec("PRAGMA synchronous = OFF; PRAGMA cache_size = -262144");
    const categories = new Map(
      (db.prepare("SELECT id, category_name FROM categories").all() as { id: number; category_name: string }[]).map((row) => [row.category_name, row.id]),
    );
    const uploaders = db.prepare("SELECT id, unit_kerja_id FROM users WHERE role_id IN (1, 2) ORDER BY id").all() as { id: number; unit_kerja_id: number | null }[];
    if (!categories.size || !uploaders.length) throw new Error("Run scripts/local-setup.ts (demo seed) on this directory first");

    const r = rng(seed);
    const insert = db.prepare(
      `INSERT INTO archives (uuid, title, document_number, year, description, keywords, access_level, category_id,
         uploader_id, unit_kerja_id, r2_key, file_name, file_size, mime_type, sha256, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    );
    // Every document's file is its version 1, pointed to by the document (as the app writes it).
    const version = db.prepare(
      `INSERT INTO archive_files (archive_id, version, r2_key, file_name, file_size, mime_type, sha256, uploader_id, created_at)
       SELECT id, 1, r2_key, file_name, file_size, mime_type, sha256, uploader_id, created_at FROM archives WHERE id = ?`,
    );
    const point = db.prepare("UPDATE archives SET current_file_id = last_insert_rowid() WHERE id = ?");
    // Spread over the ten years before the demo data, ids growing with time as in real use.
    const end = Date.now() - 40 * 86400_000;
    const span = 10 * 365 * 86400_000;
    db.exec("BEGIN");
    withoutIndexes(db, ["archives", "archive_files"], () => {
      for (let i = 0; i < count; i++) {
        const kind = r.pick(KINDS);
        const topic = r.pick(TOPICS);
        const unit = r.pick(UNITS);
        const createdMs = end - span + Math.floor(((i + r.next()) / count) * span);
        const created = new Date(createdMs);
        const year = created.getUTCFullYear() - (r.next() < 0.2 ? 1 : 0);
        const village = r.next() < 0.4 ? r.pick(VILLAGES) : null;
        const title = [r.pick(kind.prefix), topic, village ? `Desa ${village}` : unit, r.next() < 0.5 ? `Tahun ${year}` : null]
          .filter(Boolean)
          .join(" ");
        const keywords = [...r.some(kind.keywords, 3), r.pick(topic.toLowerCase().split(" ").filter((w) => w.length > 4)), r.pick(ADJECTIVES)].join(", ");
        const sentences = r.some(SENTENCES, r.int(2, 4)).map((sentence) => sentence(topic, unit));
        if (village) sentences.push(`Kegiatan berlangsung di Desa ${village} bersama perangkat desa dan warga setempat.`);
        const description = sentences.join(" ");
        const uploader = r.pick(uploaders);
        const uuid = randomUUID();
        const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60);
        const iso = created.toISOString();
        const { id } = insert.get(
          uuid,
          title,
          `${String(i + 1).padStart(5, "0")}/UN${r.int(1, 40)}.${r.int(1, 20)}/${kind.code}/${year}`,
          year,
          description,
          keywords,
          r.next() < 0.4 ? "PUBLIC" : "PRIVATE",
          categories.get(kind.category)!,
          uploader.id,
          uploader.unit_kerja_id,
          `bench/${uuid}`,
          `${slug}.${kind.ext}`,
          kind.ext === "mp3" ? r.int(500_000, 30_000_000) : kind.ext === "jpg" ? r.int(80_000, 6_000_000) : r.int(20_000, 12_000_000),
          MIME[kind.ext],
          createHash("sha256").update(uuid).digest("hex"),
          iso,
          iso,
        ) as { id: number };
        version.run(id);
        point.run(id);
      }
    });
    // Each live document's retention state, as the daily refresh keeps it (no code: TANPA_KODE).
    db.prepare(
      `INSERT OR IGNORE INTO retention_states (archive_id, status, unit_kerja_id, refreshed_at)
       SELECT id, 'TANPA_KODE', unit_kerja_id, ? FROM archives WHERE r2_key LIKE 'bench/%'`,
    ).run(new Date().toISOString());
    db.exec("COMMIT");
    const total = (db.prepare("SELECT COUNT(*) AS n FROM archives").get() as { n: number }).n;
    const counted = Object.fromEntries(
      terms.map((term) => [term, (db.prepare("SELECT COUNT(*) AS n FROM archives_fts WHERE archives_fts MATCH ?").get(`"${term}"*`) as { n: number }).n]),
    );
    // A generated document from the middle of the catalogue, for the detail page.
    const sample = db.prepare("SELECT uuid FROM archives WHERE r2_key LIKE 'bench/%' ORDER BY id DESC LIMIT 1 OFFSET ?").get(Math.floor(count / 2)) as { uuid: string } | undefined;
    return { inserted: count, seconds: (performance.now() - started) / 1000, total, terms: counted, sampleUuid: sample?.uuid ?? "" };
  } finally {
    db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => {
    const index = process.argv.indexOf(name);
    return index > 0 ? process.argv[index + 1] : undefined;
  };
  const persistTo = arg("--persist-to");
  if (!persistTo) throw new Error("usage: node scripts/bench/seed-documents.ts --persist-to DIR [--count N]");
  const summary = seedDocuments(persistTo, Number(arg("--count") ?? 100_000), ["surat", "sukamaju"]);
  console.log(JSON.stringify(summary));
}
