import { Link } from "react-router";
import { buttonClass } from "~/components/buttons";
import { t } from "~/i18n/id";
import type { ListPage, PageCursors } from "~/domain/list-page";

/**
 * Previous/Next and 'Showing X of Y entries'. The hrefs come from the caller, so offset pages
 * and keyset (cursor) pages use the same component; `position` (e.g. "2 / 5") is optional
 * because a cursor page does not know its number.
 */
export type PaginationProps = {
  shown: number;
  total: number;
  previousHref: string | null;
  nextHref: string | null;
  position?: string;
  /** Replaces 'Showing X of Y entries' (a keyset page has no total to show). */
  summary?: string;
};

export function Pagination({ shown, total, previousHref, nextHref, position, summary }: PaginationProps) {
  return (
    <nav className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 p-4 text-sm" aria-label={t.ui.list.pagination}>
      <p className="text-slate-600" data-testid="showing">
        {summary ?? t.ui.list.showing(shown, total)}
      </p>
      <div className="flex items-center gap-2">
        <PageLink to={previousHref} label={t.ui.list.previous} rel="prev" />
        {position && <span className="px-2 text-slate-500">{position}</span>}
        <PageLink to={nextHref} label={t.ui.list.next} rel="next" />
      </div>
    </nav>
  );
}

/** Pagination props of an offset page; `href` builds the link of another page number. */
export function offsetPagination(page: ListPage<unknown, unknown>, href: (page: number) => string): PaginationProps {
  return {
    shown: page.data.length,
    total: page.total,
    previousHref: page.page > 1 ? href(Math.min(page.page - 1, page.totalPages)) : null,
    nextHref: page.page < page.totalPages ? href(page.page + 1) : null,
    position: `${page.page} / ${page.totalPages}`,
  };
}

/**
 * Pagination props of a numbered page whose Previous/Next links seek by keyset: Next asks for the
 * rows after the last one shown, Previous for those before the first, so a deep page costs what
 * page 1 does. The page number stays in the URL for 'N / M'. Page 1 is its plain URL; a page
 * without rows falls back to page numbers.
 */
export function keysetPagination(
  page: ListPage<unknown, unknown>,
  cursors: PageCursors,
  href: (change: { page: number; after?: string; before?: string }) => string,
): PaginationProps {
  const numbered = offsetPagination(page, (number) => href({ page: number }));
  const seekBack = page.page > 2 && page.page <= page.totalPages && cursors.first;
  return {
    ...numbered,
    previousHref: seekBack ? href({ page: page.page - 1, before: seekBack }) : numbered.previousHref,
    nextHref: numbered.nextHref && cursors.last ? href({ page: page.page + 1, after: cursors.last }) : numbered.nextHref,
  };
}

function PageLink({ to, label, rel }: { to: string | null; label: string; rel: "prev" | "next" }) {
  if (!to) {
    return (
      <span className={`${buttonClass.secondary} min-h-11 cursor-not-allowed opacity-50`} aria-disabled="true">
        {label}
      </span>
    );
  }
  return (
    <Link to={to} rel={rel} className={`${buttonClass.secondary} min-h-11`}>
      {label}
    </Link>
  );
}
