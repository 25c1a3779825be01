import { createRequire } from "node:module";
import type { Plugin } from "vite";

/** The CommonJS packages the app's browser code imports by name, and their facades' ids. */
const PACKAGES = ["react", "react/jsx-runtime"] as const;
const FACADE_PREFIX = "\0e-arsip/esm/";
const NODE_MODULES = /[\\/]node_modules[\\/]/;
/** React Router's default browser entry (the app has none of its own), which renders the app's root. */
const ROUTER_DEFAULT_ENTRY = /[\\/]@react-router[\\/]dev[\\/].*[\\/]entry\.client\.tsx$/;

/** A facade's source: each of the package's exports as an ESM binding of its own. */
function facadeSource(pkg: string): string {
  const exported = Object.keys(createRequire(import.meta.url)(pkg)).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== "default");
  return [`import * as cjs from "${pkg}";`, ...exported.map((name) => `export const ${name} = cjs.${name};`)].join("\n");
}

/**
 * React ships CommonJS only. Imported as such from the app's browser modules, every chunk opens
 * with the bundler's interop (`var r = __toESM(require_react(), 1), j = require_jsx_runtime()`,
 * an import from its runtime chunk) and calls through the object, `(0, j.jsx)(…)`, at each JSX
 * element. Through this facade the app's modules import `jsx`, `useState`… as plain ESM
 * bindings of the framework chunk, which exports only those the app uses (the rest are tree-shaken),
 * so a page calls `jsx(…)` directly: 0.01–0.31 kB (gzip) less on 53 of the 57 pages and more on
 * none (measured, see the decision log). React Router's default browser entry, which renders the
 * root, imports through it too.
 *
 * Browser build only: the server bundle and the dev server import React as they always did.
 * Modules in node_modules (React DOM, React Router) keep the CommonJS module itself; the facade
 * reads the same objects from it, so there is one React either way.
 */
export function reactEsmBindings(): Plugin {
  return {
    name: "e-arsip:react-esm-bindings",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId: {
      filter: { id: /^react(\/jsx-runtime)?$/ },
      handler(source, importer) {
        if (!importer || importer.startsWith(FACADE_PREFIX) || (NODE_MODULES.test(importer) && !ROUTER_DEFAULT_ENTRY.test(importer))) return null;
        return FACADE_PREFIX + source;
      },
    },
    load: {
      filter: { id: /^\0e-arsip\/esm\// },
      handler(id) {
        const pkg = PACKAGES.find((name) => id === FACADE_PREFIX + name);
        return pkg ? facadeSource(pkg) : null;
      },
    },
  };
}
