/**
 * The administration screens end to end, with JavaScript on and off: users (list, create with
 * field errors, update, detail, delete, 'Akhiri Sesi', a role change ending the user's
 * sessions), work units (create, edit, delete, refused while in use) and the audit log
 * (filters, keyset Previous/Next, the CSV link), plus an axe-core audit of every admin page and
 * dialog, the app shell included, at a laptop and a phone size with JavaScript on and at the
 * phone without (SIZE_RUNS). The refusals for other roles are in gates.test.ts.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, it, vi } from "vitest";
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  JS_MODES,
  SIZE_RUNS,
  baseURL,
  goto,
  login,
  pathOf,
  submitLogin,
  textOf,
  useBrowser,
  waitForHydration,
} from "../support/node/browser";
import { auditPages } from "../support/node/axe";
import { queryE2eDb } from "../support/node/e2e-db";

const browser = useBrowser();
// Each test walks several pages in two browser contexts; a shared machine makes that slow.
vi.setConfig({ testTimeout: 120_000 });
const POLL = { timeout: 10_000, interval: 100 };

const USER_COLUMNS = ["No", "Nama Lengkap", "Username", "Email", "Peran", "Terakhir Diperbarui", "Aksi"];
const UNIT_COLUMNS = ["No", "Nama", "Jenis", "Email", "Pejabat", "Terakhir Diperbarui", "Aksi"];
const AUDIT_COLUMNS = ["No", "Waktu", "Aksi", "Pengguna", "Detail", "Alamat IP", "User Agent"];

const unique = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;
const jakartaToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Jakarta" }).format(new Date());

// ---------------------------------------------------------------------------------------------
// Helpers

/** JSON API calls as the page's signed-in user (same cookies, its CSRF token, same origin). */
async function apiOf(page: Page) {
  const me = await page.request.get("/api/v1/users/me");
  const token = ((await me.json()) as { x_csrf_token: string }).x_csrf_token;
  return async <T>(method: "GET" | "POST" | "PUT" | "DELETE", path: string, data?: unknown): Promise<{ status: number; body: T }> => {
    const response = await page.request.fetch(path, { method, data, headers: { "x-csrf-token": token, Origin: baseURL() } });
    return { status: response.status(), body: (await response.json()) as T };
  };
}

type CreatedUser = { uuid: string; username: string };

async function createUserByApi(page: Page, role: "Viewer" | "Satuan Kerja", prefix: string): Promise<CreatedUser> {
  const api = await apiOf(page);
  const username = unique(prefix);
  const { status, body } = await api<{ data: CreatedUser }>("POST", "/api/v1/users", {
    fullName: `Pengguna Uji ${username}`,
    username,
    password: DEMO_PASSWORD,
    roleName: role,
    ...(role === "Satuan Kerja" ? { unitKerjaId: 3 } : {}),
  });
  expect(status).toBe(201);
  return { uuid: body.data.uuid, username };
}

/** Sign in as a user the test created (the demo password) and wait for /app. */
async function signInAs(page: Page, user: CreatedUser) {
  await submitLogin(page, user.username, DEMO_PASSWORD);
  await page.waitForURL((url) => url.pathname === "/app");
  await waitForHydration(page);
}

async function heading(page: Page, name: string) {
  await page.getByRole("heading", { level: 1, name, exact: true }).waitFor();
}

/** Wait for a page whose URL satisfies `check`, then for its heading (and hydration). */
async function arrive(page: Page, check: (url: URL) => boolean, title: string) {
  await page.waitForURL(check);
  await heading(page, title);
  await waitForHydration(page);
}

/** The message a control's `aria-describedby` points at (its field error). */
async function errorOf(control: Locator): Promise<string> {
  const ids = (await control.getAttribute("aria-describedby")) ?? "";
  const texts = await Promise.all(
    ids
      .split(/\s+/)
      .filter(Boolean)
      .map(async (id) => (await control.page().locator(`[id="${id}"]`).textContent().catch(() => "")) ?? ""),
  );
  return texts.join(" ").replace(/\s+/g, " ").trim();
}

