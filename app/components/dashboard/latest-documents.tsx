import type { LatestDocument } from "~/domain/statistics";
import { formatDate } from "~/lib/format";
import { dashboard as dashboardText } from "~/i18n/dashboard";
import { AppLink } from "~/components/app-link";

const c = dashboardText.latestColumns;

/**
 * The access level as a badge, in the colours of the document list. Not imported from the
 * document table: that module brings the list's form schemas (zod) into this page's bundle.
 */
function AccessLevel({ level }: { level: LatestDocument["accessLevel"] }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${level === "PUBLIC" ? "bg-emerald-100 text-emerald-800" : "bg-slate-200 text-slate-700"}`}>
      {level}
    </span>
  );
}

/**
 * 'Dokumen Terbaru': the newest documents, read-only (no create option). `detailPath` links each
 * title to its detail page; without it titles are plain text. On the dashboard a title opens its
 * page through the router; on the public landing (`publicPage`) it is a plain link, as the public
 * catalogue's titles are: a visitor's document page comes whole from the edge cache, where a
 * router navigation would ask the Worker for its data.
 */
export function LatestDocuments({ documents, detailPath, publicPage = false }: { documents: LatestDocument[]; detailPath?: string; publicPage?: boolean }) {
  if (documents.length === 0) return <p className="text-sm text-slate-600">{dashboardText.latestEmpty}</p>;
  return (
    <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="w-full text-left text-sm" data-testid="latest-documents">
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-3">{c.title}</th>
            <th scope="col" className="hidden px-4 py-3 sm:table-cell">{c.accessLevel}</th>
            <th scope="col" className="hidden px-4 py-3 sm:table-cell">{c.createdAt}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {documents.map((document) => {
            const date = formatDate(document.createdAt, "DD MMMM YYYY");
            return (
              <tr key={document.uuid} data-testid="latest-document">
                <td className="break-words px-4 py-3 font-medium text-slate-900">
                  {detailPath && publicPage ? (
                    <a href={`${detailPath}/${document.uuid}`} className="text-blue-700 hover:underline" data-testid="latest-title">
                      {document.title}
                    </a>
                  ) : detailPath ? (
                    <AppLink to={`${detailPath}/${document.uuid}`} discover={false} className="text-blue-700 hover:underline" data-testid="latest-title">
                      {document.title}
                    </AppLink>
                  ) : (
                    <span data-testid="latest-title">{document.title}</span>
                  )}
                  {/* Phones: the other two columns (hidden there) move under the title. */}
                  <span className="mt-1 flex items-center gap-2 text-xs font-normal text-slate-700 sm:hidden">
                    <AccessLevel level={document.accessLevel} />
                    {date}
                  </span>
                </td>
                <td className="hidden px-4 py-3 sm:table-cell" data-testid="latest-access">
                  <AccessLevel level={document.accessLevel} />
                </td>
                <td className="hidden whitespace-nowrap px-4 py-3 text-slate-700 sm:table-cell" data-testid="latest-date">{date}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
