/**
 * EAD 2002 (`urn:isbn:1-931666-22-9`) for SIKN/JIKN, which runs AtoM and imports EAD 2002. Pure:
 * plain records in, XML text out, in pieces so the export can stream: `eadOpening`, then one
 * `eadFile` per berkas (a `c` of level "file" holding a `c` of level "item" per document) or
 * `eadItem` per unfiled document, then `eadClosing`. The mapping (ISAD(G)'s mandatory elements
 * and what each comes from) is tabled in the README.
 */

/** The retention schedule line of a record's code (JRA), written as its appraisal. */
export type EadAppraisal = { activeYears: number; inactiveYears: number; disposition: "MUSNAH" | "PERMANEN" | "DINILAI_KEMBALI"; legalBasis: string };

export type EadItem = {
  uuid: string;
  documentNumber: string;
  title: string;
  year: number;
  description: string;
  keywords: string;
  mimeType: string;
  fileSizeKb: number;
  classificationCode: string | null;
  classificationName: string | null;
  unitName: string | null;
  appraisal: EadAppraisal | null;
  /** The public document page (a BIASA record is public). */
  url: string;
};

export type EadFile = {
  id: number;
  number: string;
  title: string;
  classificationCode: string;
  classificationName: string;
  unitName: string;
  startYear: number;
  endYear: number;
  developmentLevel: string;
  note: string;
  appraisal: EadAppraisal;
  items: EadItem[];
};

export type EadHeader = {
  /** The export's own identifier (eadid). */
  eadId: string;
  repositoryCode: string;
  institution: string;
  /** What was exported, in words ("Arsip statis", "Berkas 12 ...", "Kode PP.01"). */
  scopeLabel: string;
  /** YYYY-MM-DD. */
  exportedOn: string;
  berkas: number;
  items: number;
  startYear: number | null;
  endYear: number | null;
};

const escapeXml = (text: string) =>
  text
    // Characters XML 1.0 cannot carry at all.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

const element = (name: string, text: string, attributes: Record<string, string | number | null | undefined> = {}) => {
  const attrs = Object.entries(attributes)
    .filter(([, value]) => value !== null && value !== undefined && value !== "")
    .map(([key, value]) => ` ${key}="${escapeXml(String(value))}"`)
    .join("");
  return `<${name}${attrs}>${escapeXml(text)}</${name}>`;
};

const paragraph = (name: string, text: string) => `<${name}><p>${escapeXml(text)}</p></${name}>`;

/** unitdate: the years in words and `normal` as ISO 8601 (a single year, or a range). */
function unitdate(start: number | null, end: number | null): string {
  if (start === null || end === null) return "";
  const normal = start === end ? String(start).padStart(4, "0") : `${String(start).padStart(4, "0")}/${String(end).padStart(4, "0")}`;
  return element("unitdate", start === end ? String(start) : `${start}-${end}`, { normal, era: "ce", calendar: "gregorian" });
}

const DISPOSITIONS = { MUSNAH: "musnah", PERMANEN: "permanen", DINILAI_KEMBALI: "dinilai kembali" } as const;

/** "JRA: aktif 2 tahun, inaktif 5 tahun, keterangan permanen. Dasar: ...". */
function appraisal(value: EadAppraisal | null): string {
  if (!value) return "";
  const basis = value.legalBasis ? ` Dasar: ${value.legalBasis}.` : "";
  return paragraph(
    "appraisal",
    `Jadwal Retensi Arsip: aktif ${value.activeYears} tahun, inaktif ${value.inactiveYears} tahun, keterangan akhir ${DISPOSITIONS[value.disposition]}.${basis}`,
  );
}

/** Only BIASA (open) records are exported, so every one carries the same access statement. */
const ACCESS = paragraph("accessrestrict", "Klasifikasi keamanan (SKKAAD): Biasa/Terbuka. Dapat diakses publik.");

/** An XML id from a record's id (an NCName: never starts with a digit). */
const xmlId = (prefix: string, id: string | number) => `${prefix}-${String(id).replace(/[^A-Za-z0-9_.-]/g, "")}`;

