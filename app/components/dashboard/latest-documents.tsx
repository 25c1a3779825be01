import { Link } from "react-router";
import { AccessBadge } from "~/components/document-table";
import type { LatestDocument } from "~/domain/statistics";
import { formatDate } from "~/lib/format";
import { t } from "~/i18n/id";

const c = t.dashboard.latestColumns;

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
                <AccessBadge level={document.accessLevel} />
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatDate(document.createdAt, "DD MMMM YYYY")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
