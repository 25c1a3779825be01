import http from "node:http";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, baseURL } from "../support/node/browser";

/**
 * Hostile requests against the real built server (React Router's SSR included, which the
 * integration tests stub): never a 500, and a refusal does not break the connection it came on.
 */

const get = (path: string, init?: RequestInit) => fetch(new URL(path, baseURL()), { redirect: "manual", ...init });

/** Send `path` as written (fetch would normalise a malformed escape away). */
function rawRequest(method: string, path: string, agent?: http.Agent, headers: Record<string, string> = {}, body?: Buffer) {
  const url = new URL(baseURL());
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request({ host: url.hostname, port: url.port, method, path, agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(body);
  });
}

describe("malformed percent-encoding in a page path", () => {
  const paths = ["/%ZZ", "/app/%E0%A4%A", "/documents/%", "/panduan/%C0%AF", "/app/documents/%ZZ/update", "/%"];
  for (const method of ["GET", "HEAD"]) {
    for (const path of paths) {
      it(`${method} ${path} (visitor): 400 or the 404 page, never a 500`, async () => {
        const response = await rawRequest(method, path);
        expect([302, 400, 404], `${response.status} ${response.body.slice(0, 300)}`).toContain(response.status);
      });
    }
  }

  it("signed in (the app shell and its breadcrumb render): 400 or 404, never a 500", async () => {
    const login = await get("/api/v1/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: DEMO_ACCOUNTS.admin.username, password: DEMO_PASSWORD }),
    });
    const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
    for (const method of ["GET", "HEAD"]) {
      for (const path of paths) {
        const response = await rawRequest(method, path, undefined, { cookie });
        expect([400, 404], `${method} ${path}: ${response.status} ${response.body.slice(0, 300)}`).toContain(response.status);
      }
    }
  });
});

describe("page actions refuse what is not a form", () => {
  it("POST /login with a JSON body: 415 with a message", async () => {
    const response = await get("/login", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: "admin", password: "x" }) });
    expect(response.status).toBe(415);
    expect(await response.text()).toContain("Format data formulir tidak didukung");
  });

  it("POST /login with a broken multipart body: 400 with a message", async () => {
    const response = await get("/login", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="username"\r\n\r\nadmin',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Data formulir rusak");
  });

  it("POST /login with 95 MB declared: 413 before the body is sent", async () => {
    const response = await rawRequest("POST", "/login", undefined, { "content-type": "application/x-www-form-urlencoded", "content-length": String(95e6) });
    expect(response.status).toBe(413);
  });
});

describe("a refused request leaves its keep-alive connection usable", () => {
  it("a cross-origin 200 KB POST refused, then a GET on the same socket succeeds, 40 of 40", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const body = Buffer.alloc(200 * 1024, "a");
    try {
      let ok = 0;
      for (let round = 0; round < 40; round++) {
        const refused = await rawRequest("POST", "/api/v1/unit-kerja", agent, { origin: "https://evil.example", "content-type": "application/json", "content-length": String(body.length) }, body);
        expect(refused.status).toBeGreaterThanOrEqual(400);
        expect(refused.status).toBeLessThan(500);
        const next = await rawRequest("GET", "/api/v1/archives/categories", agent);
        if (next.status === 200) ok += 1;
      }
      expect(ok).toBe(40);
    } finally {
      agent.destroy();
    }
  });
});

/**
 * POST `total` bytes of JSON-looking text to `path`, written 64 KB at a time as the socket takes
 * them (with a Content-Length, or chunked without one). Resolves with the answer, or with the
 * client-side error when the connection is cut while sending (a reset instead of an answer).
 */
function streamLargeBody(path: string, total: number, withLength: boolean, agent: http.Agent) {
  const url = new URL(baseURL());
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (withLength) headers["content-length"] = String(total);
  return new Promise<{ status: number; body: string } | { error: string; written: number }>((resolve) => {
    let written = 0;
    const request = http.request({ host: url.hostname, port: url.port, method: "POST", path, agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const raw = Buffer.concat(chunks);
        const body = response.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw;
        resolve({ status: response.statusCode ?? 0, body: body.toString("utf8") });
      });
      response.on("error", (error) => resolve({ error: error.message, written }));
    });
    request.on("error", (error: NodeJS.ErrnoException) => resolve({ error: `${error.code ?? ""} ${error.message}`, written }));
    const chunk = Buffer.alloc(64 * 1024, "a");
    chunk[0] = "{".charCodeAt(0);
    const pump = () => {
      while (written < total) {
        const part = chunk.subarray(0, Math.min(chunk.length, total - written));
        written += part.length;
        if (!request.write(part)) return void request.once("drain", pump);
      }
      request.end();
    };
    pump();
  });
}

describe("a 20 MB JSON body to POST /api/v1/auth/login", () => {
  // Before the Worker read the refused rest, `wrangler dev` answered most of these with a 500
  // "Network connection lost" or a reset connection mid-upload, and only sometimes with the 413.
  for (const withLength of [true, false]) {
    it(`${withLength ? "with its Content-Length" : "chunked, without a length"}: 413 with the message 5 of 5, and the same connection then serves a GET`, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let round = 0; round < 5; round++) {
          const answer = await streamLargeBody("/api/v1/auth/login", 20 * 1000 * 1000, withLength, agent);
          expect(answer, `round ${round}`).toMatchObject({ status: 413 });
          expect(JSON.parse((answer as { body: string }).body)).toMatchObject({ message: "Data yang dikirim terlalu besar (maksimal 64 KB)." });
          const next = await rawRequest("GET", "/api/v1/archives/categories", agent);
          expect(next.status, `round ${round}`).toBe(200);
        }
      } finally {
        agent.destroy();
      }
    }, 120_000);
  }
});
