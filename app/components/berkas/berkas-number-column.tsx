import { Link, href } from "react-router";
import type { Column } from "~/components/list";

/**
 * A list's berkas-number column: the number, linking to the berkas's page; the heading line of
 * a phone card. `idOf` reads the berkas's id from the row.
 */
export function berkasNumberColumn<Row extends { number: string }, Sort extends string = never>({
  header,
  width,
  idOf,
  sort,
  testId,
}: {
  header: string;
  width: string;
  idOf: (row: Row) => number;
  sort?: Sort;
  testId?: string;
}): Column<Row, Sort> {
  return {
    key: "number",
    header,
    sort,
    width,
    card: "title",
    cell: (row) => (
      <Link to={href("/app/berkas/:id", { id: String(idOf(row)) })} className="font-medium text-blue-700 hover:underline" data-testid={testId}>
        {row.number}
      </Link>
    ),
  };
}
