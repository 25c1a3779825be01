/// <reference types="vite/client" />
// The server build the React Router Vite plugin provides to the Worker entry.
declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";
  const build: ServerBuild;
  export = build;
}

// Control (a'')'s pages, written by the bench (scripts/bench/control-ssr/vite.config.ts).
declare module "virtual:bench-replay-pages" {
  const pages: Record<string, unknown>;
  export default pages;
}

/** Whether this build has the app's route table (control (a''')), set by vite.config.ts. */
declare const __APP_ROUTE_TABLE__: boolean;
