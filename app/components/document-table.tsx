import { Form, Link, useSubmit } from "react-router";
import { PAGE_SIZES, type DocumentListQuery, type DocumentSort } from "~/domain/document-schemas";
import { formatDate, formatKb, keywordList } from "~/lib/format";
import { t } from "~/i18n/id";
import type { Category, DocumentPage, DocumentView } from "~/server/services/documents.server";
import { buttonClass, inputClass } from "./buttons";
import { DownloadLink } from "./download-link";

const c = t.documents.columns;

/** Query string for the list with some parameters changed (defaults left out). */
export function listHref(basePath: string, query: DocumentListQuery, change: Partial<DocumentListQuery>): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.category) params.set("category", String(next.category));
  if (next.sort !== "createdAt" || next.dir !== "desc") {
    params.set("sort", next.sort);
    params.set("dir", next.dir);
  }
  if (next.size !== 10) params.set("size", String(next.size));
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return search ? `${basePath}?${search}` : basePath;
}

/**
 * The catalogue table of SPEC section 2 (Document list + Shared table behaviour). Search,
 * filter, sort and paging are query parameters answered by the server; with JavaScript the
 * selects submit on change.
 */
export function DocumentTable({
  page,
  categories,
  basePath,
  mode,
}: {
  page: DocumentPage;
  categories: Category[];
  basePath: string;
  mode: "app" | "public";
}) {
  const submit = useSubmit();
  const { query } = page;
  const offset = (page.page - 1) * page.size;
  const autoSubmit = (event: React.ChangeEvent<HTMLSelectElement>) => submit(event.currentTarget.form, { replace: true });

  return (
    <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <Form method="get" action={basePath} className="flex flex-wrap items-end gap-3 border-b border-slate-200 p-4" role="search">
        <label className="min-w-48 flex-1 text-sm">
          <span className="sr-only">{t.documents.searchLabel}</span>
          <input type="search" name="q" defaultValue={query.q} placeholder={t.documents.search} className={inputClass} />
        </label>
        <label className="text-sm">
          <span className="sr-only">{t.documents.columns.category}</span>
          <select name="category" defaultValue={query.category ?? ""} onChange={autoSubmit} className={inputClass} data-testid="category-filter">
            <option value="">{t.documents.allCategories}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.categoryName}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm">
          {t.documents.pageSize}
          <select name="size" defaultValue={query.size} onChange={autoSubmit} className={`${inputClass} mt-0 w-20`} data-testid="page-size">
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        {query.sort !== "createdAt" || query.dir !== "desc" ? (
          <>
            <input type="hidden" name="sort" value={query.sort} />
            <input type="hidden" name="dir" value={query.dir} />
          </>
        ) : null}
        <button type="submit" className={buttonClass.secondary}>
          {t.documents.apply}
        </button>
      </Form>

      <div className="overflow-x-auto">
        <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="documents-table">
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              <th className="px-3 py-3">{c.no}</th>
              <SortHeader label={c.title} sort="title" query={query} basePath={basePath} />
              <th className="px-3 py-3">{c.category}</th>
              <th className="px-3 py-3">{c.keywords}</th>
              <th className="px-3 py-3">{c.description}</th>
              <th className="px-3 py-3">{c.accessLevel}</th>
              <SortHeader label={c.documentNumber} sort="documentNumber" query={query} basePath={basePath} />
              <SortHeader label={c.year} sort="year" query={query} basePath={basePath} />
              <th className="px-3 py-3">{c.uploader}</th>
              <SortHeader label={c.createdAt} sort="createdAt" query={query} basePath={basePath} />
              <SortHeader label={c.size} sort="fileSize" query={query} basePath={basePath} />
              <th className="px-3 py-3">{c.actions}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {page.data.length === 0 ? (
              <tr>
                <td colSpan={12} className="px-3 py-10 text-center text-slate-500" data-testid="empty">
                  {t.documents.empty}
                </td>
              </tr>
            ) : (
              page.data.map((document, index) => (
                <tr key={document.uuid} className="align-top hover:bg-slate-50" data-testid="document-row">
                  <td className="px-3 py-3 text-slate-500">{offset + index + 1}</td>
                  <td className="max-w-64 px-3 py-3 font-medium text-slate-900">{document.title}</td>
                  <td className="px-3 py-3">{document.category.categoryName}</td>
                  <td className="max-w-56 px-3 py-3">
                    <KeywordChips keywords={document.keywords} />
                  </td>
                  <td className="max-w-72 px-3 py-3 text-slate-600">
                    <span className="line-clamp-2">{document.description || t.notSet}</span>
                  </td>
                  <td className="px-3 py-3">
                    <AccessBadge level={document.accessLevel} />
                  </td>
                  <td className="whitespace-nowrap px-3 py-3">{document.documentNumber}</td>
                  <td className="px-3 py-3">{document.year}</td>
                  <td className="whitespace-nowrap px-3 py-3">{document.uploader}</td>
                  <td className="whitespace-nowrap px-3 py-3">{formatDate(document.createdAt, "DD MMMM YYYY HH:mm:ss")}</td>
                  <td className="px-3 py-3 text-right">{formatKb(document.fileSizeKb)}</td>
                  <td className="whitespace-nowrap px-3 py-3">
                    <RowActions document={document} basePath={basePath} mode={mode} />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      <nav className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 p-4 text-sm" aria-label="Pagination">
        <p className="text-slate-600" data-testid="showing">
          {t.documents.showing(page.data.length, page.total)}
        </p>
        <div className="flex gap-2">
          <PageLink to={page.page > 1 ? listHref(basePath, query, { page: page.page - 1 }) : null} label={t.documents.previous} />
          <span className="px-2 py-2 text-slate-500">
            {page.page} / {page.totalPages}
          </span>
          <PageLink to={page.page < page.totalPages ? listHref(basePath, query, { page: page.page + 1 }) : null} label={t.documents.next} />
        </div>
      </nav>
    </div>
  );
}

function SortHeader({ label, sort, query, basePath }: { label: string; sort: DocumentSort; query: DocumentListQuery; basePath: string }) {
  const active = query.sort === sort;
  const nextDir = active && query.dir === "desc" ? "asc" : active ? "desc" : sort === "createdAt" ? "desc" : "asc";
  return (
    <th className="px-3 py-3" aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : "none"}>
      <Link to={listHref(basePath, query, { sort, dir: nextDir, page: 1 })} className="inline-flex items-center gap-1 hover:text-blue-700" data-sort={sort}>
        {label}
        <span aria-hidden="true">{active ? (query.dir === "asc" ? "▲" : "▼") : "↕"}</span>
      </Link>
    </th>
  );
}

function PageLink({ to, label }: { to: string | null; label: string }) {
  if (!to) {
    return (
      <span className={`${buttonClass.secondary} cursor-not-allowed opacity-50`} aria-disabled="true">
        {label}
      </span>
    );
  }
  return (
    <Link to={to} className={buttonClass.secondary}>
      {label}
    </Link>
  );
}

function RowActions({ document, basePath, mode }: { document: DocumentView; basePath: string; mode: "app" | "public" }) {
  return (
    <div className="flex items-center gap-1">
      {mode === "app" && (
        <Link to={`${basePath}/${document.uuid}`} className={`${buttonClass.small} text-blue-700`}>
          {t.documents.actions.view}
        </Link>
      )}
      {document.downloadUrl && (
        <DownloadLink document={document} className={`${buttonClass.small} text-emerald-700`} publicPage={mode === "public"}>
          {t.documents.actions.download}
        </DownloadLink>
      )}
      {mode === "app" && document.canEdit && (
        <Link to={`${basePath}/${document.uuid}/update`} className={`${buttonClass.small} text-amber-700`}>
          {t.documents.actions.edit}
        </Link>
      )}
      {mode === "app" && document.canDelete && (
        <Link to={`${basePath}/${document.uuid}?dialog=delete`} className={`${buttonClass.small} text-red-700`}>
          {t.documents.actions.delete}
        </Link>
      )}
    </div>
  );
}

export function KeywordChips({ keywords }: { keywords: string }) {
  const words = keywordList(keywords);
  if (words.length === 0) return <span className="text-slate-400">{t.notSet}</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {words.map((word, index) => (
        <span key={`${word}-${index}`} className="rounded-full bg-blue-50 px-2 py-0.5 text-xs text-blue-800 ring-1 ring-blue-200">
          {word}
        </span>
      ))}
    </span>
  );
}

export function AccessBadge({ level }: { level: "PRIVATE" | "PUBLIC" }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${level === "PUBLIC" ? "bg-emerald-100 text-emerald-800" : "bg-slate-200 text-slate-700"}`}
    >
      {level}
    </span>
  );
}

