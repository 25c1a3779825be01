import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Plugin } from "vite";

/**
 * The API reference's viewer (Swagger UI, `/api/docs`) as static assets: its bundle and style
 * sheet are copied from the `swagger-ui-dist` package into the client build under
 * `/api/docs/assets/` (no CDN: the page must work where only this site is reachable), and served
 * from the package by the dev server. They never enter the Worker's bundle.
 */
const ASSETS = {
  "api/docs/assets/swagger-ui-bundle.js": "swagger-ui-dist/swagger-ui-bundle.js",
  "api/docs/assets/swagger-ui.css": "swagger-ui-dist/swagger-ui.css",
} as const;

const require = createRequire(import.meta.url);
const sourceOf = (module: string) => readFileSync(require.resolve(module));

export function swaggerUiAssets(): Plugin {
  return {
    name: "earsip:swagger-ui-assets",
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? "").split("?")[0]!.replace(/^\//, "") as keyof typeof ASSETS;
        const module = ASSETS[path];
        if (!module) return next();
        response.setHeader("Content-Type", path.endsWith(".css") ? "text/css" : "text/javascript");
        response.end(sourceOf(module));
      });
    },
    generateBundle() {
      if (this.environment.name !== "client") return;
      for (const [fileName, module] of Object.entries(ASSETS)) this.emitFile({ type: "asset", fileName, source: sourceOf(module) });
    },
  };
}
