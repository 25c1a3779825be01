import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import {
  canonicalListText,
  dateInWords,
  listSha256Of,
  renderBeritaAcaraPdf,
  terbilang,
  type BeritaAcaraItem,
  type BeritaAcaraPdfInput,
} from "~/server/disposal/berita-acara-pdf.server";

/**
 * The Berita Acara PDF, rendered inside workerd (where the execution renders it) and read back
 * with a PDF text extractor: the listed items, the number and the list's hash must be in it,
 * on as many pages as the list needs.
 */

const items = (count: number): BeritaAcaraItem[] =>
  Array.from({ length: count }, (_, index) => ({
    position: index + 1,
    classificationCode: `KU.01.${String((index % 9) + 1).padStart(2, "0")}`,
    title: `Surat keputusan pengadaan barang nomor ${index + 1} tahun anggaran ${2000 + (index % 20)} beserta lampirannya`,
    documentNumber: `SK/${index + 1}/UN/${2000 + (index % 20)}`,
    year: 2000 + (index % 20),
    fileCount: (index % 3) + 1,
  }));

async function input(list: BeritaAcaraItem[], overrides: Partial<BeritaAcaraPdfInput> = {}): Promise<BeritaAcaraPdfInput> {
  return {
    kind: "PEMUSNAHAN",
    number: "BA-MUSNAH/2026/0001",
    issuedOn: "2026-11-26",
    place: "Jakarta",
    institution: "Universitas Contoh",
    listNumber: "DAUM/2026/0001",
    anriLetter: { number: "B-123/ANRI/2026", date: "2026-10-01" },
    items: list,
    signatories: [
      { role: "Ketua Panitia Penilai Arsip", name: "Dr. Siti Aminah", nip: "197001011995032001" },
      { role: "Pelaksana Pemusnahan", name: "Budi Santoso" },
      { role: "Saksi", name: "Rektor Universitas Contoh" },
    ],
    listSha256: await listSha256Of(list),
    verificationUrl: "https://arsip.example.ac.id/verifikasi/0b5f5c9e-7a55-4d8e-9d0b-3f1f1c1e2a3b",
    ...overrides,
  };
}

async function textOf(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  // The extractor takes ownership of the buffer it is given: hand it a copy.
  const pdf = await getDocumentProxy(bytes.slice());
  const { totalPages, text } = await extractText(pdf, { mergePages: true });
  return { pages: totalPages, text: text.replace(/\s+/g, " ") };
}

describe("listSha256Of", () => {
  it("hashes the documented canonical lines, in position order", async () => {
    const list = items(2);
    expect(canonicalListText(list)).toBe(
      '[1,"KU.01.01","Surat keputusan pengadaan barang nomor 1 tahun anggaran 2000 beserta lampirannya","SK/1/UN/2000",2000,1]\n' +
        '[2,"KU.01.02","Surat keputusan pengadaan barang nomor 2 tahun anggaran 2001 beserta lampirannya","SK/2/UN/2001",2001,2]\n',
    );
    const reversed = [...list].reverse();
    expect(await listSha256Of(reversed)).toBe(await listSha256Of(list));
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonicalListText(list)));
    expect(await listSha256Of(list)).toBe(Buffer.from(digest).toString("hex"));
    expect(await listSha256Of([{ ...list[0]!, fileCount: 2 }, list[1]!])).not.toBe(await listSha256Of(list));
  });
});

describe("dates in words", () => {
  it("writes numbers and the day in Indonesian", () => {
    expect(terbilang(2026)).toBe("dua ribu dua puluh enam");
    expect(terbilang(11)).toBe("sebelas");
    expect(terbilang(19)).toBe("sembilan belas");
    expect(terbilang(100)).toBe("seratus");
    expect(terbilang(1999)).toBe("seribu sembilan ratus sembilan puluh sembilan");
    expect(terbilang(500)).toBe("lima ratus");
    expect(dateInWords("2026-11-26")).toBe("Kamis, tanggal dua puluh enam bulan November tahun dua ribu dua puluh enam");
    expect(dateInWords("2024-02-29")).toBe("Kamis, tanggal dua puluh sembilan bulan Februari tahun dua ribu dua puluh empat");
  });
});

