import { useEffect, type ComponentProps } from "react";
import { useNavigate } from "react-router";
import { isDialogChange, OPENERS } from "~/lib/dialog-params";

type AppLinkProps = Omit<ComponentProps<"a">, "href"> & {
  /** A path of this app (`href(...)`, or a query of the page itself), never relative to the route. */
  to: string;
  /**
   * `false` for the links of a list's rows: React Router learns their page's route when one is
   * clicked, instead of asking the server for the routes of every row's address (each a path of
   * its own: a uuid, an id) after each view of the list.
   */
  discover?: boolean;
};

/**
 * A link to a page of the app: a plain `<a>`, which the server writes without React Router's
 * `<Link>` hooks (path resolution, navigation and prefetch state for every link: about a
 * millisecond of CPU on a page with a navigation bar and a list), and which works as any link
 * without JavaScript. In the browser `useInPageLinks` follows it through the router, as `<Link>`
 * would. It carries `<Link>`'s `data-discover`: React Router then fetches the routes of the links
 * a page shows soon after it renders, as for its own links, so a click (or a dialog's form, which
 * names the page's path too) needs no route lookup first.
 */
export function AppLink({ to, discover = true, ...anchor }: AppLinkProps) {
  return <a href={to} {...(discover ? { "data-discover": "true" } : { "data-page": "" })} {...anchor} />;
}

/**
 * Once per page (the app shell), one listener for the links of the page, after their own
 * handlers (a Back link's, say); modified clicks (new tab or window) and other targets are left
 * to the browser.
 * - A link that only opens, closes or switches a dialog of the current page (any `<a>`)
 *   navigates in the page without asking the server again, and keeps the scroll position: the
 *   page shows a dialog from its URL (see url-dialog) and the data it already holds. Opening
 *   adds a history entry (Back closes the dialog); closing replaces it.
 * - An `AppLink`, discovered or not, navigates through the router, as a `<Link>` click does;
 *   going to the address already shown replaces the history entry, and so does leaving a dialog
 *   by one of its links (its close or cancel, the way on after a success): the dialog's address
 *   is not left behind in the history.
 */
export function useInPageLinks(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      // A click's target is an element; the anchor around it, if any, is an HTML one.
      const link = (event.target as Element).closest<HTMLAnchorElement>("a[href]");
      if (!link || (link.target && link.target !== "_self")) return;
      const here = new URL(window.location.href);
      const to = new URL(link.href);
      const dialog = isDialogChange(here, to);
      // A `<Link>`'s own click handler has already taken its click (defaultPrevented).
      if (!dialog && !link.matches("[data-discover],[data-page]")) return;
      event.preventDefault();
      navigate(
        `${to.pathname}${to.search}${to.hash}`,
        dialog
          ? { replace: !OPENERS.some((key) => to.searchParams.has(key)), preventScrollReset: true, defaultShouldRevalidate: false }
          : { replace: to.href === here.href || !!link.closest("dialog") },
      );
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
