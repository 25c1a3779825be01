import { buttonClass } from "~/components/buttons";
import { listText } from "~/i18n/list";
import type { PaginationProps } from "./page-links";
import { AppLink } from "~/components/app-link";

export { keysetPagination, offsetPagination, type PaginationProps } from "./page-links";

const countFormat = new Intl.NumberFormat("id-ID");
/** A count as the page's locale writes it (1.234.567). */
export const formatCount = (value: number) => countFormat.format(value);

/**
 * Previous/Next and the SPEC's 'Showing X of Y entries' with the page's range ('Showing 6–10 of
 * 17 entries': on page 2 a bare count would read as the total), with the hrefs the caller
 * computed (see page-links).
 */
export function Pagination({ shown, total, first = 1, previousHref, nextHref, position, summary, totalCapped }: PaginationProps) {
  return (
    <nav className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 p-4 text-sm" aria-label={listText.pagination}>
      <p className="text-slate-600" data-testid="showing">
        {summary ?? listText.showing(first, shown ? first + shown - 1 : 0, totalCapped ? listText.moreThan(formatCount(total)) : formatCount(total))}
      </p>
      <div className="flex items-center gap-2">
        <PageLink to={previousHref} label={listText.previous} rel="prev" />
        {position && <span className="px-2 text-slate-500">{position}</span>}
        <PageLink to={nextHref} label={listText.next} rel="next" />
      </div>
    </nav>
  );
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
    <AppLink to={to} rel={rel} className={`${buttonClass.secondary} min-h-11`}>
      {label}
    </AppLink>
  );
}
