import { describe, expect, it } from "vitest";
import { decodeUploadedText } from "~/domain/uploaded-text";
import { InvalidError } from "~/domain/errors";
import { uploadedText } from "~/i18n/uploaded-text";

/**
 * One decoder for every uploaded CSV or spreadsheet text (the classification import now; the
 * bulk, ZIP and Arteri imports next): a BOM names the encoding; without one, valid UTF-8 is
 * UTF-8 and anything else is what Excel writes on an Indonesian Windows, Windows-1252.
 */

const bytes = (...values: number[]) => new Uint8Array(values);
const utf8 = (text: string) => new TextEncoder().encode(text);
const utf16 = (text: string, littleEndian: boolean) => {
  const out = new Uint8Array(2 + text.length * 2);
  const view = new DataView(out.buffer);
  view.setUint16(0, 0xfeff, littleEndian);
  for (let i = 0; i < text.length; i++) view.setUint16(2 + i * 2, text.charCodeAt(i), littleEndian);
  return out;
};

describe("decodeUploadedText", () => {
  it("reads UTF-8 with and without its BOM (the BOM is not part of the text)", () => {
    expect(decodeUploadedText(utf8("kode,nama\nPP,Perencanaan é"))).toEqual({ text: "kode,nama\nPP,Perencanaan é", encoding: "UTF-8" });
    expect(decodeUploadedText(bytes(0xef, 0xbb, 0xbf, ...utf8("kode,nama")))).toEqual({ text: "kode,nama", encoding: "UTF-8" });
  });

  it("reads UTF-16 little and big endian by their BOM (Excel's 'Unicode Text')", () => {
    expect(decodeUploadedText(utf16("kode\tnama\nPP\tKeuangan é", true))).toEqual({ text: "kode\tnama\nPP\tKeuangan é", encoding: "UTF-16LE" });
    expect(decodeUploadedText(utf16("kode\tnama", false))).toEqual({ text: "kode\tnama", encoding: "UTF-16BE" });
  });

  it("reads what is not UTF-8 as Windows-1252, every letter right (Excel 'CSV' on an Indonesian Windows)", () => {
    // The text as Excel writes it in Windows-1252: one byte per character.
    const text = "Pendidikan – Pascasarjana: café, Müller, “kutip” €";
    const cp1252: Record<string, number> = { "–": 0x96, é: 0xe9, ü: 0xfc, "“": 0x93, "”": 0x94, "€": 0x80 };
    const encoded = bytes(...[...text].map((char) => cp1252[char] ?? char.charCodeAt(0)));
    expect(decodeUploadedText(encoded)).toEqual({ text, encoding: "Windows-1252" });
  });

  it("refuses with a message naming the encoding what cannot be text of one: a broken file after a BOM, UTF-16 without one, bytes no code page uses", () => {
    const refusal = (input: Uint8Array) => {
      try {
        decodeUploadedText(input);
      } catch (error) {
        expect(error).toBeInstanceOf(InvalidError);
        return (error as InvalidError).message;
      }
      throw new Error("not refused");
    };
    expect(refusal(bytes(0xef, 0xbb, 0xbf, 0x61, 0xff, 0x62))).toBe(uploadedText.brokenAfterBom("UTF-8"));
    expect(refusal(bytes(0xff, 0xfe, 0x61))).toBe(uploadedText.brokenAfterBom("UTF-16LE"));
    expect(refusal(bytes(0x6b, 0x00, 0x6f, 0x00, 0x64, 0x00))).toBe(uploadedText.utf16WithoutBom);
    // 0x81 and 0x8D are unassigned in Windows-1252 (and a NUL-free binary file is full of them).
    expect(refusal(bytes(0x6b, 0x81, 0x8d, 0xe9))).toBe(uploadedText.unknownEncoding);
  });
});
