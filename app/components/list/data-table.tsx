import { Fragment, type ReactNode } from "react";
import type { SortDir } from "~/domain/list-page";
import { EmptyState } from "./empty-state";
import { SortHeader, type SortState } from "./sort-header";

/**
 * One column of a DataTable.
 * - `header`: the column title (also the fact's label on a phone card).
 * - `cell`: renders the cell's content; keep it small (few elements, short class names).
 * - `sort`: the list-query sort key this column sorts by (the header becomes a sort link).
 * - `hideBelow`: hide the column in the table view on screens narrower than `lg` (1024 px),
 *   `xl` (1280 px), `laptop` (1360 px: shown on a 1366 px laptop, not at 1280) or `2xl`
 *   (1536 px) (an optional column for wide screens)
 *   (the phone card still shows it unless `card` is "hidden").
 * - `width`: the column's share of the table (e.g. "12%"); the table never scrolls sideways.
 * - `card`: the cell's part in the phone card: "title" (heading line), "fact" (labelled with
 *   the header, the default), "plain" (no label: badges, clamped text), "actions" (the row's
 *   buttons, last and 44 px tall), "hidden" (not on the card).
 * - `align`: "end" right-aligns numbers in the table view.
 */
export type Column<Row, Sort extends string = string> = {
  key: string;
  header: string;
  cell: (row: Row, index: number) => ReactNode;
  sort?: Sort;
  hideBelow?: "lg" | "xl" | "laptop" | "2xl";
  width?: string;
  card?: "title" | "fact" | "plain" | "actions" | "hidden";
  align?: "end";
};

export type DataTableProps<Row, Sort extends string> = {
  columns: readonly Column<Row, Sort>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Needed when a column has `sort`: the current order and the href of another order. */
  sorting?: SortState<Sort>;
  /** Shown in place of the rows when there are none (default: the generic empty message). */
  empty?: ReactNode;
  /**
   * A line under a row across the table's width (a search snippet), or nothing. Wide screens
   * only: a phone card has the room in its own cells, so put it there too (see `cardOnly`).
   */
  rowDetail?: (row: Row) => ReactNode;
  /** Accessible name of the table. */
  label?: string;
  testId?: string;
  rowTestId?: string;
};

/** Class names per column, worked out once per render rather than once per cell. */
function cellClass(column: Column<unknown, string>): string | undefined {
  const names = [
    column.hideBelow && `hb-${column.hideBelow}`,
    column.align === "end" && "end",
    column.card === "hidden" && "card-hide",
    column.card === "title" && "card-title",
    column.card === "actions" && "card-actions",
  ].filter(Boolean);
  return names.length ? names.join(" ") : undefined;
}

/**
 * A server-rendered list table: sortable headers, a fixed layout that fits its container, and
 * cards below the md breakpoint (pure CSS on the same markup, so a row renders once).
 * Styles live in app.css under `.dt`.
 */
export function DataTable<Row, Sort extends string = string>({
  columns,
  rows,
  rowKey,
  sorting,
  empty,
  label,
  testId,
  rowTestId,
  rowDetail,
}: DataTableProps<Row, Sort>) {
  const cells = columns.map((column) => ({
    column,
    className: cellClass(column as Column<unknown, string>),
    label: (column.card ?? "fact") === "fact" ? column.header : undefined,
  }));
  // The detail line spans the columns every screen shows; each optional column gets an empty
  // cell that hides with it, so the row always has as many cells as the header shows.
  const spanned = columns.filter((column) => !column.hideBelow).length;
  const optional = columns.filter((column) => column.hideBelow);
  return (
    <>
      <table className="dt" aria-label={label} data-testid={testId}>
        <thead>
          <tr>
            {cells.map(({ column, className }) =>
              column.sort && sorting ? (
                <SortHeader key={column.key} label={column.header} sort={column.sort} sorting={sorting} className={className} width={column.width} />
              ) : (
                <th key={column.key} scope="col" className={className} style={column.width ? { width: column.width } : undefined}>
                  {column.header}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const detail = rowDetail?.(row);
            return (
              <Fragment key={rowKey(row)}>
                <tr data-testid={rowTestId}>
                  {cells.map(({ column, className, label: cardLabel }) => (
                    <td key={column.key} className={className} data-label={cardLabel}>
                      {column.cell(row, index)}
                    </td>
                  ))}
                </tr>
                {detail && (
                  <tr className="dt-detail">
                    <td colSpan={spanned}>{detail}</td>
                    {optional.map((column) => (
                      <td key={column.key} className={`hb-${column.hideBelow}`} />
                    ))}
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
      {/* Under the table, not in a row: a cell spanning every column (hidden ones included) would
          add columns the header does not have and squeeze its labels together. */}
      {rows.length === 0 && (empty ?? <EmptyState />)}
    </>
  );
}

export type { SortDir };

/** The sortable columns as options of the phone's sort select (see ListToolbar `sorts`). */
export function sortOptions<Row, Sort extends string>(columns: readonly Column<Row, Sort>[]): { value: Sort; label: string }[] {
  return columns.flatMap((column) => (column.sort ? [{ value: column.sort, label: column.header }] : []));
}
