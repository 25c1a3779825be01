import { useSearchParams } from "react-router";

/**
 * Dialogs addressed by the page URL (`?dialog=delete`, `?dialog=purge&uuid=…`, `?respond=…`):
 * without JavaScript the link loads the page again and the server renders the dialog open. With
 * JavaScript the dialog opens in the page at once: a link that only opens, closes or switches a
 * dialog of the same page is followed without asking the server again (its loaders are not
 * revalidated, see `useInPageLinks`), because the page shows a dialog from its URL and the data
 * it already holds.
 */

/** The page URL's query, where a page reads which dialog is open (on the server and in the browser alike). */
export function useDialogParams(): URLSearchParams {
  return useSearchParams()[0];
}

/**
 * The row a dialog is about: from the rows the page shows (the link was on one of them), else the
 * one the loader looked up for a URL opened directly (a row on another page, without JavaScript).
 */
export function dialogRow<Row>(id: string | null, rows: readonly Row[], idOf: (row: Row) => string, loaded: Row | null | undefined): Row | null {
  if (!id) return null;
  return rows.find((row) => idOf(row) === id) ?? (loaded && idOf(loaded) === id ? loaded : null);
}
