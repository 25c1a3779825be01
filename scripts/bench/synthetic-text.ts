/**
 * Synthetic Indonesian document text for the search benchmark: a few kilobytes per document of
 * decree/letter/report prose, reproducible from a seed. Word frequencies are shaped like a real
 * archive's: "universitas" in every document, "surat" in about half, topic words in a few
 * percent, and person surnames (RARE_SURNAMES) each in about a twentieth of a percent, so the
 * benchmark has a rare word, common words and two-word queries with known selectivity. Verbs and
 * nouns come in their affixed forms (menetapkan / ditetapkan / penetapan / ketetapan), so the
 * index holds what stemming has to merge.
 */

export type Random = { next(): number; int(min: number, max: number): number; pick<T>(items: readonly T[]): T };

/** mulberry32: small, fast and good enough for test data. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
  };
}

const FIRST = ["Har", "Sur", "Wid", "Pra", "Ang", "Bud", "Ret", "Nur", "Yul", "Fir"];
const MIDDLE = ["ja", "di", "to", "mi", "sa", "ra", "wi", "ku", "ne", "lo"];
const SECOND = ["ba", "ga", "ha", "pu", "re", "si", "ti", "wo", "ya", "zu"];
const LAST = ["yanto", "yati", "jono", "sono", "wati", "diman", "mawan", "tini", "ningsih", "wanto"];

/** 10,000 surnames ("Harjabayanto", "Surdigamawan", …): each appears in about 0.05% of documents. */
export const RARE_SURNAMES: readonly string[] = FIRST.flatMap((first) =>
  MIDDLE.flatMap((middle) => SECOND.flatMap((second) => LAST.map((last) => `${first}${middle}${second}${last}`))),
);

const GIVEN = ["Agus", "Budi", "Citra", "Dewi", "Eko", "Fitri", "Gita", "Hadi", "Indah", "Joko", "Kartika", "Lestari", "Made", "Nanda", "Putri", "Rina", "Sri", "Teguh", "Umi", "Wahyu"];
const TITLES = ["Dr.", "Prof. Dr.", "Ir.", "Drs.", ""];
const DEGREES = ["S.T., M.T.", "S.E., M.Si.", "S.H., M.H.", "S.Pd., M.Pd.", "S.Kom., M.Kom.", "M.Sc., Ph.D."];

const TOPICS = [
  { name: "kurikulum", words: ["kurikulum", "capaian pembelajaran", "mata kuliah", "satuan kredit semester", "profil lulusan"] },
  { name: "akreditasi", words: ["akreditasi", "asesor", "visitasi", "borang", "peringkat unggul"] },
  { name: "wisuda", words: ["wisuda", "wisudawan", "toga", "yudisium", "ijazah"] },
  { name: "beasiswa", words: ["beasiswa", "indeks prestasi", "bantuan biaya pendidikan", "penerima beasiswa", "prestasi akademik"] },
  { name: "penelitian", words: ["penelitian", "hibah", "proposal", "luaran penelitian", "jurnal bereputasi"] },
  { name: "pengabdian", words: ["pengabdian kepada masyarakat", "desa mitra", "pelatihan warga", "kuliah kerja nyata", "pemberdayaan"] },
  { name: "kepegawaian", words: ["kenaikan pangkat", "jabatan fungsional", "angka kredit", "tenaga kependidikan", "pensiun"] },
  { name: "keuangan", words: ["anggaran", "realisasi anggaran", "uang kuliah tunggal", "pengadaan barang", "pertanggungjawaban keuangan"] },
  { name: "perkuliahan", words: ["perkuliahan", "jadwal kuliah", "ujian akhir semester", "kartu rencana studi", "kuliah daring"] },
  { name: "kearsipan", words: ["arsip", "tata naskah dinas", "surat masuk", "retensi arsip", "pemusnahan arsip"] },
  { name: "kerja sama", words: ["kerja sama", "nota kesepahaman", "mitra industri", "magang", "perjanjian kerja sama"] },
  { name: "mutu", words: ["audit mutu internal", "penjaminan mutu", "standar pendidikan", "tindakan koreksi", "survei kepuasan"] },
];

const VERBS = [
  ["menetapkan", "ditetapkan", "penetapan", "ketetapan"],
  ["melaksanakan", "dilaksanakan", "pelaksanaan", "terlaksana"],
  ["menyusun", "disusun", "penyusunan", "susunan"],
  ["mengajukan", "diajukan", "pengajuan", "ajuan"],
  ["menyampaikan", "disampaikan", "penyampaian", "tersampaikan"],
  ["memperhatikan", "diperhatikan", "perhatian", "memperhatikan"],
  ["menilai", "dinilai", "penilaian", "nilai"],
  ["mengelola", "dikelola", "pengelolaan", "pengelola"],
  ["melaporkan", "dilaporkan", "pelaporan", "laporan"],
  ["menyetujui", "disetujui", "persetujuan", "setuju"],
  ["mengembangkan", "dikembangkan", "pengembangan", "perkembangan"],
  ["memutuskan", "diputuskan", "keputusan", "putusan"],
  ["menyelenggarakan", "diselenggarakan", "penyelenggaraan", "penyelenggara"],
  ["menerima", "diterima", "penerimaan", "penerima"],
  ["meningkatkan", "ditingkatkan", "peningkatan", "tingkat"],
];

