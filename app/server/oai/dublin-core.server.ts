/** The fifteen elements of simple Dublin Core this repository fills. */
export type DcElement = "title" | "creator" | "subject" | "description" | "publisher" | "date" | "type" | "format" | "identifier" | "language" | "rights";
export type DcField = { element: DcElement; value: string; lang?: "id" };

/** What the mapping reads of a live PUBLIC document (a record that is not one carries no metadata). */
export type PublicRecord = {
  title: string;
  document_number: string;
  year: number;
  description: string;
  keywords: string;
  mime_type: string;
  category_name: string;
  unit_name: string | null;
  classification_code: string | null;
  classification_name: string | null;
};

export type DcContext = {
  /** The public document page and the file's download URL. */
  pageUrl: string;
  downloadUrl: string;
  publisher: string;
};

/** DCMI Type of a file, from its (sniffed) media type. */
function dcmiTypeOf(mimeType: string): string {
  // A paper record keeps no file type: it is the object on the shelf.
  if (mimeType === "") return "PhysicalObject";
  if (mimeType.startsWith("image/")) return "StillImage";
  if (mimeType.startsWith("audio/")) return "Sound";
  if (mimeType.startsWith("video/")) return "MovingImage";
  return "Text";
}

/** The keywords (comma-separated on the form), each once. */
const keywordsOf = (keywords: string) => [...new Set(keywords.split(",").map((keyword) => keyword.trim()).filter(Boolean))];

/**
 * THE mapping of a document to oai_dc (the README's table): every element a record carries is
 * decided here and nowhere else, so a new source (a classification code as one more `subject`)
 * is one line in this function.
 */
export function dublinCoreOf(record: PublicRecord, context: DcContext): DcField[] {
  return [
    { element: "title", value: record.title, lang: "id" },
    ...(record.unit_name ? [{ element: "creator" as const, value: record.unit_name }] : []),
    ...keywordsOf(record.keywords).map((keyword) => ({ element: "subject" as const, value: keyword, lang: "id" as const })),
    // The classification code, as archivists cite it: "PP.01 Rencana Strategis".
    ...(record.classification_code ? [{ element: "subject" as const, value: `${record.classification_code} ${record.classification_name ?? ""}`.trim(), lang: "id" as const }] : []),
    { element: "description", value: record.description, lang: "id" },
    { element: "publisher", value: context.publisher },
    { element: "date", value: String(record.year) },
    { element: "type", value: record.category_name, lang: "id" },
    { element: "type", value: dcmiTypeOf(record.mime_type) },
    // A paper record has no format to name and no file to point to.
    ...(record.mime_type ? [{ element: "format" as const, value: record.mime_type }] : []),
    { element: "identifier", value: context.pageUrl },
    ...(record.mime_type ? [{ element: "identifier" as const, value: context.downloadUrl }] : []),
    { element: "identifier", value: record.document_number },
    { element: "language", value: "id" },
    { element: "rights", value: "Publik: terbuka untuk umum" },
  ];
}
