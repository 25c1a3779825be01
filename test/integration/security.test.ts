import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { session as sessionText } from "~/i18n/session";
import worker from "../../workers/app";
import { testEnv } from "../support/worker/env";
import { allowConsoleError } from "../support/worker/fail-on-console-error";
import { createUser } from "../support/worker/factories";
import { call, login, ORIGIN, type SignedIn } from "../support/worker/http";

/** An unsafe request to a path no handler serves: past the CSRF check it is a JSON 404. */
const PROBE = "/api/v1/tidak-ada";
const NOT_FOUND = { message: "Endpoint tidak ditemukan.", error: "Not Found" };

async function signIn(): Promise<SignedIn> {
  const user = await createUser();
  return login(user.username, user.password);
}

describe("CSRF protection", () => {
  it("refuses an unsafe request with a session but no token", async () => {
    const session = await signIn();
    const response = await call(PROBE, { method: "POST", cookie: session.cookie });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: sessionText.csrfInvalid, error: sessionText.csrfInvalid });
  });

  it("refuses a wrong token, including another session's", async () => {
    const session = await signIn();
    const other = await signIn();
    for (const csrfToken of ["salah", `${session.csrfToken}x`, session.csrfToken.slice(0, -1), other.csrfToken]) {
      const response = await call(PROBE, { method: "POST", cookie: session.cookie, csrfToken });
      expect(response.status, csrfToken).toBe(403);
    }
  });

  it("lets the right token through, for every unsafe method", async () => {
    const session = await signIn();
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const response = await call(PROBE, { method, cookie: session.cookie, csrfToken: session.csrfToken });
      expect(response.status, method).toBe(404);
      expect(await response.json()).toEqual(NOT_FOUND);
    }
    // And refuses the same methods without it.
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      expect((await call(PROBE, { method, cookie: session.cookie })).status, method).toBe(403);
    }
  });

  it("refuses a cross-site Origin even with the right token", async () => {
    const session = await signIn();
    const response = await call(PROBE, {
      method: "POST",
      cookie: session.cookie,
      csrfToken: session.csrfToken,
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ message: sessionText.originInvalid });
  });

  it("refuses Sec-Fetch-Site cross-site and same-site even with the right token", async () => {
    const session = await signIn();
    for (const site of ["cross-site", "same-site"]) {
      const response = await call(PROBE, {
        method: "POST",
        cookie: session.cookie,
        csrfToken: session.csrfToken,
        headers: { "sec-fetch-site": site },
      });
      expect(response.status, site).toBe(403);
      expect(await response.json()).toMatchObject({ message: sessionText.originInvalid });
    }
  });

  it("accepts a same-origin Origin and Sec-Fetch-Site same-origin with the right token", async () => {
    const session = await signIn();
    const response = await call(PROBE, {
      method: "POST",
      cookie: session.cookie,
      csrfToken: session.csrfToken,
      headers: { origin: ORIGIN, "sec-fetch-site": "same-origin" },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(NOT_FOUND);
  });

  it("compares Origin with the full origin, scheme included", async () => {
    const session = await signIn();
    const response = await call(PROBE, {
      method: "POST",
      cookie: session.cookie,
      csrfToken: session.csrfToken,
      headers: { origin: ORIGIN.replace("http:", "https:") },
    });
    expect(response.status).toBe(403);
  });

  it("accepts the token as a _csrf field of a urlencoded form, and refuses a wrong one", async () => {
    const session = await signIn();
    const form = (token: string) =>
      call(PROBE, {
        method: "POST",
        cookie: session.cookie,
        body: new URLSearchParams({ judul: "x", _csrf: token }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });

    const good = await form(session.csrfToken);
    expect(good.status).toBe(404);
    expect(await good.json()).toEqual(NOT_FOUND);
    expect((await form("salah")).status).toBe(403);
  });

  it("protects the login endpoint itself from cross-site posts (login CSRF)", async () => {
    const user = await createUser();
    const response = await call("/api/v1/auth/login", {
      json: { username: user.username, password: user.password },
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("lets safe requests through without a token", async () => {
    const session = await signIn();
    expect((await call("/api/v1/users/me", { cookie: session.cookie, headers: { "sec-fetch-site": "cross-site" } })).status).toBe(200);
  });
});

describe("CSRF on percent-encoded paths", () => {
  const encodedLogouts = ["/api/v1/auth/logou%74", "/api/v1/%61uth/logout", "/api/v1/auth/%6C%6F%67%6F%75%74"];

  it("refuses a state-changing GET whose path is percent-encoded, and the session stays", async () => {
    const session = await signIn();
    for (const path of encodedLogouts) {
      const response = await call(path, { cookie: session.cookie });
      expect(response.status, path).toBe(403);
      expect(await response.json()).toEqual({ message: sessionText.csrfInvalid, error: sessionText.csrfInvalid });
      expect(response.headers.get("set-cookie"), path).toBeNull();
    }
    expect((await call("/api/v1/users/me", { cookie: session.cookie })).status).toBe(200);
  });

  it("refuses it from another site too, and lets the same request with the token log out", async () => {
    const session = await signIn();
    const crossSite = await call(encodedLogouts[0]!, { cookie: session.cookie, csrfToken: session.csrfToken, headers: { "sec-fetch-site": "cross-site" } });
    expect(crossSite.status).toBe(403);
    expect((await call("/api/v1/users/me", { cookie: session.cookie })).status).toBe(200);

    const withToken = await call(encodedLogouts[1]!, { cookie: session.cookie, csrfToken: session.csrfToken });
    expect(withToken.status).toBe(200);
    expect((await call("/api/v1/users/me", { cookie: session.cookie })).status).toBe(401);
  });

  it("refuses an unsafe method on an encoded API path without the token", async () => {
    const session = await signIn();
    const response = await call("/api/v1/%61rchives", { method: "POST", cookie: session.cookie });
    expect(response.status).toBe(403);
  });
});

describe("unknown API paths", () => {
  it("answer a JSON 404, never a React Router page, whatever the method", async () => {
    for (const [method, path] of [
      ["GET", PROBE],
      ["GET", "/api/v1/auth/login"],
      ["GET", "/api/v1/users/me/extra"],
      ["POST", "/api/v1/users/me"],
    ] as const) {
      const response = await call(path, { method });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.headers.get("content-type"), `${method} ${path}`).toMatch(/^application\/json/);
      expect(await response.json()).toEqual(NOT_FOUND);
    }
  });
});

describe("security headers", () => {
  it("are set on API responses; HSTS only over https", async () => {
    const response = await call("/api/v1/users/me");
    expect(response.status).toBe(401);
    const csp = response.headers.get("content-security-policy");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9_-]{22}'/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("strict-transport-security")).toBeNull();

    const secure = await call("/api/v1/users/me", { https: true });
    expect(secure.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(secure.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("are set on error responses too, with a fresh CSP nonce each time", async () => {
    const first = await call(PROBE, { headers: { origin: "https://evil.example" }, method: "POST" });
    const second = await call(PROBE);
    expect(first.status).toBe(403);
    expect(second.status).toBe(404);
    const nonce = (response: Response) => response.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce(first)).toBeTruthy();
    expect(nonce(second)).toBeTruthy();
    expect(nonce(first)).not.toBe(nonce(second));
    expect(first.headers.get("x-frame-options")).toBe("DENY");
  });
});

describe("compression", () => {
  it("marks pages and JSON for gzip when the client accepts it (the runtime encodes the body), never otherwise", async () => {
    for (const path of ["/api/v1/statistics", "/api/v1/statistics/categories.csv"]) {
      const accepted = await call(path, { headers: { "accept-encoding": "gzip, br" } });
      expect(accepted.status).toBe(200);
      expect(accepted.headers.get("content-encoding")).toBe("gzip");
      expect(accepted.headers.get("vary")).toContain("Accept-Encoding");
      const plain = await call(path, { headers: { "accept-encoding": "identity" } });
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(plain.headers.get("vary")).toContain("Accept-Encoding");
    }
  });

});

describe("configuration", () => {
  it("a Worker without a strong SESSION_SECRET answers 500 and logs why", async () => {
    const logged = allowConsoleError();
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      new Request(`${ORIGIN}/api/v1/users/me`, { headers: { "cf-connecting-ip": "192.0.2.1" } }),
      { ...testEnv, SESSION_SECRET: "terlalu-pendek" } as Env,
      ctx,
    );
    await waitOnExecutionContext(ctx);

    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain("terlalu-pendek");
    expect(logged).toHaveBeenCalled();
    expect(String(logged.mock.calls[0]![0])).toContain("SESSION_SECRET must be at least 32 characters");
  });
});
