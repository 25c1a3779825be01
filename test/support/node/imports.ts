/**
 * The import page's run, as a person does it: 'Impor Sekarang', then the page reloaded until the
 * job (run from the queue a moment later) has ended. With JavaScript off the reload is the only
 * way to see it; with it on, the same loop does no harm.
 */
import type { Page } from "playwright-core";
import { goto } from "./browser";

export async function runImportUntilDone(page: Page): Promise<string | null> {
  await page.getByTestId("run-import").click();
  await page.getByTestId("toast").filter({ hasText: "Impor dimulai" }).waitFor({ state: "attached" });
  const status = () => page.getByTestId("import-status").textContent();
  for (let attempt = 0; attempt < 60 && !(await status())?.includes("Selesai"); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const url = new URL(page.url());
    await goto(page, url.pathname + url.search);
    await page.getByRole("heading", { name: "Impor Arsip", level: 1 }).waitFor();
  }
  return status();
}
