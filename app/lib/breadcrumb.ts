import { t } from "~/i18n/id";

export type Crumb = { label: string; href: string };

/** Labels a route gives its own crumbs (e.g. a document's title for its uuid), by href. */
export type CrumbLabels = Record<string, string>;

/** Route `handle` of a page whose loader data names some crumbs (see `crumbLabelsOf`). */
export type BreadcrumbHandle<Data = unknown> = { breadcrumb: (data: Data) => CrumbLabels };

/** A path segment as text: percent-decoded when it is valid, raw otherwise ('/%ZZ' stays '%ZZ'). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Breadcrumb items from a path: hyphens become spaces and every word is capitalised; /app is
 * 'Dashboard'; `labels` (from route handles) replace the label of the crumb with that href.
 */
export function breadcrumbFromPath(pathname: string, labels: CrumbLabels = {}): Crumb[] {
  const segments = pathname.split("/").filter(Boolean);
  return segments.map((segment, index) => {
    const href = "/" + segments.slice(0, index + 1).join("/");
    const label =
      labels[href] ??
      (href === "/app"
        ? t.ui.breadcrumbRoot
        : decodeSegment(segment)
            .replace(/-/g, " ")
            .replace(/(^|\s)(\S)/g, (_, space: string, letter: string) => space + letter.toUpperCase()));
    return { label, href };
  });
}

/** The crumb labels every matched route's `handle.breadcrumb` gives for its loader data. */
export function crumbLabelsOf(matches: readonly { handle: unknown; loaderData: unknown }[]): CrumbLabels {
  const labels: CrumbLabels = {};
  for (const match of matches) {
    const handle = match.handle as Partial<BreadcrumbHandle> | undefined;
    if (typeof handle?.breadcrumb === "function" && match.loaderData) Object.assign(labels, handle.breadcrumb(match.loaderData));
  }
  return labels;
}
