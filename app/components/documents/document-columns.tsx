import type { Column } from "~/components/list";
import { DownloadLink } from "~/components/download-link";
import type { DocumentSort } from "~/domain/document-list";
import { formatDate, formatKb } from "~/lib/format";
import { t } from "~/i18n/id";
import { documents as documentsText } from "~/i18n/documents";
import type { DocumentListRow } from "~/domain/documents";
import { AccessBadge, KeywordChips } from "./badges";

const c = documentsText.columns;
const a = documentsText.actions;

/**
 * The twelve columns of the catalogue (SPEC order). Widths add up to the table's width: it
 * fits a 1280 px screen without sideways scrolling. `offset` numbers the rows across pages;
 * `detailPath` (signed-in list) makes Judul and 'Lihat' links to the detail page.
 */
export function documentColumns({
  offset,
  detailPath,
  titlePath,
}: {
  offset: number;
  detailPath: string | null;
  /** Where the title links (the public catalogue links titles to its public pages). */
  titlePath?: string;
}): Column<DocumentListRow, DocumentSort>[] {
  return [
    { key: "no", header: c.no, width: "3%", card: "hidden", cell: (_, index) => offset + index + 1 },
    {
      key: "title",
      header: c.title,
      sort: "title",
      width: "13.5%",
      card: "title",
      cell: (document) =>
        (titlePath ?? detailPath) ? (
          <a href={`${titlePath ?? detailPath}/${document.uuid}`} className="dt-title">
            {document.title}
          </a>
        ) : (
          <span className="dt-title">{document.title}</span>
        ),
    },
    { key: "category", header: c.category, width: "8%", cell: (document) => document.categoryName },
    { key: "keywords", header: c.keywords, width: "10%", hideBelow: "xl", card: "hidden", cell: (document) => <KeywordChips keywords={document.keywords} clamp /> },
    {
      key: "description",
      header: c.description,
      width: "12%",
      hideBelow: "lg",
      card: "plain",
      cell: (document) =>
        document.description ? (
          <span className="clamp2" title={document.description}>
            {document.description}
          </span>
        ) : (
          t.notSet
        ),
    },
    { key: "access", header: c.accessLevel, width: "7.5%", card: "plain", cell: (document) => <AccessBadge level={document.accessLevel} /> },
    { key: "number", header: c.documentNumber, sort: "documentNumber", width: "8.5%", cell: (document) => document.documentNumber },
    { key: "year", header: c.year, sort: "year", width: "5%", cell: (document) => document.year },
    { key: "uploader", header: c.uploader, width: "8%", hideBelow: "xl", card: "hidden", cell: (document) => document.uploader },
    { key: "createdAt", header: c.createdAt, sort: "createdAt", width: "8.5%", cell: (document) => formatDate(document.createdAt, "DD MMMM YYYY HH:mm:ss") },
    { key: "size", header: c.size, sort: "fileSize", width: "6%", hideBelow: "xl", align: "end", card: "hidden", cell: (document) => formatKb(document.fileSizeKb) },
    {
      key: "actions",
      header: c.actions,
      width: "10%",
      card: "actions",
      cell: (document) => <DocumentActions document={document} detailPath={detailPath} />,
    },
  ];
}

/** Plain links (no client-side router per row): a row renders cheaply, and works without JS. */
function DocumentActions({ document, detailPath }: { document: DocumentListRow; detailPath: string | null }) {
  const detail = detailPath && `${detailPath}/${document.uuid}`;
  return (
    <span className="dt-actions">
      {detail && (
        <a href={detail} className="text-blue-700">
          {a.view}
        </a>
      )}
      {document.downloadUrl && (
        <DownloadLink document={document} className="text-emerald-700" publicPage={!detailPath}>
          {a.download}
        </DownloadLink>
      )}
      {detail && document.canEdit && (
        <a href={`${detail}/update`} className="text-amber-700">
          {a.edit}
        </a>
      )}
      {detail && document.canDelete && (
        <a href={`${detail}?dialog=delete`} className="text-red-700">
          {a.delete}
        </a>
      )}
    </span>
  );
}
