import { describe, expect, it } from "vitest";
import { login as loginText } from "~/i18n/auth";
import { session as sessionText } from "~/i18n/session";
import { hmacHex } from "~/server/crypto.server";
import { testEnv } from "../support/worker/env";
import { auditRowsFromIp, createUnitKerja, createUser } from "../support/worker/factories";
import { call, cookieFrom, login, type LoginBody, uniqueIp } from "../support/worker/http";

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function postLogin(json: unknown, ip = uniqueIp(), https = false) {
  return call("/api/v1/auth/login", { json, ip, https });
}

async function sessionCount(userId: number) {
  const row = await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?").bind(userId).first<{ n: number }>();
  return row!.n;
}

describe("POST /api/v1/auth/login", () => {
  it("signs in: exact body, session cookie, session row and LOGIN audit row", async () => {
    const unit = await createUnitKerja();
    const user = await createUser({ role: "Satuan Kerja", unitKerjaId: unit.id });
    const ip = uniqueIp();

    const response = await postLogin({ username: user.username, password: user.password }, ip);

    expect(response.status).toBe(200);
    const body = await response.json<LoginBody>();
    expect(body).toStrictEqual({
      user: { role: "Satuan Kerja", name: user.fullName, userId: user.id, unitKerjaId: unit.id },
      csrfToken: expect.stringMatching(TOKEN),
    });

    // The session cookie first; the device cookie after it (login-device-cookie.test.ts).
    const setCookie = response.headers.getSetCookie()[0]!;
    expect(setCookie).toMatch(/^earsip_session=[A-Za-z0-9_-]{43}; /);
    const attributes = setCookie.split("; ").slice(1);
    expect(attributes).toEqual(expect.arrayContaining(["Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=43200"]));
    expect(attributes).not.toContain("Secure");

    // Only a keyed hash of the session id is stored, never the id itself.
    const sessionId = cookieFrom(response).split("=")[1]!;
    const session = await testEnv.DB.prepare("SELECT id_hash, csrf_token, ip_address FROM sessions WHERE user_id = ?")
      .bind(user.id)
      .first<{ id_hash: string; csrf_token: string; ip_address: string }>();
    expect(session).toEqual({
      id_hash: await hmacHex(testEnv.SESSION_SECRET, sessionId),
      csrf_token: body.csrfToken,
      ip_address: ip,
    });

    const audit = await auditRowsFromIp(ip);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "LOGIN", actor_id: user.id, ip_address: ip });
    expect(JSON.parse(audit[0]!.details!)).toEqual({ method: "password" });
  });

  it("over https the cookie is __Host- prefixed and Secure, and works only under that name", async () => {
    const user = await createUser({ role: "Viewer" });

    const response = await postLogin({ username: user.username, password: user.password }, uniqueIp(), true);

    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie()[0]!;
    expect(setCookie).toMatch(/^__Host-earsip_session=[A-Za-z0-9_-]{43}; /);
    expect(setCookie.split("; ")).toEqual(expect.arrayContaining(["Path=/", "HttpOnly", "SameSite=Lax", "Secure"]));

    const cookie = cookieFrom(response);
    expect((await call("/api/v1/users/me", { cookie, https: true })).status).toBe(200);
    // The same value under the plain-http name is not a session over https.
    const sessionId = cookie.split("=")[1]!;
    expect((await call("/api/v1/users/me", { cookie: `earsip_session=${sessionId}`, https: true })).status).toBe(401);
  });

  it("usernames are matched case-insensitively and trimmed", async () => {
    const user = await createUser();
    const response = await postLogin({ username: `  ${user.username.toUpperCase()} `, password: user.password });
    expect(response.status).toBe(200);
    expect((await response.json<LoginBody>()).user.userId).toBe(user.id);
  });

  it.each([
    ["an empty username", { username: "", password: "x" }, loginText.usernameRequired],
    ["a username of spaces", { username: "   ", password: "x" }, loginText.usernameRequired],
    ["a missing username", { password: "x" }, loginText.usernameRequired],
    ["a password of spaces", { username: "someone", password: "   " }, loginText.passwordRequired],
    ["a missing password", { username: "someone" }, loginText.passwordRequired],
  ])("rejects %s with 400 and the form message", async (_, json, message) => {
    const ip = uniqueIp();
    const response = await postLogin(json, ip);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message, error: message });
    // Validation failures never reach the credential check: no audit row, no throttle count.
    expect(await auditRowsFromIp(ip)).toEqual([]);
  });

  it("the exact message strings are the SPEC's", () => {
    expect(loginText.usernameRequired).toBe("Username tidak boleh kosong.");
    expect(loginText.passwordRequired).toBe("Password tidak boleh kosong.");
    expect(loginText.failed).toBe("Login gagal. Cek kembali kredensial Anda.");
  });

  it("answers a body that is not JSON with 400, not 500", async () => {
    const response = await call("/api/v1/auth/login", {
      body: "{username: nope",
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ message: loginText.usernameRequired });
  });

  it("wrong password and unknown user fail identically (401) and each leaves a LOGIN_FAILED row", async () => {
    const user = await createUser();
    const ipWrong = uniqueIp();
    const ipUnknown = uniqueIp();
    const unknownName = `${user.username}-nobody`;

    const wrong = await postLogin({ username: user.username, password: "salah-sekali" }, ipWrong);
    const unknown = await postLogin({ username: unknownName, password: user.password }, ipUnknown);

    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const wrongBody = await wrong.json();
    expect(wrongBody).toEqual({ message: loginText.failed, error: loginText.failed });
    expect(await unknown.json()).toEqual(wrongBody);
    expect(wrong.headers.get("set-cookie")).toBeNull();
    expect(unknown.headers.get("set-cookie")).toBeNull();
    expect(await sessionCount(user.id)).toBe(0);

    const [failedWrong] = await auditRowsFromIp(ipWrong);
    expect(failedWrong).toMatchObject({ action: "LOGIN_FAILED", actor_id: null });
    expect(JSON.parse(failedWrong!.details!)).toEqual({ username: user.username });
    const [failedUnknown] = await auditRowsFromIp(ipUnknown);
    expect(failedUnknown).toMatchObject({ action: "LOGIN_FAILED", actor_id: null });
    expect(JSON.parse(failedUnknown!.details!)).toEqual({ username: unknownName });
  });
});

