import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { reactSsrTextEncoder } from "../../../vite-plugins/react-ssr-text-encoder.ts";

// The same plugins as the app's vite.config.ts (React's server renderer with the same encoder),
// minus Tailwind (no stylesheet here).
export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter(), reactSsrTextEncoder()],
});
