import { describe, expect, it } from "vitest";
import { AuditLogQuerySchema } from "~/domain/audit-log";
import { InvalidError } from "~/domain/errors";
import { UserCreateSchema, UserListQuerySchema } from "~/domain/users";
import { parseCanonicalList, parseOrInvalid, withFormValues } from "~/routes/helpers/admin-pages.server";

const request = (path: string) => new Request(`http://earsip.test${path}`);

/** The redirect a loader helper threw, or null when it returned. */
function redirectOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status === 302) return thrown.headers.get("Location");
    throw thrown;
  }
}

describe("parseCanonicalList", () => {
  it("keeps a canonical list URL and its dialog parameters", () => {
    const { query, dialog } = parseCanonicalList(request("/app/users?q=budi&page=2&dialog=delete&user=abc"), "/app/users", UserListQuerySchema);
    expect(query).toMatchObject({ q: "budi", page: 2, sort: "updatedAt", dir: "desc", size: 10 });
    expect(dialog.get("dialog")).toBe("delete");
    expect(dialog.get("user")).toBe("abc");
  });

  it("sends empty and default values (a form posted without JavaScript) to the canonical URL, dialog kept", () => {
    expect(redirectOf(() => parseCanonicalList(request("/app/users?q=&size=10&page=1"), "/app/users", UserListQuerySchema))).toBe("/app/users");
    expect(redirectOf(() => parseCanonicalList(request("/app/users?q=&dialog=delete&user=abc"), "/app/users", UserListQuerySchema))).toBe(
      "/app/users?dialog=delete&user=abc",
    );
    expect(
      redirectOf(() => parseCanonicalList(request("/app/audit-logs?action=&actor=admin&from=&to=2026-11-01&size=10"), "/app/audit-logs", AuditLogQuerySchema)),
    ).toBe("/app/audit-logs?actor=admin&to=2026-11-01");
  });

  it("keeps the audit log's keyset cursor", () => {
    const { query } = parseCanonicalList(request("/app/audit-logs?action=LOGIN&before=120"), "/app/audit-logs", AuditLogQuerySchema);
    expect(query).toMatchObject({ action: "LOGIN", before: 120 });
  });
});

describe("withFormValues", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(fields)) data.append(key, value);
    return data;
  };

  it("attaches the submitted values, minus secrets, the CSRF token and the intent, to a domain error", async () => {
    const data = form({ _csrf: "token", intent: "save", fullName: "Budi", username: "b", password: "rahasia-123", email: "bukan" });
    const error = await withFormValues(data, ["password"], async (fields) => parseOrInvalid(UserCreateSchema, fields)).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(InvalidError);
    expect((error as InvalidError).values).toEqual({ fullName: "Budi", username: "b", email: "bukan" });
    expect((error as InvalidError).fieldErrors).toMatchObject({ username: [expect.any(String)], email: ["Format email tidak valid."] });
  });

  it("passes the fields through and returns the result", async () => {
    const result = await withFormValues(form({ _csrf: "token", nama: "Unit" }), [], async (fields) => fields);
    expect(result).toEqual({ nama: "Unit" });
  });

  it("lets other errors through untouched", async () => {
    const failure = new Error("database down");
    await expect(withFormValues(form({}), [], async () => Promise.reject(failure))).rejects.toBe(failure);
  });
});
