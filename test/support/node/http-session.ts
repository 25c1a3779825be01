/**
 * Plain-HTTP sessions for e2e tests that read server-rendered pages without a browser (HTML
 * validation, status codes): sign in through the login form, keep the cookie and CSRF token.
 */
import { DEMO_PASSWORD, baseURL } from "./browser";

export type HttpSession = { cookie: string; csrfToken: string };

export async function signInOverHttp(username: string): Promise<HttpSession> {
  const response = await fetch(`${baseURL()}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL() },
    body: new URLSearchParams({ username, password: DEMO_PASSWORD }),
  });
  await response.arrayBuffer();
  if (response.status !== 302) throw new Error(`sign-in of ${username} answered ${response.status}`);
  const cookie = response.headers.getSetCookie().map((line) => line.split(";")[0]!).join("; ");
  const page = await (await fetch(`${baseURL()}/app`, { headers: { Cookie: cookie } })).text();
  const csrfToken = /name="_csrf" value="([^"]+)"/.exec(page)?.[1];
  if (!csrfToken) throw new Error(`no CSRF token on /app for ${username}`);
  return { cookie, csrfToken };
}

/** GET (or POST a form) as `session` (null: a visitor), redirects not followed. */
export function fetchAs(path: string, session: HttpSession | null, form?: Record<string, string>): Promise<Response> {
  const headers: Record<string, string> = { Origin: baseURL() };
  if (session) headers.Cookie = session.cookie;
  if (!form) return fetch(`${baseURL()}${path}`, { redirect: "manual", headers });
  headers["Content-Type"] = "application/x-www-form-urlencoded";
  return fetch(`${baseURL()}${path}`, { method: "POST", redirect: "manual", headers, body: new URLSearchParams({ _csrf: session?.csrfToken ?? "", ...form }) });
}
