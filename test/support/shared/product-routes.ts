import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { RouteObject } from "react-router";
import routeConfig from "../../../app/routes.ts";

/** The product's routes (`app/routes.ts`) as the route objects React Router's matchers take. */
export function productRoutes(): RouteObject[] {
  const routesOf = (entries: RouteConfigEntry[]): RouteObject[] =>
    entries.map((entry) => ({
      id: entry.id ?? entry.file,
      path: entry.path,
      index: entry.index,
      caseSensitive: entry.caseSensitive,
      children: entry.children ? routesOf(entry.children) : undefined,
    })) as RouteObject[];
  return [{ id: "root", path: "", children: routesOf(routeConfig) }] as RouteObject[];
}

/**
 * URL patterns of every page route of the config (`/app/documents/:uuid`; layouts contribute
 * their path only). With `layout`, only the routes inside that layout module, nested layouts
 * included.
 */
export function pagePatterns(entries: readonly RouteConfigEntry[] = routeConfig, layout?: string, parentPath = "", inside = layout === undefined): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parentPath}/${entry.path}`.replace(/\/+/g, "/") : parentPath;
    const own = inside && (entry.path || entry.index) ? [path || "/"] : [];
    return [...own, ...pagePatterns(entry.children ?? [], layout, path, inside || entry.file === layout)];
  });
}
