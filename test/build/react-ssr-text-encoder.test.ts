import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

/** The Worker bundle's React server renderer encodes markup with the short-ASCII encoder. */
it("builds React's server renderer with the short-ASCII TextEncoder", () => {
  const dir = "build/server/assets";
  const renderer = readdirSync(dir)
    .filter((name) => name.endsWith(".js"))
    .map((name) => readFileSync(join(dir, name), "utf8"))
    .find((code) => code.includes("function stringToChunk(content)"));
  expect(renderer, "no React server renderer in build/server: run `npm run build` first").toBeDefined();
  expect(renderer).toMatch(/var textEncoder = new class (ShortAsciiTextEncoder )?\{\s*encoding = "utf-8";\s*#native = new TextEncoder\(\);/);
});
