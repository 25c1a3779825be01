import type { Column } from "~/components/list";

/**
 * The first column of a list whose rows are picked for one form post (a proposal, a disposal
 * list): a checkbox named `name` per row, labelled for a screen reader; plain on a phone's card.
 */
export function selectColumn<Row>({
  header,
  name,
  value,
  label,
  testId,
}: {
  header: string;
  name: string;
  value: (row: Row) => string | number;
  label: (row: Row) => string;
  testId: string;
}): Column<Row> {
  return {
    key: "select",
    header,
    width: "3rem",
    card: "plain",
    cell: (row) => <input type="checkbox" name={name} value={value(row)} aria-label={label(row)} className="h-5 w-5" data-testid={testId} />,
  };
}
