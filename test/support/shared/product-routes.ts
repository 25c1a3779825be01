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

/** Every route's full path as written (`/app/documents/:uuid`). */
export function productPaths(entries: RouteConfigEntry[] = routeConfig, parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`;
    return [...(entry.path !== undefined || entry.index ? [path || "/"] : []), ...productPaths(entry.children ?? [], path)];
  });
}
