import { readFileSync } from "node:fs";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { reactSsrTextEncoder } from "../../../vite-plugins/react-ssr-text-encoder.ts";

const REPLAY_MODULE = "virtual:bench-replay-pages";

/** The pages control (a'') replays: the JSON file the bench names in BENCH_REPLAY_PAGES (none: no pages). */
const replayPages = (): Plugin => ({
  name: "bench-replay-pages",
  resolveId: (id) => (id === REPLAY_MODULE ? `\0${REPLAY_MODULE}` : undefined),
  load: (id) => {
    if (id !== `\0${REPLAY_MODULE}`) return undefined;
    const file = process.env.BENCH_REPLAY_PAGES;
    return `export default ${file ? readFileSync(file, "utf8") : "{}"};`;
  },
});

// The same plugins as the app's vite.config.ts (React's server renderer with the same encoder),
// minus Tailwind (no stylesheet here). BENCH_CONTROL_APP_ROUTES builds control (a''') with the
// app's route table (app/routes.ts).
export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter(), reactSsrTextEncoder(), replayPages()],
  define: { __APP_ROUTE_TABLE__: JSON.stringify(Boolean(process.env.BENCH_CONTROL_APP_ROUTES)) },
});
