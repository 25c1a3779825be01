import type { Config } from "@react-router/dev/config";

/**
 * The benchmark's SSR control: the smallest React Router app with the app's toolchain. The
 * benchmark builds it into a temp dir (BENCH_CONTROL_BUILD_DIR), never into the repository.
 */
export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: process.env.BENCH_CONTROL_BUILD_DIR ?? "build",
} satisfies Config;