export function eadOpening(header: EadHeader): string {
  const extent = `${header.berkas} berkas, ${header.items} item arsip elektronik`;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<ead xmlns="urn:isbn:1-931666-22-9" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="urn:isbn:1-931666-22-9 http://www.loc.gov/ead/ead.xsd" audience="external">`,
    `<eadheader langencoding="iso639-2b" scriptencoding="iso15924" dateencoding="iso8601" countryencoding="iso3166-1" repositoryencoding="iso15511">`,
    element("eadid", header.eadId, { countrycode: "ID", mainagencycode: header.repositoryCode, identifier: header.eadId }),
    `<filedesc><titlestmt>${element("titleproper", `Sarana bantu penemuan kembali arsip: ${header.institution}`)}${element("subtitle", header.scopeLabel)}</titlestmt>`,
    `<publicationstmt>${element("publisher", header.institution)}${element("date", header.exportedOn, { normal: header.exportedOn.replace(/-/g, "") })}</publicationstmt></filedesc>`,
    `<profiledesc><creation>Diekspor dari E-Arsip ${element("date", header.exportedOn, { normal: header.exportedOn.replace(/-/g, "") })}</creation>`,
    `<langusage>${element("language", "Bahasa Indonesia", { langcode: "ind", scriptcode: "Latn" })}</langusage></profiledesc>`,
    `</eadheader>`,
    `<archdesc level="fonds">`,
    `<did>`,
    element("unitid", header.repositoryCode, { countrycode: "ID", repositorycode: header.repositoryCode }),
    element("unittitle", `Arsip ${header.institution}`),
    unitdate(header.startYear, header.endYear),
    `<physdesc>${element("extent", extent)}</physdesc>`,
    `<origination label="Pencipta arsip">${element("corpname", header.institution)}</origination>`,
    `<repository>${element("corpname", header.institution)}</repository>`,
    `<langmaterial>${element("language", "Bahasa Indonesia", { langcode: "ind" })}</langmaterial>`,
    `</did>`,
    ACCESS,
    `<dsc type="combined">`,
  ].join("\n");
}

/** A document: `c` of level item (inside its berkas's `c`, or directly under `dsc` when unfiled). */
export function eadItem(item: EadItem, repositoryCode: string, inFile: boolean): string {
  const reference = item.documentNumber || item.uuid;
  return [
    `<c level="item" id="${xmlId("arsip", item.uuid)}">`,
    `<did>`,
    element("unitid", reference, { countrycode: "ID", repositorycode: repositoryCode, identifier: item.uuid }),
    element("unittitle", item.title),
    unitdate(item.year, item.year),
    // A paper record (no file type) is one physical item, not an electronic file.
    item.mimeType
      ? `<physdesc>${element("extent", "1 berkas elektronik")}${element("physfacet", `${item.mimeType}, ${item.fileSizeKb} KB`, { type: "format" })}</physdesc>`
      : `<physdesc>${element("extent", "1 arsip fisik")}</physdesc>`,
    ...(!inFile && item.unitName ? [`<origination label="Pencipta arsip">${element("corpname", item.unitName)}</origination>`] : []),
    `<dao xlink:type="simple" xlink:href="${escapeXml(item.url)}" xlink:title="${escapeXml(item.title)}"/>`,
    `</did>`,
    ...(item.description ? [paragraph("scopecontent", item.description)] : []),
    ...(!inFile ? [appraisal(item.appraisal)] : []),
    ACCESS,
    ...(item.keywords || item.classificationCode
      ? [
          `<controlaccess>${[
            ...item.keywords
              .split(",")
              .map((keyword) => keyword.trim())
              .filter(Boolean)
              .map((keyword) => element("subject", keyword)),
            ...(item.classificationCode ? [element("subject", `${item.classificationCode} ${item.classificationName ?? ""}`.trim(), { source: "klasifikasi-arsip" })] : []),
          ].join("")}</controlaccess>`,
        ]
      : []),
    `</c>`,
  ].join("\n");
}

/** A berkas: `c` of level file, its documents inside. */
export function eadFile(file: EadFile, repositoryCode: string): string {
  return [
    `<c level="file" id="${xmlId("berkas", file.id)}">`,
    `<did>`,
    element("unitid", `${file.classificationCode}/${file.number}`, { countrycode: "ID", repositorycode: repositoryCode }),
    element("unittitle", file.title),
    unitdate(file.startYear, file.endYear),
    `<physdesc>${element("extent", `${file.items.length} item`)}${element("physfacet", file.developmentLevel, { type: "tingkat-perkembangan" })}</physdesc>`,
    `<origination label="Pencipta arsip">${element("corpname", file.unitName)}</origination>`,
    `</did>`,
    ...(file.note ? [paragraph("odd", file.note)] : []),
    appraisal(file.appraisal),
    ACCESS,
    `<controlaccess>${element("subject", `${file.classificationCode} ${file.classificationName}`, { source: "klasifikasi-arsip" })}</controlaccess>`,
    ...file.items.map((item) => eadItem(item, repositoryCode, true)),
    `</c>`,
  ].join("\n");
}

export const eadClosing = (): string => `</dsc>\n</archdesc>\n</ead>\n`;