describe("renderBeritaAcaraPdf", () => {
  it("writes the number, the items, the signatories and the list's hash into the PDF's text", async () => {
    const list = items(10);
    const data = await input(list);
    const bytes = await renderBeritaAcaraPdf(data);
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
    const { pages, text } = await textOf(bytes);
    expect(pages).toBeLessThanOrEqual(2);
    expect(text).toContain("BERITA ACARA PEMUSNAHAN ARSIP");
    expect(text).toContain("NOMOR: BA-MUSNAH/2026/0001");
    expect(text).toContain("Kamis, tanggal dua puluh enam bulan November tahun dua ribu dua puluh enam");
    expect(text).toContain("Daftar Arsip Usul Musnah Nomor DAUM/2026/0001");
    expect(text).toContain("B-123/ANRI/2026");
    // Records are counted as 'arsip', their file versions as 'versi file', never as 'berkas'
    // (an archivist's file of records).
    expect(text).toContain("sebanyak 10 (sepuluh) arsip dengan 19 (sembilan belas) versi file");
    expect(text).not.toMatch(/berkas/i);
    for (const item of list) {
      expect(text).toContain(item.classificationCode);
      expect(text).toContain(item.documentNumber);
    }
    expect(text).toContain("Surat keputusan pengadaan barang nomor 7 tahun anggaran 2006");
    expect(text).toContain("Dr. Siti Aminah");
    expect(text).toContain("NIP. 197001011995032001");
    expect(text).toContain(data.listSha256);
    expect(text).toContain("/verifikasi/0b5f5c9e-7a55-4d8e-9d0b-3f1f1c1e2a3b");
  });

  it("breaks a list of 500 items across pages, every item and the hash still in the text", async () => {
    const list = items(500);
    const data = await input(list, { kind: "PENYERAHAN", anriLetter: null, number: "BA-SERAH/2026/0002", listNumber: "DAUS/2026/0002" });
    const bytes = await renderBeritaAcaraPdf(data);
    const { pages, text } = await textOf(bytes);
    expect(pages).toBeGreaterThan(10);
    expect(text).toContain("BERITA ACARA PENYERAHAN ARSIP STATIS");
    expect(text).toContain("Daftar Arsip Usul Serah Nomor DAUS/2026/0002");
    expect(text).toContain(`Halaman ${pages} dari ${pages}`);
    for (const item of list) expect(text).toContain(item.documentNumber);
    expect(text).toContain(data.listSha256);
  });

  it("replaces characters the standard fonts cannot encode instead of failing", async () => {
    const list = items(1).map((item) => ({ ...item, title: "Kajian ekonomi — Ōsaka “Ekspor” 東京 emoji 📄 Ẓ\ttab\nbaris" }));
    const bytes = await renderBeritaAcaraPdf(await input(list, { place: "Yogyakarta" }));
    const { text } = await textOf(bytes);
    expect(text).toContain("Kajian ekonomi — Osaka “Ekspor” ?? emoji ? Z tab baris");
  });

  it("renders the same bytes for the same input", async () => {
    const data = await input(items(3));
    expect(await renderBeritaAcaraPdf(data)).toEqual(await renderBeritaAcaraPdf(data));
  });

  it("measures 10 and 500 items", async () => {
    for (const count of [10, 500]) {
      const data = await input(items(count));
      await renderBeritaAcaraPdf(data); // warm
      const runs = 3;
      const started = performance.now();
      let size = 0;
      for (let run = 0; run < runs; run++) size = (await renderBeritaAcaraPdf(data)).byteLength;
      console.info(`Berita Acara, ${count} items: ${size} bytes, ${((performance.now() - started) / runs).toFixed(1)} ms per render`);
    }
  });
});
