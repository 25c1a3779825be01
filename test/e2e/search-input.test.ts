/**
 * Every searchable page of the built app takes any search as plain text: over D1's 50-byte LIKE
 * pattern limit, LIKE wildcards, multi-byte UTF-8, FTS syntax, control characters. Each answers
 * its page (200, with its list or the empty message), never a 500. The API rows of the same
 * table run in test/integration/search-input.test.ts.
 */
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, baseURL } from "../support/node/browser";
import { ODD_SEARCHES, SEARCH_ENDPOINTS, type SearchRole } from "../support/shared/search-endpoints";

const cookies = new Map<SearchRole, Promise<string>>();
const cookieOf = (role: SearchRole): Promise<string> | undefined => {
  if (role === "visitor") return undefined;
  if (!cookies.has(role)) cookies.set(role, signIn(role));
  return cookies.get(role);
};

async function signIn(role: Exclude<SearchRole, "visitor">): Promise<string> {
  const account = role === "Super Admin" ? DEMO_ACCOUNTS.admin : DEMO_ACCOUNTS.ftStaff;
  const response = await fetch(new URL("/api/v1/auth/login", baseURL()), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: account.username, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return response.headers.getSetCookie()[0]!.split(";")[0]!;
}

describe.each(SEARCH_ENDPOINTS.filter((endpoint) => endpoint.page))("$label ($param=)", (endpoint) => {
  it.each(ODD_SEARCHES)("%s answers the page, never an error", async (_name, search) => {
    const cookie = await cookieOf(endpoint.as);
    const url = new URL(endpoint.path, baseURL());
    url.searchParams.set(endpoint.param, search);
    // Redirects are followed: a list may first normalise its URL (the default tab, say).
    const response = await fetch(url, { headers: cookie ? { cookie } : {} });
    const html = await response.text();
    expect(response.status, html.slice(0, 300)).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(new URL(response.url).pathname).toBe(endpoint.path);
    expect(html).toContain("<h1");
  });
});
