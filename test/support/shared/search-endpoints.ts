/**
 * Every place a person or a client can type a search or a list filter, API and pages, with
 * the role that may use it. `test/integration/search-input.test.ts` sends the API rows through
 * the Worker on real D1; `test/e2e/search-input.test.ts` sends every row to the built app. A new
 * searchable list belongs here.
 */
export type SearchRole = "visitor" | "Super Admin" | "Satuan Kerja";
export type SearchEndpoint = { label: string; path: string; param: string; as: SearchRole; page?: boolean };

export const SEARCH_ENDPOINTS: SearchEndpoint[] = [
  // API
  { label: "API documents (visitor, full-text)", path: "/api/v1/archives", param: "q", as: "visitor" },
  { label: "API documents (signed in, full-text)", path: "/api/v1/archives", param: "q", as: "Satuan Kerja" },
  { label: "API documents of a category", path: "/api/v1/archives/category/1", param: "q", as: "visitor" },
  { label: "API access requests", path: "/api/v1/access-requests", param: "q", as: "Satuan Kerja" },
  { label: "API users", path: "/api/v1/users", param: "q", as: "Super Admin" },
  { label: "API work units", path: "/api/v1/unit-kerja", param: "q", as: "Super Admin" },
  { label: "API audit log search", path: "/api/v1/audit-logs", param: "q", as: "Super Admin" },
  { label: "API audit log actor filter", path: "/api/v1/audit-logs", param: "actor", as: "Super Admin" },
  { label: "API trash", path: "/api/v1/trash", param: "q", as: "Super Admin" },
  { label: "API trash (unit)", path: "/api/v1/trash", param: "q", as: "Satuan Kerja" },
  // Pages
  { label: "page public documents", path: "/documents", param: "q", as: "visitor", page: true },
  { label: "page documents", path: "/app/documents", param: "q", as: "Satuan Kerja", page: true },
  { label: "page access requests", path: "/app/access-request", param: "q", as: "Satuan Kerja", page: true },
  { label: "page users", path: "/app/users", param: "q", as: "Super Admin", page: true },
  { label: "page work units", path: "/app/manage-unit-kerja", param: "q", as: "Super Admin", page: true },
  { label: "page audit log actor filter", path: "/app/audit-logs", param: "actor", as: "Super Admin", page: true },
  { label: "page trash", path: "/app/trash", param: "q", as: "Satuan Kerja", page: true },
  { label: "page classification scheme", path: "/app/klasifikasi", param: "q", as: "Super Admin", page: true },
  { label: "page API tokens", path: "/app/api-tokens", param: "q", as: "Satuan Kerja", page: true },
];

/**
 * Inputs a search box must treat as plain text: over D1's 50-byte LIKE pattern limit in ASCII,
 * in LIKE wildcards and in multi-byte UTF-8, the escape character, FTS5 syntax, control
 * characters, lone surrogates and a very long string.
 */
export const ODD_SEARCHES: [string, string][] = [
  ["49 × a", "a".repeat(49)],
  ["25 × %", "%".repeat(25)],
  ["30 × é", "é".repeat(30)],
  ["emoji", "📄".repeat(20)],
  ["wildcards and escape", "%_\\%_\\"],
  ["a lone backslash", "\\"],
  ["underscores", "_".repeat(60)],
  ["FTS syntax", '"a" OR b* NEAR(c d) -e ^f AND NOT'],
  ["quotes only", '"""'],
  ["stars only", "***"],
  ["punctuation only", "%%% ___ ..."],
  ["control characters", "a\u0000b\u0001c\u001f"],
  ["lone surrogate", "ab\ud800cd"],
  ["long", "arsip ".repeat(400)],
];
