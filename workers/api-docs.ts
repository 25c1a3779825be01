import { Hono } from "hono";
import type { HonoEnv } from "./hono-env";

/**
 * `/api/docs`: a readable reference of `/api/v1` (Swagger UI over `/api/v1/openapi.json`). The
 * viewer's files are static assets copied from `swagger-ui-dist` at build time
 * (vite-plugins/swagger-ui-assets.ts); this page is served by the Worker so it gets the security
 * headers. It has no inline script, so its policy allows scripts from 'self' only (no nonce: the
 * page is the same for everyone and may be cached).
 */
export const API_DOCS_ASSETS = "/api/docs/assets";

export const apiDocs = new Hono<HonoEnv>().get("/", (c) => {
  c.set("scriptSources", "'self'");
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>E-Arsip API</title>
<link rel="stylesheet" href="${API_DOCS_ASSETS}/swagger-ui.css">
<link rel="icon" href="/favicon.ico">
</head>
<body>
<main id="swagger-ui"></main>
<script src="${API_DOCS_ASSETS}/swagger-ui-bundle.js"></script>
<script src="${API_DOCS_ASSETS}/swagger-init.js"></script>
</body>
</html>`;
  return c.html(html, 200, { "Cache-Control": "public, max-age=300" });
});
