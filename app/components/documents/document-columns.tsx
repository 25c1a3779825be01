import type { ComponentProps, ReactNode } from "react";
import { AppLink } from "~/components/app-link";
import type { Column } from "~/components/list";
import { DownloadLink } from "~/components/download-link";
import type { DocumentSort } from "~/domain/document-list";
import { formatDate, formatKb } from "~/lib/format";
import { t } from "~/i18n/id";
import { documents as documentsText } from "~/i18n/documents";
import type { DocumentListRow } from "~/domain/documents";
import { AccessBadge, ClassBadge, KeywordChips } from "./badges";
import { filingText } from "~/i18n/filing";
import { searchText } from "~/i18n/search";

const c = documentsText.columns;
const a = documentsText.actions;

/**
 * The twelve columns of the catalogue (SPEC order). Fixed widths in rem for the short columns,
 * the title (and, from 1536 px, the description) sharing the rest, so that at 1366 px every
 * value wraps only between words: numbers break after their slashes, dates between date and
 * time, badges never. The description column shows from 1536 px (below that it is on the phone
 * card and the detail page); keywords, uploader and size from a 1366 px laptop (at 1280 px, beside
the sidebar, they would squeeze Judul to a few letters). A phone card shows every
 * column but No. `offset` numbers the rows across pages; `detailPath` (signed-in list) makes
 * Judul and 'Lihat' links to the detail page, `viewPath` gives the public list its 'Lihat'.
 */
