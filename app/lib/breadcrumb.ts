/** Breadcrumb items from a path: hyphens become spaces and every word is capitalised. */
export function breadcrumbFromPath(pathname: string): { label: string; href: string }[] {
  const segments = pathname.split("/").filter(Boolean);
  return segments.map((segment, index) => ({
    label: decodeURIComponent(segment)
      .replace(/-/g, " ")
      .replace(/(^|\s)(\S)/g, (_, space: string, letter: string) => space + letter.toUpperCase()),
    href: "/" + segments.slice(0, index + 1).join("/"),
  }));
}
