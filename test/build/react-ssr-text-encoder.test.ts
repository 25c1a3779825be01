import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

/** The Worker bundle's React server renderer encodes markup with the short-ASCII encoder. */
it("builds React's server renderer with the short-ASCII TextEncoder", () => {
  const dir = "build/server/assets";
  const renderer = readdirSync(dir)
    .filter((name) => name.endsWith(".js"))
    .map((name) => readFileSync(join(dir, name), "utf8"))
    .find((code) => code.includes("function stringToChunk("));
  expect(renderer, "no React server renderer in build/server: run `npm run build` first").toBeDefined();
  // The Worker is minified with its functions' names kept (vite.config.ts): React's encoder
  // variable is renamed and the class expression may lose its name; `stringToChunk` keeps its.
  const encoder = /(\w+)\s*=\s*new class(?:\s+ShortAsciiTextEncoder)?\s*\{\s*encoding\s*=\s*[`"']utf-8[`"']/.exec(renderer!);
  expect(encoder, "React's server renderer builds its own TextEncoder: has the plugin stopped applying?").not.toBeNull();
  expect(renderer).toMatch(new RegExp(`function stringToChunk\\(\\w+\\)\\s*\\{\\s*return ${encoder![1]}\\.encode\\(`));
});
