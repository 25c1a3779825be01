import { withParams } from "~/components/list";
import type { PageHref } from "~/components/list-card";
import { dialogRow, useDialogParams } from "~/components/url-dialog";

type DeleteFromList<Row> = {
  pageHref: PageHref;
  /** The URL parameter naming the row (`?dialog=delete&{param}=…`). */
  param: string;
  rows: readonly Row[];
  idOf: (row: Row) => string;
  /** The row the loader looked up for a URL naming a row of another page. */
  loaded: Row | null | undefined;
};

/**
 * A list page's delete confirmation, addressed by its URL (`?dialog=delete&{param}={id}` over the
 * list, so it opens without JavaScript): the link each row's Delete takes, and the row the open
 * dialog is about (the page renders its `DeleteDialog`, posting to `deleteHref(row)`).
 */
export function useDeleteFromList<Row>({ pageHref, param, rows, idOf, loaded }: DeleteFromList<Row>) {
  const params = useDialogParams();
  const deleteHref = (row: Row) => withParams(pageHref({}), { dialog: "delete", [param]: idOf(row) });
  const confirming = dialogRow(params.get("dialog") === "delete" ? params.get(param) : null, rows, idOf, loaded);
  return { deleteHref, confirming };
}
