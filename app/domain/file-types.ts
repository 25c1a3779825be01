/**
 * The upload allow-list: PDF, images, audio, video, office documents, plain text. The type is
 * decided from the file's bytes, never from its name or the client's Content-Type.
 */
const ALLOWED_MIME = new Set([
  "application/pdf",
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/bmp",
  "image/tiff",
  "audio/mpeg",
  "audio/wav",
  "audio/ogg",
  "audio/opus",
  "audio/flac",
  "audio/aac",
  "audio/mp4",
  "audio/x-m4a",
  "video/mp4",
  "video/webm",
  "video/quicktime",
  "video/x-matroska",
  "video/ogg",
  "video/mpeg",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "application/vnd.oasis.opendocument.text",
  "application/vnd.oasis.opendocument.spreadsheet",
  "application/vnd.oasis.opendocument.presentation",
  "application/x-cfb", // legacy .doc/.xls/.ppt (OLE compound file)
  "application/msword",
  "application/vnd.ms-excel",
  "application/vnd.ms-powerpoint",
  "text/plain",
]);

/** Types a browser may show inline from our origin without running script. */
const INLINE_SAFE = /^(application\/pdf|image\/(png|jpeg|gif|webp|bmp)|audio\/|video\/|text\/plain)/;

const TEXT_EXTENSIONS = new Set(["txt", "csv", "md", "log"]);

export const isAllowedMime = (mime: string) => ALLOWED_MIME.has(mime);
export const isInlineSafe = (mime: string) => INLINE_SAFE.test(mime);

/** What a file name's extension claims the file is, by family. */
const FAMILY_BY_EXTENSION: Record<string, string> = {
  pdf: "pdf",
  png: "image", jpg: "image", jpeg: "image", gif: "image", webp: "image", bmp: "image", tif: "image", tiff: "image",
  mp3: "media", wav: "media", ogg: "media", oga: "media", opus: "media", flac: "media", aac: "media", m4a: "media",
  mp4: "media", m4v: "media", webm: "media", mov: "media", mkv: "media", mpeg: "media", mpg: "media", ogv: "media",
  doc: "office", docx: "office", xls: "office", xlsx: "office", ppt: "office", pptx: "office",
  odt: "office", ods: "office", odp: "office",
  txt: "text", csv: "text", md: "text", log: "text",
  html: "markup", htm: "markup", svg: "markup", xml: "markup", js: "markup",
};

/**
 * The file input's `accept` list: the extensions of the allowed families (markup never), so the
 * browser's file picker offers what the server takes. The server still decides from the bytes.
 */
export const ACCEPTED_FILE_EXTENSIONS = Object.entries(FAMILY_BY_EXTENSION)
  .filter(([, family]) => family !== "markup")
  .map(([extension]) => `.${extension}`)
  .join(",");

/** What a family is called in a refusal ("the name says PDF, the content is text"). */
export const FAMILY_LABELS: Record<string, string> = {
  pdf: "PDF",
  image: "gambar",
  media: "audio/video",
  office: "dokumen Office/OpenDocument",
  text: "teks biasa",
  markup: "HTML/XML",
};

/** The family a file name's extension claims, if it claims one. */
export const claimedFamily = (fileName: string): string | undefined => FAMILY_BY_EXTENSION[extensionOf(fileName)];

export function familyOfMime(mime: string): string {
  if (mime === "application/pdf") return "pdf";
  if (mime.startsWith("image/")) return "image";
  if (mime.startsWith("audio/") || mime.startsWith("video/")) return "media";
  if (mime === "text/plain") return "text";
  return "office";
}

/** False when the name's extension claims another family than the sniffed type (a renamed file). */
export function extensionMatchesType(fileName: string, mime: string): boolean {
  const claimed = FAMILY_BY_EXTENSION[extensionOf(fileName)];
  return !claimed || claimed === familyOfMime(mime);
}

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : "";
}

/**
 * Plain text has no magic number: accept it only for a text extension, when the first bytes are
 * valid UTF-8 without NULs and do not open with markup (HTML/SVG/XML could run script).
 */
export function looksLikePlainText(head: Uint8Array, fileName: string): boolean {
  if (!TEXT_EXTENSIONS.has(extensionOf(fileName))) return false;
  if (head.includes(0)) return false;
  let text: string;
  try {
    // A multi-byte character cut at the end of the sample is fine; invalid bytes elsewhere are not.
    text = new TextDecoder("utf-8", { fatal: true }).decode(trimPartialUtf8(head));
  } catch {
    return false;
  }
  return !/^\s*</.test(text.replace(/^\uFEFF/, ""));
}

function trimPartialUtf8(bytes: Uint8Array): Uint8Array {
  let end = bytes.length;
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const byte = bytes[end - back]!;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    if (needed > back) end -= back;
    break;
  }
  return bytes.subarray(0, end);
}

/**
 * A stored file name is data only: no path, no control characters, at most 200 characters
 * (the extension kept), never empty.
 */
export function sanitizeFileName(raw: string | undefined | null): string {
  const base = (raw ?? "").split(/[\\/]/).pop() ?? "";
  let name = base
    .normalize("NFC")
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, "")
    .replace(/["<>:|?*]/g, "_")
    .replace(/^[.\s]+/, "")
    .trim();
  if (name.length > 200) {
    const extension = extensionOf(name);
    const keep = extension && extension.length <= 10 ? `.${extension}` : "";
    name = name.slice(0, 200 - keep.length) + keep;
  }
  return name || "dokumen";
}