const headerTexts = (table: Locator) => table.locator("thead th").evaluateAll((cells) => cells.map((cell) => (cell.textContent ?? "").replace(/[▲▼↕]/g, "").trim()));

async function toast(page: Page): Promise<string> {
  await page.getByTestId("toast").waitFor();
  return textOf(page, "[data-testid=toast]");
}

// ---------------------------------------------------------------------------------------------

describe.each(JS_MODES)("%s", (_mode, javaScriptEnabled) => {
  it("users: list columns; a Satuan Kerja user created after field errors beside their fields", async () => {
    const { page, expectHttpStatus } = await browser.newPage({ javaScriptEnabled });
    expectHttpStatus(400, 409);
    await login(page, DEMO_ACCOUNTS.admin, { open: "/app/users" });
    await heading(page, "Manajemen Pengguna");
    expect(await headerTexts(page.getByTestId("users-table"))).toEqual(USER_COLUMNS);
    // Newest change first: the default order is by 'Terakhir Diperbarui', descending.
    expect(await page.locator("th[aria-sort=descending]").textContent()).toContain("Terakhir Diperbarui");
    // The admin's own row offers no Delete.
    const own = page.getByTestId("user-row").filter({ hasText: DEMO_ACCOUNTS.admin.fullName });
    expect(await own.getByRole("link", { name: "Hapus", exact: true }).count()).toBe(0);
    expect(await own.getByRole("link", { name: "Edit", exact: true }).count()).toBe(1);

    await page.getByTestId("create-user").click();
    await arrive(page, (url) => url.pathname === "/app/users/create", "Tambah Pengguna");
    const unit = page.getByLabel("Unit Kerja", { exact: true });
    // Default role Viewer; the unit applies to Satuan Kerja only.
    expect(await page.getByLabel("Viewer", { exact: true }).isChecked()).toBe(true);
    if (javaScriptEnabled) {
      expect(await unit.count()).toBe(0);
      await page.getByLabel("Satuan Kerja", { exact: true }).check();
      await unit.waitFor();
    } else {
      expect(await unit.isVisible()).toBe(true);
      await page.getByLabel("Satuan Kerja", { exact: true }).check();
    }
    expect(await page.getByText("Hanya untuk peran Satuan Kerja", { exact: false }).count()).toBe(1);

    const username = unique("e2e.sk.");
    const fill = async (values: { username: string; email: string; unit?: string }) => {
      await page.getByLabel("Nama Lengkap", { exact: true }).fill("Staf Uji Hukum");
      await page.getByLabel("Username", { exact: true }).fill(values.username);
      await page.getByLabel("Email", { exact: true }).fill(values.email);
      await page.getByLabel("Password", { exact: true }).fill("rahasia-uji-123");
      await page.getByLabel("Satuan Kerja", { exact: true }).check();
      if (values.unit) await page.getByLabel("Unit Kerja", { exact: true }).selectOption({ label: values.unit });
      await page.getByTestId("submit-user").click();
    };

    // An invalid e-mail.
    await fill({ username, email: "bukan-email" });
    const email = page.getByLabel("Email", { exact: true });
    await expect.poll(() => errorOf(email), POLL).toBe("Format email tidak valid.");
    // Missing unit.
    await fill({ username, email: "staf.uji@univ.ac.id" });
    await expect.poll(() => errorOf(page.getByLabel("Unit Kerja", { exact: true })), POLL).toBe("Unit kerja wajib dipilih untuk peran Satuan Kerja.");
    // A username that exists.
    await fill({ username: "ADMIN", email: "staf.uji@univ.ac.id", unit: "Fakultas Hukum" });
    await expect.poll(() => errorOf(page.getByLabel("Username", { exact: true })), POLL).toBe('Username "ADMIN" sudah digunakan. Pilih username lain.');
    // The values came back, but not the password: not echoed without JavaScript, emptied with it.
    expect(await page.getByLabel("Nama Lengkap", { exact: true }).inputValue()).toBe("Staf Uji Hukum");
    await expect.poll(() => page.getByLabel("Password", { exact: true }).inputValue(), POLL).toBe("");

    await fill({ username, email: "staf.uji@univ.ac.id", unit: "Fakultas Hukum" });
    const dialog = page.getByTestId("success-dialog");
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("Pengguna berhasil dibuat.");
    if (javaScriptEnabled) await page.waitForURL((url) => url.pathname === "/app/users/create" && !url.searchParams.has("saved"));
    await dialog.getByRole("link", { name: "Kembali ke Daftar" }).click();
    await arrive(page, (url) => url.pathname === "/app/users", "Manajemen Pengguna");

    await page.getByRole("searchbox").fill(username);
    await page.getByRole("searchbox").press("Enter");
    await page.waitForURL((url) => url.searchParams.get("q") === username);
    const row = page.getByTestId("user-row").filter({ hasText: username });
    await row.waitFor();
    expect(await row.textContent()).toContain("Satuan Kerja");
    await row.getByRole("link", { name: "Lihat", exact: true }).click();
    await arrive(page, (url) => /^\/app\/users\/[0-9a-f-]{36}$/.test(url.pathname), "Detail Pengguna");
    const detail = await textOf(page, "[data-testid=user-detail]");
    expect(detail).toContain("Fakultas Hukum");
    expect(detail).toContain("staf.uji@univ.ac.id");
    expect(detail).toMatch(/UUID\s*[0-9a-f-]{36}/);
  });

  it("users: a role change ends that user's sessions; only non-empty fields are sent", async () => {
    const admin = await browser.newPage({ javaScriptEnabled });
    await login(admin.page, DEMO_ACCOUNTS.admin);
    const user = await createUserByApi(admin.page, "Viewer", "e2e.role.");
    const other = await browser.newPage({ javaScriptEnabled });
    await signInAs(other.page, user);

    const posts: string[] = [];
    admin.page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes(`/app/users/${user.uuid}/update`)) posts.push(request.postData() ?? "");
    });
    await goto(admin.page, `/app/users/${user.uuid}/update`);
    await heading(admin.page, "Update Pengguna");
    const password = admin.page.getByLabel("Password", { exact: true });
    expect(await password.inputValue()).toBe("");
    expect(await admin.page.getByText("Kosongkan jika tidak ingin mengubah", { exact: true }).isVisible()).toBe(true);
    await admin.page.getByLabel("Satuan Kerja", { exact: true }).check();
    await admin.page.getByLabel("Unit Kerja", { exact: true }).selectOption({ label: "Fakultas Teknik" });
    await admin.page.getByTestId("submit-user").click();
    await admin.page.getByTestId("success-dialog").waitFor();
    expect(await admin.page.getByTestId("success-dialog").textContent()).toContain("Pengguna berhasil diperbarui.");
    if (javaScriptEnabled) {
      // The blank password was not sent at all.
      expect(posts).toHaveLength(1);
      expect(posts[0]).not.toMatch(/name="password"|password=/);
    }

    // The user's next page load finds the session ended and lands on /.
    await other.page.goto("/app/documents");
    await other.page.waitForURL((url) => url.pathname === "/");
    expect(pathOf(other.page)).toBe("/");

    await goto(admin.page, `/app/users/${user.uuid}`);
    const detail = await textOf(admin.page, "[data-testid=user-detail]");
    expect(detail).toContain("Satuan Kerja");
    expect(detail).toContain("Fakultas Teknik");
  });

  it("users: 'Akhiri Sesi', delete with confirm, refusals with their reasons", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled });
    await login(page, DEMO_ACCOUNTS.admin);
    const user = await createUserByApi(page, "Viewer", "e2e.del.");
    const other = await browser.newPage({ javaScriptEnabled });
    await signInAs(other.page, user);

    await goto(page, `/app/users/${user.uuid}`);
    await heading(page, "Detail Pengguna");
    expect(await textOf(page, "[data-testid=active-sessions]")).toBe("1 sesi aktif");
    await page.getByTestId("end-sessions").click();
    const confirm = page.getByTestId("end-sessions-dialog");
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(`Akhiri semua sesi pengguna "${user.username}"? Pengguna harus login kembali.`);
    await confirm.getByRole("button", { name: "Ya, Akhiri Sesi" }).click();
    expect(await toast(page)).toBe("1 sesi pengguna telah diakhiri.");
    await expect.poll(() => textOf(page, "[data-testid=active-sessions]"), POLL).toBe("0 sesi aktif");
    await other.page.goto("/app");
    await other.page.waitForURL((url) => url.pathname === "/");

    // Delete from the list, through the addressable confirm dialog.
    await goto(page, `/app/users?q=${user.username}`);
    await page.getByTestId("user-row").filter({ hasText: user.username }).getByRole("link", { name: "Hapus", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("dialog") === "delete" && url.searchParams.get("user") === user.uuid);
    const dialog = page.getByTestId("delete-dialog");
    await dialog.waitFor();
    await waitForHydration(page);
    expect(await dialog.getByRole("heading").textContent()).toBe("Konfirmasi Hapus");
    expect(await dialog.textContent()).toContain(`Apakah Anda yakin ingin menghapus pengguna "${user.username}"? Tindakan ini tidak dapat dibatalkan.`);
    await dialog.getByRole("button", { name: "Ya, Hapus" }).click();
    expect(await toast(page)).toBe("Pengguna berhasil dihapus!");
    await page.waitForURL((url) => url.pathname === "/app/users" && !url.searchParams.has("dialog"));
    await page.getByTestId("empty").waitFor();

    // A user who uploaded documents stays (documents keep their uploader): the reason is shown,
    // with the way out ('Nonaktifkan').
    await goto(page, "/app/users?q=ft.staff");
    await page.getByTestId("user-row").filter({ hasText: "ft.staff" }).getByRole("link", { name: "Lihat", exact: true }).click();
    await arrive(page, (url) => /^\/app\/users\/[0-9a-f-]{36}$/.test(url.pathname), "Detail Pengguna");
    await page.getByTestId("delete-user").click();
    await page.getByTestId("delete-dialog").getByRole("button", { name: "Ya, Hapus" }).click();
    expect(await toast(page)).toMatch(/^Pengguna ini tercatat sebagai pengunggah \d+ dokumen .* Gunakan 'Nonaktifkan' agar akun ini tidak dapat login lagi\.$/);
    await heading(page, "Detail Pengguna");
  });

  it("work units: list, create and edit with field errors, delete with confirm, refused while in use", async () => {
    const { page, expectHttpStatus } = await browser.newPage({ javaScriptEnabled });
    expectHttpStatus(400, 409);
    await login(page, DEMO_ACCOUNTS.admin, { open: "/app/manage-unit-kerja" });
    await heading(page, "Manajemen Unit Kerja");
    expect(await headerTexts(page.getByTestId("units-table"))).toEqual(UNIT_COLUMNS);
    // 'DD MMMM YYYY HH:mm'.
    const updated = await page.getByTestId("unit-row").first().locator("td").nth(5).textContent();
    expect(updated).toMatch(/^\d{2} [A-Z][a-z]+ \d{4} \d{2}:\d{2}$/);

    await page.getByTestId("create-unit").click();
    await arrive(page, (url) => url.pathname === "/app/manage-unit-kerja/create", "Tambah Unit Kerja");
    await page.getByLabel("Jenis", { exact: true }).fill("Unit");
    await page.getByTestId("submit-unit").click();
    await expect.poll(() => errorOf(page.getByLabel("Nama", { exact: true })), POLL).toBe("Nama unit kerja wajib diisi.");
    await page.getByLabel("Nama", { exact: true }).fill("fakultas teknik");
    await page.getByLabel("Email", { exact: true }).fill("salah@");
    await page.getByTestId("submit-unit").click();
    await expect.poll(() => errorOf(page.getByLabel("Email", { exact: true })), POLL).toBe("Format email tidak valid.");
    await page.getByLabel("Email", { exact: true }).fill("");
    await page.getByTestId("submit-unit").click();
    await expect.poll(() => errorOf(page.getByLabel("Nama", { exact: true })), POLL).toBe('Unit kerja dengan nama "fakultas teknik" sudah ada.');

    const nama = unique("Unit Uji ");
    await page.getByLabel("Nama", { exact: true }).fill(nama);
    await page.getByLabel("Jenis", { exact: true }).fill("Unit");
    await page.getByLabel("Email", { exact: true }).fill("uji@univ.ac.id");
    await page.getByLabel("Nama Pejabat", { exact: true }).fill("Dr. Uji Coba");
    await page.getByTestId("submit-unit").click();
    const saved = page.getByTestId("success-dialog");
    await saved.waitFor();
    await saved.getByRole("link", { name: "Kembali ke Daftar" }).click();
    await arrive(page, (url) => url.pathname === "/app/manage-unit-kerja", "Manajemen Unit Kerja");
    // Newest change first: the new unit heads the list.
    const first = page.getByTestId("unit-row").first();
    expect(await first.textContent()).toContain(nama);
    expect(await first.textContent()).toContain("Dr. Uji Coba");

    await first.getByRole("link", { name: "Edit", exact: true }).click();
    await arrive(page, (url) => /^\/app\/manage-unit-kerja\/\d+\/update$/.test(url.pathname), "Ubah Unit Kerja");
    expect(await page.getByLabel("Nama", { exact: true }).inputValue()).toBe(nama);
    await page.getByLabel("Nama Pejabat", { exact: true }).fill("Prof. Uji Ubah");
    await page.getByTestId("submit-unit").click();
    await page.getByTestId("success-dialog").waitFor();
    expect(await page.getByTestId("success-dialog").textContent()).toContain("Unit kerja berhasil diperbarui.");
    await page.getByTestId("success-dialog").getByRole("link", { name: "Kembali ke Daftar" }).click();
    await arrive(page, (url) => url.pathname === "/app/manage-unit-kerja", "Manajemen Unit Kerja");
    const row = page.getByTestId("unit-row").filter({ hasText: nama });
    expect(await row.textContent()).toContain("Prof. Uji Ubah");

    await row.getByRole("link", { name: "Hapus", exact: true }).click();
    const dialog = page.getByTestId("delete-dialog");
    await dialog.waitFor();
    await waitForHydration(page);
    expect(await dialog.getByRole("heading").textContent()).toBe("Konfirmasi Hapus");
    expect(await dialog.locator("p").first().textContent()).toBe(`Apakah Anda yakin ingin menghapus unit kerja "${nama}"? Tindakan ini tidak dapat dibatalkan.`);
    await dialog.getByRole("button", { name: "Ya, Hapus" }).click();
    expect(await toast(page)).toBe("Unit kerja berhasil dihapus!");
    await page.waitForURL((url) => !url.searchParams.has("dialog"));
    expect(await page.getByTestId("unit-row").filter({ hasText: nama }).count()).toBe(0);

    // In use (users and documents): refused, the reason in the toast, the dialog closed.
    await goto(page, "/app/manage-unit-kerja?q=Fakultas%20Teknik");
    await page.getByTestId("unit-row").filter({ hasText: "Fakultas Teknik" }).getByRole("link", { name: "Hapus", exact: true }).click();
    await page.getByTestId("delete-dialog").waitFor();
    await waitForHydration(page);
    await page.getByTestId("delete-dialog").getByRole("button", { name: "Ya, Hapus" }).click();
    expect(await toast(page)).toMatch(/^Unit kerja "Fakultas Teknik" tidak dapat dihapus karena masih digunakan oleh \d+ pengguna dan \d+ dokumen\.$/);
    await page.waitForURL((url) => !url.searchParams.has("dialog"));
    expect(await page.getByTestId("delete-dialog").count()).toBe(0);
    expect(await page.getByTestId("unit-row").filter({ hasText: "Fakultas Teknik" }).count()).toBe(1);
  });

  it("audit log: columns, filters, keyset Next/Previous, CSV link with the filters", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled });
    await login(page, DEMO_ACCOUNTS.admin);
    // The pager's total is the trigger-kept count: equal to the rows there are (a read writes none).
    const [{ rows }] = queryE2eDb<{ rows: number }>("SELECT COUNT(*) AS rows FROM audit_logs");
    await goto(page, "/app/audit-logs?size=5");
    await heading(page, "Log Audit");
    expect(await headerTexts(page.getByTestId("audit-table"))).toEqual(AUDIT_COLUMNS);
    expect(await page.getByTestId("export-csv").getAttribute("href")).toBe("/api/v1/audit-logs/export.csv");

    // Keyset paging: Next (older), then Previous back to the same newest rows.
    const rowTexts = () => page.getByTestId("audit-row").allTextContents();
    const firstPage = await rowTexts();
    expect(firstPage).toHaveLength(5);
    expect(await textOf(page, "[data-testid=showing]")).toBe(`Showing 1–5 of ${rows} entries`);
    await page.getByRole("link", { name: "Next", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.has("before"));
    await heading(page, "Log Audit");
    await expect.poll(async () => (await rowTexts())[0] !== firstPage[0], POLL).toBe(true);
    const secondPage = await rowTexts();
    expect(secondPage.some((text) => firstPage.includes(text))).toBe(false);
    await page.getByRole("link", { name: "Previous", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.has("after"));
    await expect.poll(rowTexts, POLL).toEqual(firstPage);

    // Filters: action, actor, date range.
    await goto(page, "/app/audit-logs");
    await page.getByTestId("action-filter").selectOption("LOGIN");
    await page.getByLabel("Username", { exact: true }).fill("admin");
    await page.getByLabel("Dari tanggal", { exact: true }).fill(jakartaToday());
    await page.getByLabel("Sampai tanggal", { exact: true }).fill(jakartaToday());
    await page.getByRole("button", { name: "Terapkan", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("action") === "LOGIN" && url.searchParams.get("actor") === "admin" && url.searchParams.get("from") === jakartaToday());
    await heading(page, "Log Audit");
    await waitForHydration(page);
    await expect.poll(async () => (await page.getByTestId("audit-row").count()) > 0, POLL).toBe(true);
    const cells = await page.getByTestId("audit-row").evaluateAll((rows) => rows.map((row) => [row.children[2]!.textContent, row.children[3]!.textContent]));
    expect(cells.every(([action, actor]) => action === "Login" && actor === "admin")).toBe(true);
    const href = await page.getByTestId("export-csv").getAttribute("href");
    expect(href).toBe(`/api/v1/audit-logs/export.csv?action=LOGIN&actor=admin&from=${jakartaToday()}&to=${jakartaToday()}`);
    const csv = await page.request.get(href!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const bytes = await csv.body();
    // A UTF-8 byte-order mark first, for spreadsheet programs.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").trim().split("\r\n");
    expect(lines[0]).toBe('"ID","Waktu (UTC)","Aksi","Pengguna","Detail","Alamat IP","User Agent"');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => line.includes('"LOGIN","admin"'))).toBe(true);

    // A range in the future matches nothing.
    await goto(page, "/app/audit-logs?from=2099-01-01");
    expect(await textOf(page, "[data-testid=empty]")).toBe("Tidak ada data yang cocok.");
    expect(await page.getByRole("link", { name: "Next", exact: true }).count()).toBe(0);
  });
});