describe("login throttling", () => {
  it("locks a username from one IP after 5 failures, even for the right password, with Retry-After and an audit row", { timeout: 30_000 }, async () => {
    const user = await createUser();
    const ip = uniqueIp();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await postLogin({ username: user.username, password: `salah-${attempt}` }, ip);
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }

    const locked = await postLogin({ username: user.username, password: user.password }, ip);

    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual({ message: loginText.throttled, error: loginText.throttled });
    const retryAfter = Number(locked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(locked.headers.get("set-cookie")).toBeNull();
    expect(await sessionCount(user.id)).toBe(0);

    // Retrying while locked is refused again, but audited once per address per 15 minutes.
    for (let i = 0; i < 3; i++) expect((await postLogin({ username: user.username, password: user.password }, ip)).status).toBe(429);
    const audit = await auditRowsFromIp(ip);
    expect(audit.map((row) => row.action)).toEqual([...Array(5).fill("LOGIN_FAILED"), "LOGIN_THROTTLED"]);
    expect(JSON.parse(audit.at(-1)!.details!)).toEqual({ username: user.username, auditedOncePerMinutes: 15 });
  });

  it("an attacker elsewhere cannot lock the real user out", { timeout: 30_000 }, async () => {
    const user = await createUser();
    const attacker = uniqueIp();
    for (let attempt = 1; attempt <= 8; attempt++) await postLogin({ username: user.username, password: "salah" }, attacker);
    expect((await postLogin({ username: user.username, password: user.password }, attacker)).status).toBe(429);

    const response = await postLogin({ username: user.username, password: user.password }, uniqueIp());
    expect(response.status).toBe(200);
  });

  it("a burst of 40 parallel guesses gets at most 5 password checks", { timeout: 60_000 }, async () => {
    const user = await createUser();
    const ip = uniqueIp();
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, attempt) => postLogin({ username: user.username, password: `salah-${attempt}` }, ip)),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(35);
    const audit = await auditRowsFromIp(ip);
    expect(audit.filter((row) => row.action === "LOGIN_FAILED")).toHaveLength(5);
  });

  it("each further lock of the same key lasts twice as long", { timeout: 60_000 }, async () => {
    const user = await createUser();
    const ip = uniqueIp();
    for (let attempt = 0; attempt < 6; attempt++) await postLogin({ username: user.username, password: "salah" }, ip);
    // The first lock has run out: 5 more attempts, then a lock of twice the length.
    await testEnv.DB.prepare("UPDATE login_throttle SET locked_until = ? WHERE key LIKE ?")
      .bind(new Date(Date.now() - 1000).toISOString(), `user-ip:${user.username}|${ip}`)
      .run();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await postLogin({ username: user.username, password: "salah" }, ip)).status, `attempt ${attempt}`).toBe(401);
    }
    const locked = await postLogin({ username: user.username, password: user.password }, ip);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(29 * 60);
  });

  it("a successful sign-in clears the (username, IP) count", { timeout: 30_000 }, async () => {
    const user = await createUser();
    const ip = uniqueIp();
    for (let round = 0; round < 2; round++) {
      for (let attempt = 0; attempt < 4; attempt++) {
        expect((await postLogin({ username: user.username, password: "salah" }, ip)).status).toBe(401);
      }
      expect((await postLogin({ username: user.username, password: user.password }, ip)).status).toBe(200);
    }
  });

  it("locks an IP after 30 failures across usernames for browsers without a device cookie; the same account still works from another IP, and from its own browser there", { timeout: 60_000 }, async () => {
    const ip = uniqueIp();
    const user = await createUser();
    // This user signed in from that address before, in a browser that kept its device cookie.
    const earlier = await postLogin({ username: user.username, password: user.password }, ip);
    const device = earlier.headers.getSetCookie().find((cookie) => cookie.startsWith("earsip_device="))!.split(";")[0]!;
    for (let attempt = 1; attempt <= 30; attempt++) {
      const response = await postLogin({ username: `${user.username}-tebak-${attempt}`, password: "salah" }, ip);
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }

    // A fresh browser (no device cookie) is locked out, whichever account it tries.
    const locked = await postLogin({ username: user.username, password: user.password }, ip);
    expect(locked.status).toBe(429);
    expect(await locked.json()).toMatchObject({ message: loginText.throttled });
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await auditRowsFromIp(ip)).at(-1)).toMatchObject({ action: "LOGIN_THROTTLED" });

    await expect(login(user.username, user.password)).resolves.toMatchObject({ body: { user: { userId: user.id } } });
    // The browser that signed in before is not locked out by the guesser sharing its address.
    const trusted = await call("/api/v1/auth/login", { json: { username: user.username, password: user.password }, ip, cookie: device });
    expect(trusted.status).toBe(200);
  });

  it("successful sign-ins from one address (a campus NAT) do not use up its budget", { timeout: 60_000 }, async () => {
    const ip = uniqueIp();
    const users = await Promise.all(Array.from({ length: 3 }, () => createUser()));
    for (let round = 0; round < 12; round++) {
      const user = users[round % users.length]!;
      expect((await postLogin({ username: user.username, password: user.password }, ip)).status, `round ${round}`).toBe(200);
    }
    const row = await testEnv.DB.prepare("SELECT failures FROM login_throttle WHERE key = ?").bind(`ip:${ip}`).first<{ failures: number }>();
    expect(row?.failures ?? 0).toBe(0);
  });
});

