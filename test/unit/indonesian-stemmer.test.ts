import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createIndonesianStemmer, INDONESIAN_STOPWORDS, STEMMER_VERSION, stemIndonesian, tokenizeIndonesian } from "~/domain/search/indonesian";
import { HUNSPELL_ROOTS_ID } from "~/domain/search/dictionary/hunspell-id";
import { FAMILY, rootDictionary } from "~/domain/search/root-dictionary";
import { talaStem } from "~/domain/search/tala-rules";
import { foldedWords } from "~/domain/search/query";

/** STEMMER_VERSION and the hash of the stems its test computes, as recorded (see "changes whenever the stems do"). */
const RECORDED_STEMS = { version: "2.ee2fee7bec3d.7f129e0e", stems: "22ef4b155025cfc7" };

/** Word → root, from the vocabulary of decrees, letters, SOPs and reports. */
const ROOTS: ReadonlyArray<readonly [string, string]> = [
  // The forms issue 32 names: roots only a dictionary settles.
  ["pemusnahan", "musnah"],
  ["dimusnahkan", "musnah"],
  ["keterlambatan", "lambat"],
  ["terlambat", "lambat"],
  ["perpanjangan", "panjang"],
  ["diperpanjang", "panjang"],
  ["memperpanjang", "panjang"],
  ["mengejar", "kejar"],
  ["menanti", "nanti"],
  ["pembayaran", "bayar"],
  ["bayar", "bayar"],
  // The forms issue 19 named.
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
  // "perhati" is an entry of its own: "memperhatikan" (considering, in every decree) and
  // "perhatian" meet there, apart from "hati" (heart).
  ["memperhatikan", "perhati"],
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
  // Records management, staffing, finance, procurement.
  ["pengesahan", "sah"],
  ["disahkan", "sah"],
  ["mengetahui", "tahu"],
  ["diketahui", "tahu"],
  ["pengetahuan", "tahu"],
  ["pemindaian", "pindai"],
  ["dipindai", "pindai"],
  ["pemutakhiran", "mutakhir"],
  ["pensiun", "pensiun"],
  ["dipensiunkan", "pensiun"],
  ["pelunasan", "lunas"],
  ["melunasi", "lunas"],
  ["tunggakan", "tunggak"],
  ["pemenang", "menang"],
  ["pemeriksaan", "periksa"],
  ["perusakan", "rusak"],
  ["kerusakan", "rusak"],
  ["pengecekan", "cek"],
  ["penarikan", "tarik"],
  ["pedoman", "pedoman"],
  ["berpedoman", "pedoman"],
  ["perangkat", "perangkat"],
  ["pengangkatan", "angkat"],
];

/**
 * Where Tala's rules alone choose wrong and the dictionary decides: for each rule the issue
 * names, the word, what the rules give, and the dictionary's root.
 */
const DICTIONARY_DECIDES: ReadonlyArray<readonly [string, string, string, string]> = [
  ["meN-/peN- + m: the root's m, not a dropped p", "meminta", "pinta", "minta"],
  ["meN-/peN- + m: the root's m, not a dropped p", "pemusnahan", "pusnah", "musnah"],
  ["meN-/peN- + m: the word as written beats a put-back p", "memakan", "pakan", "makan"],
  ["meN-/peN- + n: the root's n, not a dropped t", "menanti", "tanti", "nanti"],
  ["meN-/peN- + n: the root's n, not a dropped t", "penantian", "tanti", "nanti"],
  ["meN-/peN- + ng: a dropped k", "mengejar", "ejar", "kejar"],
  ["meN-/peN- + ng: menge-/penge- before a one-syllable root", "pengesahan", "esah", "sah"],
  ["meN-/peN- + ng: menge-/penge- before a one-syllable root", "mengecek", "ecek", "cek"],
  ["meN-/peN- + ny: the root's ny, not a dropped s", "menyanyikan", "sanyi", "nyanyi"],
  ["meN-/peN- + ny: the root's ny, not a dropped s", "penyanyi", "sanyi", "nyanyi"],
  ["per-: diper-/memper- without a suffix", "diperpanjang", "perpanjang", "panjang"],
  ["per-: diper-/memper- without a suffix", "memperoleh", "peroleh", "oleh"],
  ["per-: pe- before a root's r", "perasaan", "asa", "rasa"],
  ["ter-: te- before a root's r", "terasa", "asa", "rasa"],
  ["ter-: a root that starts with ter", "terapan", "apan", "terap"],
  ["ke-…-an around another prefix", "keterlambatan", "terlambat", "lambat"],
  ["ke-…-an around another prefix", "kesepahaman", "sepaham", "paham"],
  ["loan words that look prefixed or suffixed", "periode", "iode", "periode"],
  ["loan words that look prefixed or suffixed", "kategori", "kategor", "kategori"],
  ["loan words that look prefixed or suffixed", "pensiun", "siun", "pensiun"],
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

  it("falls back to the rules for words whose root no dictionary knows", () => {
    // Not listed: the rules' own reading, the same for every form of the word.
    for (const forms of [
      ["perbendaharaan", "kebendaharaan"],
      ["kerjasama", "kerjasamanya"],
    ]) {
      expect(new Set(forms.map(stemIndonesian)).size, forms.join()).toBe(1);
      expect(stemIndonesian(forms[0]!)).toBe(talaStem(forms[0]!));
    }
    expect(stemIndonesian("dikoordinasikan")).toBe("koordinasi");
  });
});

