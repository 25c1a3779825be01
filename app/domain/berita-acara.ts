/**
 * What the public verification page of a Berita Acara shows: the record's own facts and the two
 * hashes, nothing private (no titles, no names, no work units).
 */
export type DisposalBeritaAcaraKind = "PEMUSNAHAN" | "PENYERAHAN";
/** PEMINDAHAN: the Berita Acara Pemindahan Arsip Inaktif of a transfer to the records centre. */
export type BeritaAcaraKind = DisposalBeritaAcaraKind | "PEMINDAHAN";

export type BeritaAcaraVerification = {
  uuid: string;
  kind: BeritaAcaraKind;
  number: string;
  /** YYYY-MM-DD. */
  issuedOn: string;
  place: string;
  /** Items listed: records (disposal) or berkas (pemindahan). */
  itemCount: number;
  /** SHA-256 of the list's canonical serialization, as printed in the PDF. */
  listSha256: string;
  /** SHA-256 of the stored PDF file. */
  pdfSha256: string;
};

/** The path of a Berita Acara's public verification page (what its QR code encodes, after the origin). */
export const verificationPath = (uuid: string) => `/verifikasi/${uuid}`;
