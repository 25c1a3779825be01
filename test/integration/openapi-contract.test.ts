import { describe, expect, it } from "vitest";
import { api } from "../../workers/api";
import { call } from "../support/worker/http";
import { contractProblems } from "../support/worker/contract";
import { api as apiText } from "~/i18n/api";

/**
 * The contract itself: the OpenAPI document covers every route of /api/v1, and the check every
 * integration test's calls go through (test/support/worker/contract.ts) does catch drift. (The
 * document's lint runs in Node: test/unit/openapi-lint.test.ts.)
 */

type Document = {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown[]; tags?: string[] }>>;
};

async function document(): Promise<Document> {
  const response = await call("/api/v1/openapi.json");
  expect(response.status).toBe(200);
  return response.json<Document>();
}

describe("GET /api/v1/openapi.json", () => {
  it("serves an OpenAPI 3.1 document, the same for everyone, cacheable", async () => {
    const response = await call("/api/v1/openapi.json");
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    const doc = await response.json<Document>();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).toBe("E-Arsip API");
  });

  it("documents every route of the API, with the SPEC's paths, an error answer, a tag and its callers", async () => {
    const doc = await document();
    const routes = api.routes.filter((route) => route.method !== "ALL" && !route.path.includes("*") && route.path !== "/openapi.json");
    const operations = new Set(routes.map((route) => `${route.method.toLowerCase()} /api/v1${route.path.replace(/:([A-Za-z]+)/g, "{$1}")}`));
    expect(operations.size).toBeGreaterThan(35);
    for (const operation of operations) {
      const [method, path] = operation.split(" ") as [string, string];
      const described = doc.paths[path]?.[method];
      expect(described, operation).toBeDefined();
      expect(Object.keys(described!.responses).some((status) => status.startsWith("4")), operation).toBe(true);
      expect(described!.tags?.length, operation).toBe(1);
      expect(described!.security?.length, operation).toBeGreaterThan(0);
    }
    for (const spec of [
      "get /api/v1/users/me",
      "post /api/v1/auth/login",
      "get /api/v1/auth/logout",
      "get /api/v1/statistics",
      "get /api/v1/archives/category/{id}",
      "get /api/v1/archives/categories",
      "post /api/v1/archives/{uuid}/file",
      "post /api/v1/archives/{uuid}/request-access",
      "get /api/v1/archives/{uuid}/download",
      "post /api/v1/access-requests/{uuid}/respond",
      "delete /api/v1/unit-kerja/{id}",
    ]) {
      expect(operations.has(spec), spec).toBe(true);
    }
  });
});

describe("the contract check on every call", () => {
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const statistics = { totalVisibleArchives: 1, totalUsers: null, totalUnitKerja: null, totalCategories: 1, archivesByCategory: [] };

  it("passes an answer the document describes", async () => {
    expect(await contractProblems("GET", "http://earsip.test/api/v1/statistics", json(statistics))).toEqual([]);
    expect(await contractProblems("GET", "http://earsip.test/api/v1/nope", json({ message: apiText.notFound, error: "Not Found" }, 404))).toEqual([]);
  });

  it("catches a missing field, a renamed field, a wrong type, an undocumented status, an undocumented media type", async () => {
    const url = "http://earsip.test/api/v1/statistics";
    const { totalCategories: _, ...missing } = statistics;
    expect((await contractProblems("GET", url, json(missing))).join()).toContain("totalCategories");
    expect((await contractProblems("GET", url, json({ ...statistics, totalArchives: 1 }))).join()).toContain("totalArchives");
    expect((await contractProblems("GET", url, json({ ...statistics, totalVisibleArchives: "1" }))).join()).toContain("totalVisibleArchives");
    expect((await contractProblems("GET", url, json(statistics, 418))).join()).toContain("status not documented");
    expect((await contractProblems("GET", url, new Response("<p/>", { headers: { "content-type": "text/html" } }))).join()).toContain("content type");
    expect((await contractProblems("GET", url, json({ message: "x" }, 500))).join()).toContain("error");
    expect((await contractProblems("GET", "http://earsip.test/api/v1/nope", json({}, 200))).join()).toContain("no operation");
  });
});

describe("GET /api/docs", () => {
  it("is a readable reference over the document, its scripts from this site only", async () => {
    const response = await call("/api/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('src="/api/docs/assets/swagger-ui-bundle.js"');
    expect(html).toContain('src="/api/docs/assets/swagger-init.js"');
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain("unsafe-eval");
  });
});
