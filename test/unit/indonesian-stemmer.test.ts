import { describe, expect, it } from "vitest";
import { INDONESIAN_STOPWORDS, stemIndonesian, tokenizeIndonesian } from "~/domain/search/indonesian";
import { foldedWords } from "~/domain/search/query";

/** Word → root, from the vocabulary of decrees, letters, SOPs and reports. */
const ROOTS: ReadonlyArray<readonly [string, string]> = [
  // The forms the issue names.
  ["menyuarakan", "suara"],
  ["pendidikan", "didik"],
  ["keputusan", "putus"],
  ["diajukan", "aju"],
  ["perkuliahan", "kuliah"],
  // meN- with each nasal, and the root letter it replaced put back.
  ["menetapkan", "tetap"],
  ["ditetapkan", "tetap"],
  ["menimbang", "timbang"],
  ["mengingat", "ingat"],
  ["memutuskan", "putus"],
  ["menyusun", "susun"],
  ["mengirim", "kirim"],
  ["memiliki", "milik"],
  ["menulis", "tulis"],
  ["menilai", "nilai"],
  ["melaksanakan", "laksana"],
  ["menggunakan", "guna"],
  ["mengevaluasi", "evaluasi"],
  // peN-…-an.
  ["penilaian", "nilai"],
  ["penelitian", "teliti"],
  ["pengelolaan", "kelola"],
  ["pengembangan", "kembang"],
  ["penyelenggaraan", "selenggara"],
  ["pembinaan", "bina"],
  ["pengumuman", "umum"],
  ["penerimaan", "terima"],
  ["pengiriman", "kirim"],
  ["pemberhentian", "henti"],
  ["pemerintahan", "perintah"],
  // di-, -kan, -i.
  ["diberhentikan", "henti"],
  ["dinilai", "nilai"],
  ["disetujui", "setuju"],
  ["dilaporkan", "lapor"],
  ["diselenggarakan", "selenggara"],
  ["memakai", "pakai"],
  // ke-…-an, per-…-an, ber-, ter-, memper-.
  ["kebijakan", "bijak"],
  ["kemahasiswaan", "mahasiswa"],
  ["kepegawaian", "pegawai"],
  ["ketentuan", "tentu"],
  ["persuratan", "surat"],
  ["peraturan", "atur"],
  ["persetujuan", "setuju"],
  ["pelaksanaan", "laksana"],
  ["pelayanan", "layan"],
  ["pembelajaran", "ajar"],
  ["berdasarkan", "dasar"],
  ["bekerja", "kerja"],
  ["berjalan", "jalan"],
  ["bertemu", "temu"],
  ["terakreditasi", "akreditasi"],
  ["terdaftar", "daftar"],
  ["memperhatikan", "hati"],
  ["mempertimbangkan", "timbang"],
  // Particles and possessives.
  ["laporannya", "lapor"],
  ["tugasnya", "tugas"],
  ["keluarnya", "keluar"],
  ["bacalah", "baca"],
  // Roots that look derived stay whole; roots ending in "-i" keep it.
  ["kepala", "kepala"],
  ["ketua", "ketua"],
  ["berita", "berita"],
  ["pegawai", "pegawai"],
  ["nilai", "nilai"],
  ["selesai", "selesai"],
  ["sosialisasi", "sosialisasi"],
  ["universitas", "universitas"],
  ["mahasiswa", "mahasiswa"],
  ["surat", "surat"],
];

