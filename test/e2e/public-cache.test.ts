import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { makePdf } from "../../scripts/demo-files.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, baseURL, useBrowser, waitForHydration } from "../support/node/browser";

const { newPage } = useBrowser();

const get = (path: string, init?: RequestInit) => fetch(new URL(path, baseURL()), { redirect: "manual", ...init });

async function signIn(username: string) {
  const response = await get("/api/v1/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { cookie: response.headers.getSetCookie()[0]!.split(";")[0]!, csrfToken };
}

/** Fetch until the edge cache has stored the page (the put runs after the response). */
async function untilCached(path: string) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await get(path);
    if (response.headers.get("x-cache") === "HIT") return response;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${path} never came from the cache`);
}

describe("edge cache of public pages", () => {
  it("serves visitors from the cache and shows a public change at once", async () => {
    const path = `/documents?q=kalibrasi${Date.now()}`;
    const first = await get(path);
    expect(first.status).toBe(200);
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(first.headers.get("cache-control")).toContain("s-maxage=");
    const hit = await untilCached(path);
    expect(hit.headers.get("cache-control")).toContain("public");
    // Visitors share no CSP nonce: the cached copy has none and allows its inline scripts by hash.
    const html = await hit.text();
    expect(html).not.toMatch(/\snonce="/);
    const again = await untilCached(path);
    for (const response of [hit, again]) {
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).not.toContain("'nonce-");
      expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
      expect(csp).toContain("base-uri 'none'");
    }
    const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(inline.length).toBeGreaterThan(0);
    for (const script of inline) {
      const hash = createHash("sha256").update(script).digest("base64");
      expect(hit.headers.get("content-security-policy")).toContain(`'sha256-${hash}'`);
    }

    const staff = await signIn(DEMO_ACCOUNTS.ftStaff.username);
    const form = new FormData();
    const title = `Kalibrasi${path.slice(-13)} Laboratorium Publik`;
    for (const [name, value] of Object.entries({
      categoryId: "6",
      title,
      documentNumber: "CACHE/1",
      year: "2026",
      keywords: "kalibrasi, laboratorium, publik, alat, ukur",
      description: "Dokumen uji cache publik.",
      accessLevel: "PUBLIC",
    })) {
      form.set(name, value);
    }
    form.set("file", new Blob([Buffer.from(makePdf(["Kalibrasi"]))], { type: "application/pdf" }), "kalibrasi.pdf");
    const created = await get("/api/v1/archives", {
      method: "POST",
      headers: { cookie: staff.cookie, "x-csrf-token": staff.csrfToken, origin: baseURL() },
      body: form,
    });
    expect(created.status).toBe(201);

    const after = await get(path);
    expect(after.headers.get("x-cache")).toBe("MISS");
    expect(await after.text()).toContain(title);
  });

  it("never caches pages for a signed-in user", async () => {
    const staff = await signIn(DEMO_ACCOUNTS.viewer.username);
    for (let i = 0; i < 2; i++) {
      const response = await get("/documents", { headers: { cookie: staff.cookie } });
      expect(response.headers.get("x-cache")).toBeNull();
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("hydrates a page served from the cache without CSP errors", async () => {
    await untilCached("/panduan");
    const { page } = await newPage({ javaScriptEnabled: true });
    const response = await page.goto("/panduan");
    expect(response?.headers()["x-cache"]).toBe("HIT");
    await waitForHydration(page);
  });
});

describe("browser cache of the build's scripts", () => {
  it("keeps every script a page loads for a year without asking again (their names change with their content); not the page itself", async () => {
    const page = await get("/");
    expect(page.headers.get("cache-control")).not.toContain("immutable");
    const scripts = [...(await page.text()).matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(1);
    for (const script of new Set(scripts)) {
      const response = await get(script);
      expect(response.status, script).toBe(200);
      expect(response.headers.get("cache-control"), script).toBe("public, max-age=31536000, immutable");
      await response.arrayBuffer();
    }
    // The rules file itself is read by the platform, never served.
    expect((await get("/_headers")).status).not.toBe(200);
  });
});
