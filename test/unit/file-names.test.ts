import { describe, expect, it } from "vitest";
import { withoutDeceptiveCharacters, withTypeExtension } from "~/domain/file-names";

describe("withTypeExtension", () => {
  it("keeps a name whose extension belongs to the sniffed type, in any case", () => {
    expect(withTypeExtension("a.pdf", "application/pdf")).toBe("a.pdf");
    expect(withTypeExtension("Foto.JPEG", "image/jpeg")).toBe("Foto.JPEG");
    expect(withTypeExtension("data.csv", "text/plain")).toBe("data.csv");
  });
  it("adds the type's extension otherwise", () => {
    expect(withTypeExtension("a.hta", "application/pdf")).toBe("a.hta.pdf");
    expect(withTypeExtension("tanpa", "image/png")).toBe("tanpa.png");
    expect(withTypeExtension("setup.msi", "application/x-cfb")).toBe("setup.msi.doc");
    expect(withTypeExtension("paket.jar", "application/vnd.openxmlformats-officedocument.wordprocessingml.document")).toBe("paket.jar.docx");
  });
});

describe("withoutDeceptiveCharacters", () => {
  it("drops bidi overrides, zero-width characters and line separators", () => {
    expect(withoutDeceptiveCharacters("laporan\u202Efdp.exe")).toBe("laporanfdp.exe");
    expect(withoutDeceptiveCharacters("a\u200Bb\u200Dc\u2028d\u2029e\u2066f\uFEFF")).toBe("abcdef");
  });
  it("drops every default-ignorable code point: soft hyphen, Hangul fillers, Mongolian vowel separator, variation selectors, tags", () => {
    expect(withoutDeceptiveCharacters("lap\u00ADoran\u3164.\u180Epdf")).toBe("laporan.pdf");
    expect(withoutDeceptiveCharacters("a\u115Fb\u1160c\uFFA0d\u034Fe\uFE0Ff\u{E0041}g\u{1D173}h")).toBe("abcdefgh");
    // Visible neighbours stay.
    expect(withoutDeceptiveCharacters("Surat Keputusan (final) – revisi_2.pdf")).toBe("Surat Keputusan (final) – revisi_2.pdf");
  });
});
