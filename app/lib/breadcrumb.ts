import { t } from "~/i18n/id";

/** `noPage`: no page lives at `href` (a bare id under a list): the crumb is text, not a link. */
export type Crumb = { label: string; href: string; noPage?: true };

/** Labels a route gives its own crumbs (e.g. a document's title for its uuid), by href. */
export type CrumbLabels = Record<string, string>;

/**
 * Route `handle` of a page whose loader data names some crumbs (see `crumbLabelsOf`);
 * `withoutPage` lists the hrefs among its crumbs where no page lives (e.g. `/app/klasifikasi/7`
 * of `/app/klasifikasi/7/update`), so they are not links to a 'not found' page.
 */
export type BreadcrumbHandle<Data = unknown> = { breadcrumb: (data: Data) => CrumbLabels; withoutPage?: (data: Data) => string[] };

/** A path segment as text: percent-decoded when it is valid, raw otherwise ('/%ZZ' stays '%ZZ'). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A record's uuid, or a signed link's `uuid.signature` (a PPID confirmation): never shown as a crumb. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[\w-]+)?$/i;

/**
 * Breadcrumb items from a path: hyphens become spaces and every word is capitalised; /app is
 * 'Dashboard'; `labels` (from route handles) replace the label of the crumb with that href, and
 * the hrefs in `withoutPage` are marked `noPage`. A uuid no handle named (a record not found, a
 * page that failed, a signed link) reads 'Detail', never the id or the secret itself.
 */
export function breadcrumbFromPath(pathname: string, labels: CrumbLabels = {}, withoutPage: ReadonlySet<string> = new Set()): Crumb[] {
  const segments = pathname.split("/").filter(Boolean);
  return segments.map((segment, index) => {
    const href = "/" + segments.slice(0, index + 1).join("/");
    const label =
      labels[href] ??
      (href === "/app"
        ? t.ui.breadcrumbRoot
        : UUID.test(segment)
          ? t.ui.breadcrumbRecord
          : decodeSegment(segment)
            .replace(/-/g, " ")
            .replace(/(^|\s)(\S)/g, (_, space: string, letter: string) => space + letter.toUpperCase()));
    return withoutPage.has(href) ? { label, href, noPage: true as const } : { label, href };
  });
}

type RouteMatch = { handle: unknown; loaderData: unknown };

/** What the matched routes' handles say of their crumbs, for their loader data: labels, and hrefs without a page. */
export function crumbsOfRoutes(matches: readonly RouteMatch[]): { labels: CrumbLabels; withoutPage: Set<string> } {
  const labels: CrumbLabels = {};
  const withoutPage = new Set<string>();
  for (const { handle, loaderData } of matches) {
    const crumbs = handle as Partial<BreadcrumbHandle> | undefined;
    if (!loaderData) continue;
    if (typeof crumbs?.breadcrumb === "function") Object.assign(labels, crumbs.breadcrumb(loaderData));
    if (typeof crumbs?.withoutPage === "function") for (const href of crumbs.withoutPage(loaderData)) withoutPage.add(href);
  }
  return { labels, withoutPage };
}
