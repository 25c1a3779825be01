import type { Plugin } from "vite";

/** The module Vite's build wraps every client-side dynamic `import()` with (`__vitePreload`). */
const HELPER_ID = "\0vite/preload-helper.js";

/**
 * What the product needs of the helper: before a lazy chunk loads, ask for the chunks it imports
 * at once (`<link rel="modulepreload">`, each once, none the page already has), so they arrive
 * side by side instead of one after another. Vite's own helper also preloads CSS, reads a CSP
 * nonce from a `<meta property="csp-nonce">` and reports failures as a `vite:preloadError`
 * event; the app's lazy chunks import no CSS, the page has no such meta (its script policy names
 * 'self'), and nothing listens for the event (a failed import rejects as it would anyway).
 * Those parts made the helper 0.83 kB gzip on each of the 14 pages with a lazy part; this one is
 * 0.2 kB, which makes a lazy dialog or panel pay for itself sooner. The app is served from the
 * root (Vite's default base, "/"), which is where the dependencies' paths are resolved.
 */
const SMALL_HELPER = `const asked = new Set();
export const __vitePreload = (load, deps) => {
  for (const dep of deps ?? []) {
    const href = "/" + dep;
    if (asked.has(href)) continue;
    asked.add(href);
    if (document.querySelector('link[href="' + href + '"]')) continue;
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.appendChild(link);
  }
  return load();
};`;

/**
 * Each lazy import carries the list of chunks its code needs (Vite's `__vite__mapDeps`), hashed
 * file names that gzip poorly. Vite lists them all, the framework chunk and the importing chunk's
 * own imports included, though those are loaded before the importing chunk runs (the helper then
 * skips them). The list keeps only the chunks the importer has not loaded, read from the bundle's
 * graph: the same requests, fewer bytes on every page with a lazy part.
 */
function withoutLoaded(staticImports: ReadonlyMap<string, readonly string[]>) {
  return (_file: string, deps: string[], { hostId, hostType }: { hostId: string; hostType: "html" | "js" }) => {
    if (hostType !== "js") return deps;
    const loaded = new Set<string>();
    const visit = (file: string) => {
      if (loaded.has(file)) return;
      loaded.add(file);
      for (const imported of staticImports.get(file) ?? []) visit(imported);
    };
    visit(hostId);
    return deps.filter((dep) => !loaded.has(dep));
  };
}

/** Gives the browser build the small helper above in place of Vite's (`test/build/client-js.test.ts` checks it took). */
export function smallPreloadHelper(): Plugin {
  // Every chunk's static imports, read before Vite's import analysis writes the lazy imports' lists.
  const staticImports = new Map<string, readonly string[]>();
  return {
    name: "e-arsip:small-preload-helper",
    // Before Vite's own import analysis, which would otherwise load its helper.
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    load: { filter: { id: /^\0vite\/preload-helper\.js$/ }, handler: (id) => (id === HELPER_ID ? SMALL_HELPER : null) },
    configEnvironment: (name) => (name === "client" ? { build: { modulePreload: { resolveDependencies: withoutLoaded(staticImports) } } } : undefined),
    generateBundle(_options, bundle) {
      staticImports.clear();
      for (const output of Object.values(bundle)) if (output.type === "chunk") staticImports.set(output.fileName, output.imports);
    },
  };
}