describe("GET /api/v1/users/me", () => {
  it("answers 401 JSON without a session, and for an unknown session id", async () => {
    for (const cookie of [undefined, `earsip_session=${"A".repeat(43)}`, "earsip_session=garbage"]) {
      const response = await call("/api/v1/users/me", { cookie });
      expect(response.status).toBe(401);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ message: sessionText.required, error: sessionText.required });
    }
  });

  it("describes a Satuan Kerja user, with the unit's name", async () => {
    const unit = await createUnitKerja({ nama: "Fakultas Teknik Uji Integrasi" });
    const user = await createUser({ role: "Satuan Kerja", unitKerjaId: unit.id, fullName: "Siti Satker" });
    const session = await login(user.username, user.password);

    const response = await call("/api/v1/users/me", { cookie: session.cookie });

    expect(response.status).toBe(200);
    expect(await response.json()).toStrictEqual({
      role: "Satuan Kerja",
      name: "Siti Satker",
      userId: user.id,
      unitKerjaId: unit.id,
      unitKerjaName: "Fakultas Teknik Uji Integrasi",
      x_csrf_token: session.csrfToken,
    });
  });

  it("describes a Viewer with no unit", async () => {
    const user = await createUser({ role: "Viewer", fullName: "Vina Viewer" });
    const session = await login(user.username, user.password);

    const response = await call("/api/v1/users/me", { cookie: session.cookie });

    expect(await response.json()).toStrictEqual({
      role: "Viewer",
      name: "Vina Viewer",
      userId: user.id,
      unitKerjaId: null,
      unitKerjaName: null,
      x_csrf_token: session.csrfToken,
    });
  });

  it("gives each session its own CSRF token", async () => {
    const user = await createUser({ role: "Super Admin" });
    const first = await login(user.username, user.password);
    const second = await login(user.username, user.password);
    expect(first.csrfToken).not.toBe(second.csrfToken);
    expect(await (await call("/api/v1/users/me", { cookie: second.cookie })).json()).toMatchObject({
      role: "Super Admin",
      x_csrf_token: second.csrfToken,
    });
  });
});