describe("the dictionary over the rules", () => {
  it.each(DICTIONARY_DECIDES)("%s: %s is %s by the rules, %s by the dictionary", (_rule, word, rulesSay, dictionarySays) => {
    expect(talaStem(word)).toBe(rulesSay);
    expect(stemIndonesian(word)).toBe(dictionarySays);
  });

  it("prefers the root whose affix flags allow the prefix", () => {
    // "tanti" is an entry too, but Hunspell gives it ber- only; "nanti" takes meN-. Swap their
    // flags and the flags still decide.
    expect(stemIndonesian("menanti")).toBe("nanti");
    const swapped = createIndonesianStemmer(new Map([["tanti", FAMILY.M], ["nanti", FAMILY.B]]));
    expect(swapped("menanti")).toBe("tanti");
  });

  it("reads no confix Indonesian does not form, and no bare -i or -kan the root's flags do not allow", () => {
    expect(stemIndonesian("penarikan")).toBe("tarik"); // peN-…-kan: not "tari"
    expect(stemIndonesian("tarikan")).toBe("tarik");
    expect(stemIndonesian("juni")).toBe("juni"); // not "jun" + -i
    expect(stemIndonesian("pengeringan")).toBe("kering"); // penge- only before one syllable: not "ringan"
  });

  it("gives derived dictionary entries their root, and leaves stopwords whole", () => {
    expect(["belajar", "pembelajaran", "pelajaran", "mengajar"].map(stemIndonesian)).toEqual(["ajar", "ajar", "ajar", "ajar"]);
    expect(["diketahui", "mengetahui", "sepengetahuan"].map(stemIndonesian)).toEqual(["tahu", "tahu", "tahu"]);
    // "tersebut" would join "sebut", "secara" join "cara": queries for those would find them everywhere.
    for (const word of ["tersebut", "secara", "melainkan", "kepada"]) expect(stemIndonesian(word)).toBe(word);
  });

  it("without the Hunspell list, keeps the project's own roots and the rules", () => {
    const ownOnly = createIndonesianStemmer(rootDictionary({ hunspell: false }));
    expect(ownOnly("menetapkan")).toBe("tetap");
    expect(ownOnly("pemusnahan")).toBe("pusnah");
    expect(ownOnly("menanti")).toBe("tanti");
  });
});

describe("STEMMER_VERSION", () => {
  it("follows the Hunspell list's id", () => {
    expect(STEMMER_VERSION).toContain(HUNSPELL_ROOTS_ID);
  });

  /**
   * A change of the stemmer that changes a stem must change STEMMER_VERSION: the stored
   * vocabulary is re-stemmed when it does. The Hunspell list's id and the own list's fingerprint
   * follow their data by themselves; a change of the rules raises RULES_REVISION
   * (root-dictionary.ts). This hashes the stems of the table above and of four affixed forms of
   * every root the stemmer knows (about 115,000 words), and fails until the new pair is recorded.
   */
  it("changes whenever the stems do", () => {
    const words = [...ROOTS.map(([word]) => word), ...DICTIONARY_DECIDES.map(([, word]) => word)];
    for (const [root] of rootDictionary().roots()) words.push(`di${root}kan`, `pe${root}an`, `ke${root}an`, `${root}nya`);
    const stems = createHash("sha256")
      .update([...new Set(words)].sort().map((word) => `${word} ${stemIndonesian(word)}`).join("\n"))
      .digest("hex")
      .slice(0, 16);
    expect({ version: STEMMER_VERSION, stems }, "stems changed: raise RULES_REVISION (root-dictionary.ts) and record the new pair").toEqual(RECORDED_STEMS);
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