describe.each(SIZE_RUNS)("accessibility (axe-core), $size, $mode", ({ viewport, javaScriptEnabled }) => {
  it("every admin page and dialog has no violations", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled, viewport });
    await login(page, DEMO_ACCOUNTS.admin);
    const api = await apiOf(page);
    const users = await api<{ data: { uuid: string; username: string }[] }>("GET", "/api/v1/users?q=viewer");
    const viewer = users.body.data.find((user) => user.username === DEMO_ACCOUNTS.viewer.username)!;
    const units = await api<{ data: { id: number }[] }>("GET", "/api/v1/unit-kerja");
    const unitId = units.body.data[0]!.id;
    await auditPages(page, [
      "/app/users",
      `/app/users?dialog=delete&user=${viewer.uuid}`,
      "/app/users/create",
      "/app/users/create?saved=1",
      `/app/users/${viewer.uuid}`,
      `/app/users/${viewer.uuid}?dialog=end-sessions`,
      `/app/users/${viewer.uuid}/update`,
      "/app/manage-unit-kerja",
      `/app/manage-unit-kerja?dialog=delete&id=${unitId}`,
      "/app/manage-unit-kerja/create",
      `/app/manage-unit-kerja/${unitId}/update`,
      "/app/audit-logs",
      "/app/audit-logs?from=2099-01-01",
    ]);
  });
});