describe("GET /api/v1/auth/logout", () => {
  it("refuses without the CSRF header and leaves the session working", async () => {
    const user = await createUser();
    const session = await login(user.username, user.password);

    const response = await call("/api/v1/auth/logout", { cookie: session.cookie, ip: session.ip });

    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ message: sessionText.csrfInvalid });
    expect((await call("/api/v1/users/me", { cookie: session.cookie })).status).toBe(200);
    // The refusal is audited; no LOGOUT happened.
    expect((await auditRowsFromIp(session.ip)).map((row) => row.action)).toEqual(["LOGIN", "ACCESS_DENIED"]);
  });

  it("with the token: 200, clears the cookie, revokes the session, writes LOGOUT", async () => {
    const user = await createUser();
    const session = await login(user.username, user.password);

    const response = await call("/api/v1/auth/logout", { cookie: session.cookie, csrfToken: session.csrfToken, ip: session.ip });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: loginText.loggedOut });
    expect(response.headers.get("set-cookie")).toMatch(/^earsip_session=; .*Max-Age=0/);

    // The old cookie is dead even though the browser might still send it.
    expect((await call("/api/v1/users/me", { cookie: session.cookie })).status).toBe(401);
    const row = await testEnv.DB.prepare("SELECT revoked_at FROM sessions WHERE user_id = ?").bind(user.id).first<{ revoked_at: string | null }>();
    expect(row!.revoked_at).not.toBeNull();

    const audit = await auditRowsFromIp(session.ip);
    expect(audit.map((entry) => entry.action)).toEqual(["LOGIN", "LOGOUT"]);
    expect(audit[1]!.actor_id).toBe(user.id);
  });

  it("only ends the session it is called with", async () => {
    const user = await createUser();
    const phone = await login(user.username, user.password);
    const laptop = await login(user.username, user.password);

    expect((await call("/api/v1/auth/logout", { cookie: phone.cookie, csrfToken: phone.csrfToken })).status).toBe(200);

    expect((await call("/api/v1/users/me", { cookie: phone.cookie })).status).toBe(401);
    expect((await call("/api/v1/users/me", { cookie: laptop.cookie })).status).toBe(200);
  });
});

describe("session lifetime", () => {
  const past = (ms: number) => new Date(Date.now() - ms).toISOString();

  it("an expired session is refused", async () => {
    const user = await createUser();
    const session = await login(user.username, user.password);
    expect((await call("/api/v1/users/me", { cookie: session.cookie })).status).toBe(200);

    await testEnv.DB.prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ?").bind(past(1000), user.id).run();

    expect((await call("/api/v1/users/me", { cookie: session.cookie })).status).toBe(401);
  });

  it("a session idle for more than 2 hours is refused", async () => {
    const user = await createUser();
    const session = await login(user.username, user.password);

    await testEnv.DB.prepare("UPDATE sessions SET last_seen_at = ? WHERE user_id = ?").bind(past(2 * 3600_000 + 60_000), user.id).run();

    expect((await call("/api/v1/users/me", { cookie: session.cookie })).status).toBe(401);
  });

  it("a session idle for just under 2 hours still works, and its last_seen_at is refreshed", async () => {
    const user = await createUser();
    const session = await login(user.username, user.password);
    const stale = past(2 * 3600_000 - 60_000);
    await testEnv.DB.prepare("UPDATE sessions SET last_seen_at = ? WHERE user_id = ?").bind(stale, user.id).run();

    expect((await call("/api/v1/users/me", { cookie: session.cookie })).status).toBe(200);

    // The refresh runs in waitUntil, after the response.
    let lastSeen = stale;
    for (let i = 0; i < 50 && lastSeen === stale; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const row = await testEnv.DB.prepare("SELECT last_seen_at FROM sessions WHERE user_id = ?").bind(user.id).first<{ last_seen_at: string }>();
      lastSeen = row!.last_seen_at;
    }
    expect(Date.parse(lastSeen)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe("GET /api/v1/auth/sso/login", () => {
  it("redirects to the login page with a notice when OIDC is not configured", async () => {
    const response = await call("/api/v1/auth/sso/login");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?sso=unconfigured");
  });
});

describe("POST /api/v1/auth/login with a body that is not a login form", () => {
  it("answers 400 in Indonesian for an array, a string or broken JSON", async () => {
    for (const body of ["[]", '"admin"', "{", "null"]) {
      const response = await call("/api/v1/auth/login", { method: "POST", body, headers: { "content-type": "application/json" }, ip: uniqueIp() });
      expect(response.status, body).toBe(400);
      const json = await response.json<{ message: string }>();
      expect(json.message, body).not.toMatch(/expected|received/i);
      expect([loginText.invalidBody, loginText.usernameRequired], body).toContain(json.message);
    }
  });
});