const UNITS = ["Fakultas Teknik", "Fakultas Ekonomi dan Bisnis", "Fakultas Hukum", "Fakultas Pertanian", "Biro Akademik dan Kemahasiswaan", "Lembaga Penjaminan Mutu", "Lembaga Penelitian", "UPT Perpustakaan"];
const MONTHS = ["Januari", "Februari", "Maret", "April", "Mei", "Juni", "Juli", "Agustus", "September", "Oktober", "November", "Desember"];

function person(r: Random): string {
  const title = r.pick(TITLES);
  return `${title ? `${title} ` : ""}${r.pick(GIVEN)} ${r.pick(RARE_SURNAMES)}, ${r.pick(DEGREES)}`;
}

/** The sentence patterns that name a letter ("surat"): only letters use them. */
const LETTER_PATTERNS = [3, 6, 13];
const OTHER_PATTERNS = Array.from({ length: 14 }, (_, index) => index).filter((index) => !LETTER_PATTERNS.includes(index));

function sentence(r: Random, topic: (typeof TOPICS)[number], year: number, letter: boolean): string {
  const verb = r.pick(VERBS);
  const word = () => r.pick(topic.words);
  const unit = r.pick(UNITS);
  const date = `${r.int(1, 28)} ${r.pick(MONTHS)} ${year}`;
  switch (letter ? r.int(0, 13) : r.pick(OTHER_PATTERNS)) {
    case 0:
      return `Menimbang bahwa dalam rangka ${verb[2]} ${word()} di lingkungan universitas perlu ${verb[1]} ketentuan mengenai ${word()}.`;
    case 1:
      return `Mengingat peraturan rektor tentang ${word()} dan ketentuan ${verb[2]} ${word()} yang berlaku di universitas.`;
    case 2:
      return `Pimpinan ${unit} ${verb[0]} ${word()} sesuai dengan rencana kerja tahun ${year} dan ${verb[0]} hasilnya kepada rektor.`;
    case 3:
      return `Surat ini disampaikan kepada ${unit} sebagai pemberitahuan bahwa ${word()} ${verb[1]} mulai tanggal ${date}.`;
    case 4:
      return `${capitalise(verb[2])} ${word()} menjadi tanggung jawab ${unit} dengan memperhatikan ketersediaan anggaran universitas.`;
    case 5:
      return `Dalam rapat tanggal ${date} peserta ${verb[0]} usulan ${word()} dan menyepakati tindak lanjut ${verb[2]} ${word()}.`;
    case 6:
      return `Sehubungan dengan surat nomor ${r.int(100, 999)}/UN${r.int(1, 40)}/TU/${year}, kami ${verb[0]} bahwa ${word()} telah ${verb[1]}.`;
    case 7:
      return `Yang bertanda tangan di bawah ini, ${person(r)}, menerangkan bahwa ${word()} telah ${verb[1]} dengan baik.`;
    case 8:
      return `Laporan ini memuat ${verb[2]} ${word()}, kendala yang dihadapi, serta rekomendasi ${verb[2]} pada tahun berikutnya.`;
    case 9:
      return `Seluruh dosen dan tenaga kependidikan diminta ${verb[0]} ${word()} paling lambat tanggal ${date}.`;
    case 10:
      return `Tim ${verb[2]} ${word()} diketuai oleh ${person(r)} dan beranggotakan ${r.int(3, 12)} orang dari ${unit}.`;
    case 11:
      return `Hasil ${verb[2]} menunjukkan bahwa ${word()} meningkat ${r.int(2, 40)} persen dibandingkan tahun sebelumnya.`;
    case 12:
      return `Biaya yang timbul akibat ${verb[2]} ${word()} dibebankan pada anggaran ${unit} tahun ${year}.`;
    default:
      return `Demikian surat ini dibuat untuk dipergunakan sebagaimana mestinya oleh pihak universitas yang berkepentingan.`;
  }
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * One document's text: paragraphs of 3–6 sentences until about `targetBytes` (default 2–5 KB),
 * opening with the university's name and closing with a signature.
 */
export function syntheticBody(r: Random, year: number, targetBytes = r.int(2000, 5000)): string {
  const topic = r.pick(TOPICS);
  // About half the documents are letters; "surat" appears in them (and in some others' unit names).
  const letter = r.next() < 0.5;
  const paragraphs = [`UNIVERSITAS NUSANTARA RAYA\n${capitalise(topic.name)} tahun ${year}`];
  let bytes = paragraphs[0]!.length;
  while (bytes < targetBytes) {
    const sentences: string[] = [];
    for (let i = r.int(3, 6); i > 0; i -= 1) sentences.push(sentence(r, topic, year, letter));
    const paragraph = sentences.join(" ");
    paragraphs.push(paragraph);
    bytes += paragraph.length + 2;
  }
  paragraphs.push(`Ditetapkan di Bandung pada tanggal ${r.int(1, 28)} ${r.pick(MONTHS)} ${year}.\n${person(r)}`);
  return paragraphs.join("\n\n");
}
