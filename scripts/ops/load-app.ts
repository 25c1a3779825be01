import { build } from "esbuild";
import { projectRoot } from "./sql.ts";

export type AppRules = typeof import("./app-rules.ts");

/**
 * scripts/ops/app-rules.ts, bundled with esbuild (tsconfig paths, TypeScript syntax Node's type
 * stripping refuses) and imported from memory. Everything it needs, zod included, is in the
 * bundle: no build step, no copy of a rule.
 */
export async function loadAppRules(): Promise<AppRules> {
  const result = await build({
    entryPoints: [`${projectRoot}scripts/ops/app-rules.ts`],
    tsconfig: `${projectRoot}tsconfig.node.json`,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    write: false,
    logLevel: "silent",
  });
  const code = result.outputFiles[0]!.text;
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)) as AppRules;
}
