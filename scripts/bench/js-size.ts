/**
 * Gzipped JavaScript a page makes the browser load: React Router's client manifest
 * (`build/client/assets/manifest-*.js`, what the server turns into the page's
 * `<link rel="modulepreload">`s: entry + the matched routes' modules and their static imports)
 * resolved for a URL path. The Vite manifest
 * (`build/client/.vite/manifest.json`) is not kept by `react-router build` unless the app's Vite
 * config asks for it; React Router's manifest is the one the pages are built from.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { matchRoutes, type RouteObject } from "react-router";

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; module: string; imports?: string[]; hasDefaultExport?: boolean };
type ClientManifest = { entry: { module: string; imports?: string[] }; routes: Record<string, ManifestRoute>; url?: string };

export function readClientManifest(clientDir: string): { manifest: ClientManifest; file: string } {
  const file = readdirSync(join(clientDir, "assets")).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no React Router manifest in ${clientDir}/assets`);
  const text = readFileSync(join(clientDir, "assets", file), "utf8");
  const json = text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1);
  return { manifest: JSON.parse(json) as ClientManifest, file: `/assets/${file}` };
}

/** The JS files a page at `pathname` preloads: entry and each matched route's module + imports. */
export function pageChunks(clientDir: string, pathname: string): { routes: string[]; files: string[] } {
  const { manifest } = readClientManifest(clientDir);
  const build = (parentId: string | undefined): RouteObject[] =>
    Object.values(manifest.routes)
      .filter((route) => route.parentId === parentId)
      .map((route) => (route.index ? { id: route.id, index: true as const, path: route.path } : { id: route.id, path: route.path, children: build(route.id) }));
  const matches = matchRoutes(build(undefined), pathname) ?? [];
  // The manifest file itself is not loaded: with lazy route discovery (React Router's default)
  // the page inlines the part of the manifest it needs.
  const routes = matches.map((match) => match.route.id!);
  return { routes, files: chainFiles(manifest, routes) };
}

/** The files of a chain of routes (root first): entry, each route's module and its static imports. */
function chainFiles(manifest: ClientManifest, routeIds: string[]): string[] {
  const files = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (const id of routeIds) {
    const route = manifest.routes[id]!;
    files.add(route.module);
    for (const imported of route.imports ?? []) files.add(imported);
  }
  return [...files];
}

/**
 * Every page of the app: each route that renders (a default export) and has no child routes,
 * with the JS it preloads (as `pageChunks`, found from the route table instead of a URL).
 */
export function everyPage(clientDir: string): { routes: string[]; files: string[] }[] {
  const { manifest } = readClientManifest(clientDir);
  const routes = Object.values(manifest.routes);
  const parents = new Set(routes.map((route) => route.parentId));
  return routes
    .filter((route) => route.hasDefaultExport !== false && !parents.has(route.id))
    .map((route) => {
      const chain: string[] = [];
      for (let at: ManifestRoute | undefined = route; at; at = at.parentId ? manifest.routes[at.parentId] : undefined) chain.unshift(at.id);
      return { routes: chain, files: chainFiles(manifest, chain) };
    });
}

/** Gzip (level 9) of each file, summed. */
export function gzippedBytes(clientDir: string, files: string[]): number {
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length, 0);
}

/** The `modulepreload` hrefs and module scripts of a rendered page, to check the resolver. */
export function preloadsInHtml(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) found.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g)) found.add(match[1]!);
  for (const match of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"(\/assets\/[^"]+\.js)"/g)) found.add(match[1]!);
  return [...found];
}
