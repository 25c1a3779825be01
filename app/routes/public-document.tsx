import { href } from "react-router";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { goneHandler } from "~/components/documents/tombstone";
import { DetailTable } from "~/components/detail-table";
import type { Route } from "./+types/public-document";
import { buttonClass } from "~/components/buttons";
import { AccessBadge, KeywordChips } from "~/components/documents/badges";
import { FileRow } from "~/components/documents/file-row";
import { formatDate, formatKb, keywordList } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import type { BreadcrumbHandle } from "~/lib/breadcrumb";
import { getAppContext, orRouteError } from "~/routes/helpers/route-errors.server";
import { publicOriginOf } from "~/server/http/public-origin.server";
import { getPublicDocument } from "~/server/documents/service.server";
import { t } from "~/i18n/id";
import { documents as documentsText } from "~/i18n/documents";
import { documentDetailText } from "~/i18n/document-detail";

const DESCRIPTION_LENGTH = 160;

/**
 * Search-engine metadata of a public document: description, Open Graph, and the Highwire Press
 * `citation_*` tags Google Scholar reads. URLs are absolute (from the request's origin).
 */
export const meta = ({ loaderData }: Route.MetaArgs) => {
  if (!loaderData) return pageMeta({ title: t.ui.errors.notFoundTitle });
  const { document, origin } = loaderData;
  const description =
    document.description.length > DESCRIPTION_LENGTH ? `${document.description.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…` : document.description;
  const pageUrl = `${origin}/documents/${document.uuid}`;
  return [
    ...pageMeta({ title: document.title, description, indexable: true }),
    { tagName: "link", rel: "canonical", href: pageUrl },
    { property: "og:description", content: description },
    { property: "og:type", content: "article" },
    { property: "og:url", content: pageUrl },
    { name: "citation_title", content: document.title },
    { name: "citation_publication_date", content: String(document.year) },
    { name: "citation_publisher", content: t.appName },
    { name: "citation_technical_report_number", content: document.documentNumber },
    ...(keywordList(document.keywords).length ? [{ name: "citation_keywords", content: keywordList(document.keywords).join("; ") }] : []),
    ...(document.mimeType === "application/pdf" && document.downloadUrl ? [{ name: "citation_pdf_url", content: `${origin}${document.downloadUrl}` }] : []),
  ];
};

/** The crumb of /documents/{uuid} shows the title, as on the /app pages. */
export const handle: BreadcrumbHandle<{ document?: { uuid: string; title: string } }> = {
  breadcrumb: (data) => (data.document ? { [href("/documents/:uuid", { uuid: data.document.uuid })]: data.document.title } : {}),
};

/** A PUBLIC document's page for everyone (edge-cached for visitors); any other uuid is a 404. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const document = await orRouteError(() => getPublicDocument(getAppContext(context), params.uuid));
  // Canonical and citation URLs name the configured public origin (the page is edge-cached).
  return { document, origin: publicOriginOf(getAppContext(context), request).origin };
}

export default function PublicDocument({ loaderData }: Route.ComponentProps) {
  const { document } = loaderData;
  const c = documentsText.columns;
  const rows: [string, React.ReactNode][] = [
    [c.documentNumber, document.documentNumber || t.notSet],
    [c.year, document.year || t.notSet],
    [c.category, document.category.categoryName],
    [c.keywords, <KeywordChips keywords={document.keywords} />],
    [c.accessLevel, <AccessBadge level={document.accessLevel} />],
    [c.mimeType, document.mimeType || t.notSet],
    [c.size, document.fileSizeKb === null ? documentsText.physicalShort : formatKb(document.fileSizeKb)],
    [c.createdAt, formatDate(document.createdAt, "DD MMMM YYYY HH:mm")],
    [c.uploader, document.uploader || t.notSet],
  ];
  return (
    <article className="mx-auto max-w-4xl">
      <a href={href("/documents")} className={`${buttonClass.secondary} mb-4`}>
        ← {documentDetailText.publicDocument.backToList}
      </a>
      <h1 className="mb-4 text-2xl font-semibold text-slate-900">{document.title}</h1>
      <p className="mb-6 whitespace-pre-line text-slate-700" data-testid="public-description">
        {document.description}
      </p>
      <section aria-labelledby="document-metadata" className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <h2 id="document-metadata" className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900">
          {documentDetailText.publicDocument.metadata}
        </h2>
        <DetailTable items={rows} testId="public-document-metadata">
          {/* The SPEC's file row, as on the /app page: a PUBLIC document's file is everyone's. */}
          <FileRow document={document} publicPage />
        </DetailTable>
      </section>
    </article>
  );
}

const backToPublicList = { to: href("/documents"), label: documentDetailText.publicDocument.backToList };

/** A destroyed or purged record's old public address: its tombstone (410), else the usual answers. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 410: goneHandler(backToPublicList) }} />;
}