export function documentColumns({
  offset,
  detailPath,
  titlePath,
  viewPath,
  selectCell,
}: {
  offset: number;
  /** 'Ubah Massal': a row's checkbox, shown in its No. cell (and on the phone card), so the SPEC's columns stay as they are. */
  selectCell?: (row: DocumentListRow) => ReactNode;
  detailPath: string | null;
  /** Where the title links (the public catalogue links titles to its public pages). */
  titlePath?: string;
  /** Where 'Lihat' leads when there is no detail path (the public document page). */
  viewPath?: string;
}): Column<DocumentListRow, DocumentSort>[] {
  return [
    selectCell
      ? {
          key: "no",
          header: c.no,
          // The checkbox above the number: the column keeps its width, so the others keep theirs.
          width: "2.25rem",
          card: "plain",
          cell: (row, index) => (
            <span className="inline-flex flex-col items-start gap-1">
              {selectCell(row)}
              {offset + index + 1}
            </span>
          ),
        }
      : { key: "no", header: c.no, width: "2.25rem", card: "hidden", cell: (_, index) => offset + index + 1 },
    {
      key: "title",
      header: c.title,
      sort: "title",
      card: "title",
      cell: (document) => (
        <>
          {(titlePath ?? detailPath) ? (
            <RowLink to={`${titlePath ?? detailPath}/${document.uuid}`} inApp={detailPath !== null} className="dt-title">
              {document.title}
            </RowLink>
          ) : (
            <span className="dt-title">{document.title}</span>
          )}
          {/* On a phone card; wide tables show it on a line under the row (documentSnippet). */}
          {document.snippet && <Snippet html={document.snippet} className="card-only" />}
        </>
      ),
    },
    // Wide enough for 'Korespondensi', the longest word of a category name: no word breaks inside.
    { key: "category", header: c.category, width: "7rem", cell: (document) => <BreakAfterSlashes text={document.categoryName} /> },
    { key: "keywords", header: c.keywords, width: "9rem", hideBelow: "laptop", cell: (document) => <KeywordChips keywords={document.keywords} /> },
    {
      key: "description",
      header: c.description,
      hideBelow: "2xl",
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
    {
      key: "access",
      header: c.accessLevel,
      width: "6rem",
      card: "plain",
      cell: (document) => (
        <span className="badges">
          <AccessBadge level={document.accessLevel} />
          <ClassBadge securityClass={document.securityClass} />
        </span>
      ),
    },
    { key: "number", header: c.documentNumber, sort: "documentNumber", width: "6.5rem", cell: (document) => <BreakAfterSlashes text={document.documentNumber} /> },
    // Beyond the SPEC's twelve: the classification code, on wide screens only.
    { key: "code", header: filingText.documentCode, width: "5.5rem", hideBelow: "2xl", card: "hidden", cell: (document) => document.classificationCode ?? "-" },
    { key: "year", header: c.year, sort: "year", width: "4rem", cell: (document) => document.year },
    { key: "uploader", header: c.uploader, width: "6.5rem", hideBelow: "laptop", cell: (document) => document.uploader },
    {
      key: "createdAt",
      header: c.createdAt,
      sort: "createdAt",
      width: "7rem",
      cell: (document) => formatDate(document.createdAt, "DD MMMM YYYY HH:mm:ss"),
    },
    // 'UKURAN ↕' needs its 5rem, or it runs into 'AKSI'.
    { key: "size", header: c.size, sort: "fileSize", width: "5rem", hideBelow: "laptop", align: "end", cell: (document) => (document.fileSizeKb === null ? documentsText.physicalShort : formatKb(document.fileSizeKb)) },
    {
      key: "actions",
      header: c.actions,
      width: "6.5rem",
      card: "actions",
      cell: (document) => <DocumentActions document={document} detailPath={detailPath} viewPath={viewPath} />,
    },
  ];
}

/**
 * Where a search matched the document's text. `html` is made by the server from the text escaped
 * (snippetHtml): only its <mark> elements are markup.
 */
function Snippet({ html, className = "" }: { html: string; className?: string }) {
  return (
    <p className={`mt-1 text-xs leading-snug font-normal text-slate-600 ${className}`} data-testid="snippet">
      <span className="sr-only">{searchText.snippetLabel}: </span>
      <span dangerouslySetInnerHTML={{ __html: html }} />
    </p>
  );
}

/** The search snippet across a wide table's row (DataTable `rowDetail`). */
export const documentSnippet = (document: DocumentListRow) => (document.snippet ? <Snippet html={document.snippet} /> : null);

/** A document number may wrap after each slash ('031/UN.1/TU/2024'), never inside a part. */
function BreakAfterSlashes({ text }: { text: string }) {
  const parts = text.split("/");
  return parts.map((part, index) => (index < parts.length - 1 ? [part, "/", <wbr key={index} />] : part));
}

/**
 * A row's link to a document page: in the app, through the router without asking the server for
 * every row's route first (`AppLink` without discovery); on the public list, a plain link, since
 * a visitor's page comes whole from the edge cache.
 */
function RowLink({ to, inApp, ...anchor }: Omit<ComponentProps<"a">, "href"> & { to: string; inApp: boolean }) {
  return inApp ? <AppLink to={to} discover={false} {...anchor} /> : <a href={to} {...anchor} />;
}

function DocumentActions({ document, detailPath, viewPath }: { document: DocumentListRow; detailPath: string | null; viewPath?: string }) {
  const detail = detailPath && `${detailPath}/${document.uuid}`;
  const view = detail ?? (viewPath ? `${viewPath}/${document.uuid}` : null);
  return (
    <span className="dt-actions">
      {view && (
        <RowLink to={view} inApp={detail !== null} className="text-blue-700">
          {a.view}
        </RowLink>
      )}
      {document.downloadUrl && (
        <DownloadLink document={document} className="text-emerald-700" publicPage={!detailPath}>
          {a.download}
        </DownloadLink>
      )}
      {detail && document.canEdit && (
        <AppLink to={`${detail}/update`} discover={false} className="text-amber-700">
          {a.edit}
        </AppLink>
      )}
      {detail && document.canDelete && (
        <a href={`${detail}?dialog=delete`} className="text-red-700">
          {a.delete}
        </a>
      )}
    </span>
  );
}
