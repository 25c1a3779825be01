import { Link } from "react-router";
import type { LatestDocument } from "~/domain/statistics";
import { formatDate } from "~/lib/format";
import { t } from "~/i18n/id";

const c = t.dashboard.latestColumns;

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
 * title to its detail page; without it (the public landing, which has no detail page) titles
 * are plain text.
 */
export function LatestDocuments({ documents, detailPath }: { documents: LatestDocument[]; detailPath?: string }) {
  if (documents.length === 0) return <p className="text-sm text-slate-600">{t.dashboard.latestEmpty}</p>;
  return (
    <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="w-full text-left text-sm" data-testid="latest-documents">
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-3">{c.title}</th>
            <th scope="col" className="px-4 py-3">{c.accessLevel}</th>
            <th scope="col" className="px-4 py-3">{c.createdAt}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {documents.map((document) => (
            <tr key={document.uuid} data-testid="latest-document">
              <td className="break-words px-4 py-3 font-medium text-slate-900">
                {detailPath ? (
                  <Link to={`${detailPath}/${document.uuid}`} className="text-blue-700 hover:underline">
                    {document.title}
                  </Link>
                ) : (
                  document.title
                )}
              </td>
              <td className="px-4 py-3">
                <AccessLevel level={document.accessLevel} />
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatDate(document.createdAt, "DD MMMM YYYY")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
