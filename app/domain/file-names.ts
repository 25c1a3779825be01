import { withoutInvisibleCharacters } from "./invisible-characters";

/**
 * Stored and served file names. Windows decides what a downloaded file does by its last
 * extension, so a name must end in an extension of the type its bytes were sniffed as
 * ("laporan.hta" holding a PDF is stored as "laporan.hta.pdf"). Characters that make a name
 * display differently from what it is (bidi overrides: "laporan\u202Efdp.exe" shows as
 * "laporanexe.pdf"), invisible ones and line separators are removed.
 */
const EXTENSIONS_BY_MIME: Record<string, readonly [string, ...string[]]> = {
  "application/pdf": ["pdf"],
  "image/png": ["png"],
  "image/jpeg": ["jpg", "jpeg", "jpe"],
  "image/gif": ["gif"],
  "image/webp": ["webp"],
  "image/bmp": ["bmp"],
  "image/tiff": ["tif", "tiff"],
  "audio/mpeg": ["mp3"],
  "audio/wav": ["wav"],
  "audio/ogg": ["ogg", "oga"],
  "audio/opus": ["opus", "ogg"],
  "audio/flac": ["flac"],
  "audio/aac": ["aac"],
  "audio/mp4": ["m4a", "mp4"],
  "audio/x-m4a": ["m4a"],
  "video/mp4": ["mp4", "m4v"],
  "video/webm": ["webm"],
  "video/quicktime": ["mov"],
  "video/x-matroska": ["mkv"],
  "video/ogg": ["ogv", "ogg"],
  "video/mpeg": ["mpeg", "mpg"],
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ["docx"],
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": ["xlsx"],
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": ["pptx"],
  "application/vnd.oasis.opendocument.text": ["odt"],
  "application/vnd.oasis.opendocument.spreadsheet": ["ods"],
  "application/vnd.oasis.opendocument.presentation": ["odp"],
  // An OLE compound file may also be an installer (.msi): only the Office extensions are kept.
  "application/x-cfb": ["doc", "xls", "ppt"],
  "application/msword": ["doc"],
  "application/vnd.ms-excel": ["xls"],
  "application/vnd.ms-powerpoint": ["ppt"],
  "text/plain": ["txt", "csv", "md", "log"],
};

/** Bidi controls, every default-ignorable (invisible) code point, line and paragraph separators. */
export const withoutDeceptiveCharacters = (name: string) => withoutInvisibleCharacters(name);

/** `name`, ending in an extension that belongs to `mime` (the first one of the type is added when missing). */
export function withTypeExtension(name: string, mime: string): string {
  const extensions = EXTENSIONS_BY_MIME[mime];
  if (!extensions) return name;
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
  return extensions.includes(extension) ? name : `${name}.${extensions[0]}`;
}

/**
 * The name of a file the app generates (a register, a report, a receipt): its words joined by
 * hyphens, ASCII letters and digits only, so it reads the same in every browser and file system.
 */
export const generatedFileName = (words: (string | number)[], extension: string) =>
  `${words.join(" ").replace(/[^A-Za-z0-9]+/g, "-").replace(/^-+|-+$/g, "")}.${extension}`;
