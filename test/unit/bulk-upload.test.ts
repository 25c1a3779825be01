import { describe, expect, it } from "vitest";
import { fileNameStem, filesProgress, titleFromFileName } from "~/domain/bulk-upload";

describe("'Unggah Banyak': names and progress", () => {
  it("titles a document from its file name: words apart, a number's hyphen kept", () => {
    expect(titleFromFileName("SK_Rektor_12-2024.pdf")).toBe("SK Rektor 12-2024");
    expect(titleFromFileName("Surat-Edaran--Libur  Semester.docx")).toBe("Surat Edaran Libur Semester");
    expect(titleFromFileName("arsip/scan/Notulen_Rapat.PDF")).toBe("Notulen Rapat");
    expect(titleFromFileName(".htaccess")).toBe(".htaccess");
    expect(fileNameStem("C:\\Arsip\\SK 1.2024.pdf")).toBe("SK 1.2024");
  });

  it("fills the files' bars in order as the post goes", () => {
    expect(filesProgress([100, 300], 0, 400)).toEqual([0, 0]);
    expect(filesProgress([100, 300], 50, 400)).toEqual([50, 0]);
    expect(filesProgress([100, 300], 250, 400)).toEqual([100, 50]);
    expect(filesProgress([100, 300], 400, 400)).toEqual([100, 100]);
    // The fields' bytes are spread over the files; past the total it stays full.
    expect(filesProgress([100, 100], 110, 220)).toEqual([100, 0]);
    expect(filesProgress([100, 100], 999, 220)).toEqual([100, 100]);
    expect(filesProgress([0, 100], 0, 10)).toEqual([100, 0]);
  });
});
