import { useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { buttonClass, inputClass } from "~/components/buttons";
import { PAGE_SIZES } from "~/domain/list-page";
import { listText } from "~/i18n/list";
import { listHref, type ListParams } from "./list-href";

type ToolbarQuery = ListParams & { q: string; size: number; sort: string; dir: string };

/**
 * Search box, the list's filters, page size and 'Terapkan' above a list. Without JavaScript it
 * is a plain GET form (the loader drops empty parameters by a canonical redirect). With
 * JavaScript a changed select applies at once and the URL is built by `listHref`, so it never
 * carries empty or default parameters; the page goes back to 1 either way.
 *
 * On a phone the filters fold behind a 'Filter' toggle (a `<details>`: no JavaScript needed) that
 * counts the ones set, so the first result is not pushed a screen down; from the md breakpoint
 * they stand in the toolbar as before (app.css `.list-filters`).
 */
export function ListToolbar({
  action,
  query,
  defaults,
  searchPlaceholder,
  notice,
  sorts,
  defaultOrderLabel,
  filters,
  activeFilters = 0,
  children,
}: {
  /** The list's path. */
  action: string;
  /** The parsed list query (the current values). */
  query: ToolbarQuery;
  /** The schema's defaults (`listDefaults(schema)`). */
  defaults: ListParams;
  searchPlaceholder: string;
  /** A message about the query itself, e.g. an unknown filter value. */
  notice?: string | null;
  /** Filter controls, typically `FilterSelect`s: folded behind 'Filter' on a phone. */
  filters?: ReactNode;
  /** How many of `filters` are set (the toggle shows the count). */
  activeFilters?: number;
  /** Other fields of the form (hidden inputs that keep a tab). */
  children?: ReactNode;
  /**
   * The sortable columns (`sortOptions(columns)`). On a phone, where the table's headers are not
   * shown, they become a labelled sort select and a direction select; from md up the headers
   * sort, and these (hidden) selects only carry the current order along with a search.
   */
  sorts?: readonly { value: string; label: string }[];
  /**
   * A first sort choice that sends no `sort` (the list's default order), chosen while the order
   * is the default: a list whose default depends on the query (a search sorts by relevance) keeps
   * it when a new query is submitted without JavaScript.
   */
  defaultOrderLabel?: string;
}) {
  const navigate = useNavigate();
  const go = (form: HTMLFormElement, replace: boolean) => {
    const values = Object.fromEntries([...new FormData(form)].map(([key, value]) => [key, String(value)]));
    navigate(listHref(action, values, {}, defaults), { replace });
  };
  const customOrder = String(query.sort) !== String(defaults.sort) || String(query.dir) !== String(defaults.dir);
  // Outside the keyed form: the toggle stays open while its selects apply one after another.
  const [filtersOpen, setFiltersOpen] = useState(false);
  return (
    <form
      // A new URL (Back, a sort link) re-renders the controls with its values.
      key={listHref(action, query, {}, defaults)}
      method="get"
      action={action}
      role="search"
      className="flex flex-wrap items-end gap-3 border-b border-slate-200 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        go(event.currentTarget, false);
      }}
      onChange={(event) => {
        if (event.target instanceof HTMLSelectElement) go(event.currentTarget, true);
      }}
    >
      <label className="min-w-48 flex-1 text-sm">
        <span className="sr-only">{listText.searchLabel}</span>
        <input type="search" name="q" defaultValue={query.q} placeholder={searchPlaceholder} className={inputClass} />
      </label>
      {filters && (
        <details className="list-filters open:w-full" open={filtersOpen} onToggle={(event) => setFiltersOpen(event.currentTarget.open)} data-testid="list-filters">
          <summary className={`${buttonClass.secondary} cursor-pointer list-none`}>{listText.filters(activeFilters)}</summary>
          <div className="mt-3 flex flex-wrap items-end gap-3">{filters}</div>
        </details>
      )}
      {children}
      <label className="flex items-center gap-2 text-sm">
        {listText.pageSize}
        <PageSizeSelect value={query.size} className={`${inputClass} mt-0 w-20`} />
      </label>
      {sorts ? (
        <div className="flex w-full gap-3 md:hidden" data-testid="sort-controls">
          <label className="flex min-w-0 flex-[2] flex-col text-sm">
            {listText.sortBy}
            <select name="sort" defaultValue={defaultOrderLabel && !customOrder ? "" : query.sort} className={inputClass} data-testid="sort-select">
              {defaultOrderLabel && <option value="">{defaultOrderLabel}</option>}
              {sorts.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          <label className="flex min-w-0 flex-1 flex-col text-sm">
            {listText.sortDir}
            <select name="dir" defaultValue={query.dir} className={inputClass} data-testid="sort-dir">
              <option value="asc">{listText.ascending}</option>
              <option value="desc">{listText.descending}</option>
            </select>
          </label>
        </div>
      ) : (
        customOrder && (
          <>
            <input type="hidden" name="sort" value={query.sort} />
            <input type="hidden" name="dir" value={query.dir} />
          </>
        )
      )}
      <button type="submit" className={buttonClass.secondary}>
        {listText.apply}
      </button>
      {notice && (
        <p className="w-full rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" role="status" data-testid="list-notice">
          {notice}
        </p>
      )}
    </form>
  );
}

/** How many of the list query's `names` are set (a ListToolbar's `activeFilters`). */
export function activeFilterCount(query: ListParams, names: readonly string[]): number {
  return names.filter((name) => query[name] !== undefined && query[name] !== null && query[name] !== "").length;
}

/** A filter of a ListToolbar: the first option ("all") sends an empty value, which URLs drop. */
export function FilterSelect({
  name,
  label,
  value,
  options,
  allLabel,
  testId,
}: {
  name: string;
  label: string;
  value: string | number | null | undefined;
  options: readonly { value: string | number; label: string }[];
  allLabel: string;
  testId?: string;
}) {
  return (
    <label className="text-sm">
      <span className="sr-only">{label}</span>
      <select name={name} defaultValue={value ?? ""} className={inputClass} data-testid={testId}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The page-size choice of a list's filter form (SPEC page sizes), named `size`. */
export function PageSizeSelect({ value, className }: { value: number | string | undefined; className: string }) {
  return (
    <select name="size" defaultValue={value} className={className} data-testid="page-size">
      {PAGE_SIZES.map((size) => (
        <option key={size} value={size}>
          {size}
        </option>
      ))}
    </select>
  );
}
