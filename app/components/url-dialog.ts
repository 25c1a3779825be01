import { useEffect } from "react";
import { useNavigate, useSearchParams, type NavigateOptions } from "react-router";
import { isDialogChange, OPENERS } from "~/lib/dialog-params";

/**
 * Dialogs addressed by the page URL (`?dialog=delete`, `?dialog=purge&uuid=…`, `?respond=…`):
 * without JavaScript the link loads the page again and the server renders the dialog open. With
 * JavaScript the dialog opens in the page at once: a link that only opens, closes or switches a
 * dialog of the same page is followed without asking the server again (its loaders are not
 * revalidated), because the page shows a dialog from its URL and the data it already holds.
 */

/**
 * How to navigate to `to` (a dialog's close target) from the current page: without
 * revalidation when it only closes the dialog, replacing the history entry either way.
 */
export function closeNavigation(to: string): NavigateOptions {
  const here = new URL(window.location.href);
  const dialogOnly = isDialogChange(here, new URL(to, here));
  return { replace: true, preventScrollReset: true, ...(dialogOnly ? { defaultShouldRevalidate: false } : {}) };
}

/**
 * Once per page (the app shell): a click on a link that only opens or closes a dialog of the
 * current page navigates in the page without a server round trip. Opening adds a history entry
 * (Back closes the dialog); closing replaces it. It listens in the capture phase, before React
 * Router's own `<Link>` handler, so plain `<a>` links (cheap table rows) and `<Link>`s alike
 * open their dialog at once; modified clicks (new tab) are left alone.
 */
export function useInstantDialogs(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      const here = new URL(window.location.href);
      const to = new URL(link.href);
      if (!isDialogChange(here, to)) return;
      event.preventDefault();
      const closing = !OPENERS.some((key) => to.searchParams.has(key));
      navigate(`${to.pathname}${to.search}${to.hash}`, { replace: closing, preventScrollReset: true, defaultShouldRevalidate: false });
    };
    window.addEventListener("click", onClick, true);
    return () => window.removeEventListener("click", onClick, true);
  }, [navigate]);
}

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