describe("stemIndonesian", () => {
  it.each(ROOTS)("%s → %s", (word, root) => {
    expect(stemIndonesian(word)).toBe(root);
  });

  it("brings every form of a root to the same term, index side and query side alike", () => {
    for (const forms of [
      ["putus", "keputusan", "memutuskan", "diputuskan", "pemutusan"],
      ["tetap", "menetapkan", "ditetapkan", "penetapan", "ketetapan"],
      ["nilai", "menilai", "dinilai", "penilaian"],
      ["kirim", "mengirim", "dikirim", "pengiriman", "kiriman"],
      // Not in the root list: men-/pen- before a vowel put the "t" back all the same.
      ["tanam", "menanam", "ditanam", "penanaman", "tanaman"],
      ["tutup", "menutup", "ditutup", "penutupan"],
    ]) {
      expect(new Set(forms.map(stemIndonesian))).toEqual(new Set([forms[0]]));
    }
  });

  it("leaves short words, numbers, codes and words outside a–z alone", () => {
    for (const word of ["di", "sk", "ke", "2024", "un1", "123a", "ppk", "façade", "日本"]) {
      expect(stemIndonesian(word)).toBe(word);
    }
  });

  it("falls back to the rules for words outside its root list", () => {
    // Not listed: the rules' own reading, the same for every form of the word.
    expect(stemIndonesian("perbendaharaan")).toBe(stemIndonesian("kebendaharaan"));
    expect(stemIndonesian("dikoordinasikan")).toBe("koordinasi");
  });
});

describe("INDONESIAN_STOPWORDS", () => {
  it("holds function words and lowercase tokens only", () => {
    for (const word of ["yang", "dan", "di", "ke", "dari", "untuk", "dengan", "pada", "dalam", "ini", "itu", "tersebut"]) {
      expect(INDONESIAN_STOPWORDS.has(word), word).toBe(true);
    }
    for (const word of INDONESIAN_STOPWORDS) expect(tokenizeIndonesian(word)).toEqual([word]);
  });

  it("keeps the words people search archives for", () => {
    for (const word of ["surat", "keputusan", "rektor", "tahun", "nomor", "dapat", "universitas", "akreditasi"]) {
      expect(INDONESIAN_STOPWORDS.has(word), word).toBe(false);
    }
  });
});

describe("tokenizeIndonesian", () => {
  it("lowercases and splits on everything that is not a letter or a digit", () => {
    expect(tokenizeIndonesian("Surat Keputusan Rektor Nomor 123/UN1/KPT/2024, tentang Kurikulum.")).toEqual([
      "surat",
      "keputusan",
      "rektor",
      "nomor",
      "123",
      "un1",
      "kpt",
      "2024",
      "tentang",
      "kurikulum",
    ]);
    expect(tokenizeIndonesian("surat-menyurat (SOP) — e-mail")).toEqual(["surat", "menyurat", "sop", "e", "mail"]);
  });

  it("removes diacritics as FTS5's unicode61 remove_diacritics does", () => {
    expect(tokenizeIndonesian("Sékolah CAFÉ naïve Ångström")).toEqual(["sekolah", "cafe", "naive", "angstrom"]);
  });

  it("reads text as the search's index and query folding do", () => {
    for (const text of ["Surat Keputusan Nomor 12/UN1/2024", "Sékolah «Ñusantara» — naïve café", "surat-menyurat; e-mail\tdan\nSOP"]) {
      expect(tokenizeIndonesian(text)).toEqual(foldedWords(text));
    }
  });

  it("keeps letters of other scripts and does not stem", () => {
    expect(tokenizeIndonesian("Laporan 日本 Ελλάδα menyuarakan")).toEqual(["laporan", "日本", "ελλαδα", "menyuarakan"]);
    expect(tokenizeIndonesian("  \n\t ")).toEqual([]);
    expect(tokenizeIndonesian("")).toEqual([]);
  });

  it("stems a text's tokens fast enough for indexing in a Worker", () => {
    const words = tokenizeIndonesian("Menimbang bahwa dalam rangka penyelenggaraan pendidikan yang bermutu perlu ditetapkan keputusan rektor. ".repeat(2000));
    const started = performance.now();
    for (const word of words) stemIndonesian(word);
    // A generous bound (measured: several hundred thousand words a second); it only catches a
    // pathological slowdown, the figure itself is in the README.
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
