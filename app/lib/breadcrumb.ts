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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Breadcrumb items from a path: hyphens become spaces and every word is capitalised; /app is
 * 'Dashboard'; `labels` (from route handles) replace the label of the crumb with that href, and
 * the hrefs in `withoutPage` are marked `noPage`. A uuid no handle named (a record not found, a
 * page that failed) reads 'Detail', never the id itself.
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

/** The crumb labels every matched route's `handle.breadcrumb` gives for its loader data. */
export function crumbLabelsOf(matches: readonly RouteMatch[]): CrumbLabels {
  const labels: CrumbLabels = {};
  for (const match of matches) {
    const handle = match.handle as Partial<BreadcrumbHandle> | undefined;
    if (typeof handle?.breadcrumb === "function" && match.loaderData) Object.assign(labels, handle.breadcrumb(match.loaderData));
  }
  return labels;
}

/** The hrefs without a page that the matched routes' `handle.withoutPage` name. */
export function crumbsWithoutPageOf(matches: readonly RouteMatch[]): Set<string> {
  const hrefs = new Set<string>();
  for (const match of matches) {
    const handle = match.handle as Partial<BreadcrumbHandle> | undefined;
    if (typeof handle?.withoutPage === "function" && match.loaderData) for (const href of handle.withoutPage(match.loaderData)) hrefs.add(href);
  }
  return hrefs;
}
