import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { reactSsrTextEncoder } from "./vite-plugins/react-ssr-text-encoder.ts";
import { swaggerUiAssets } from "./vite-plugins/swagger-ui-assets.ts";
import { smallPreloadHelper } from "./vite-plugins/small-preload-helper.ts";
import { reactEsmBindings } from "./vite-plugins/react-esm-bindings.ts";

/**
 * What every page loads, as one chunk: React DOM, React Router, the ESM facades over React
 * (vite-plugins/react-esm-bindings.ts), and the app modules of the root
 * route (its shell, error boundary, shared strings and helpers). Left to automatic code splitting,
 * React DOM and the router's hydration glue sit in the entry's chunk apart from the rest of the
 * router, and the app modules become a dozen chunks of a few hundred bytes, each with its own
 * import/export glue and gzip overhead. One chunk is 1.15 kB (gzip) less on every page than the
 * entry and shell apart; the cost is that a change to the shell's app code changes the cached
 * framework file too.
 */
const SHELL_MODULES =
  /[\\/]node_modules[\\/](react-dom|scheduler|react-router)[\\/]|[\\/]app[\\/](root\.tsx|components[\\/](app-shell|app-link|error-boundary|not-found|buttons|toast|inline-styles|form[\\/]csrf-field)\.tsx|components[\\/]url-dialog\.ts|i18n[\\/](id|ui)\.ts|lib[\\/](meta|breadcrumb)\.ts|domain[\\/](roles|shell)\.ts)$|^\0e-arsip\/esm\//;

/**
 * The table (DataTable, its sort headers and empty state, the list strings) that 24 pages show,
 * and the list kit (toolbar, pagination, link builders) that 17 of them, the searchable lists, add:
 * two chunks, so a page with a table only (a job, a transfer, a disposal list, imports, the PPID's
 * consequence tests) does not load the toolbar (−1.96 kB), at +0.25 kB on the lists that load
 * both (0309). Within each, one chunk instead of several whose shares differ by a few hundred
 * bytes. The table's group comes first: a group also takes the modules its own import, and the
 * toolbar imports the list strings.
 */
const TABLE_MODULES = /[\\/]app[\\/](components[\\/]list[\\/](data-table|sort-header|empty-state)\.tsx|i18n[\\/]list\.ts)$/;
const LIST_KIT_MODULES = /[\\/]app[\\/](components[\\/]list[\\/](?!data-table|sort-header|empty-state)|domain[\\/]list-page\.ts$)/;

/** What every berkas, Daftar Arsip and transfer page shows of a berkas: one chunk, not two of 0.1–0.3 kB. */
const BERKAS_VIEW_MODULES = /[\\/]app[\\/](domain[\\/]berkas-view|i18n[\\/]berkas-vocabulary)\.ts$/;

/**
 * `lazyComponent` and the preload helper that wraps its imports (vite-plugins/small-preload-helper.ts):
 * every page with a lazy part loads both, so one chunk instead of two (0.07–0.10 kB less on each).
 */
const LAZY_MODULES = /[\\/]app[\\/]components[\\/]lazy-component\.tsx$|^\0vite\/preload-helper\.js$/;

/**
 * The Workers' code is minified (oxc) but keeps its function and class names: the page Worker's
 * gzip is 651 KiB where it was 992 (its limit is 1 MiB), which is headroom for what comes and
 * less to load at a cold start. Kept names cost 27 KiB and leave stack traces and CPU profiles
 * readable without a source map; `wrangler deploy` uploads the maps too (`upload_source_maps` in
 * both wrangler files), so Workers Logs show the original files and lines.
 */
const WORKER_MINIFY = { mangle: { keepNames: true }, compress: { keepNames: { function: true, class: true } } } as const;

const FORM_KIT_MODULES = /[\\/]app[\\/]components[\\/]form[\\/](fields\.tsx|form-state\.ts|rules\.ts|use-form-kit\.ts)$/;

export default defineConfig({
  plugins: [
    // The processor Worker (PDF text, Berita Acara PDFs) is built beside the app, to build/processor.
    cloudflare({ viteEnvironment: { name: "ssr" }, auxiliaryWorkers: [{ configPath: "./wrangler.processor.toml" }] }),
    tailwindcss(),
    reactRouter(),
    reactSsrTextEncoder(),
    swaggerUiAssets(),
    smallPreloadHelper(),
    reactEsmBindings(),
  ],
  resolve: { tsconfigPaths: true },
  environments: {
    ssr: { build: { rolldownOptions: { output: { minify: WORKER_MINIFY } } } },
    e_arsip_processor: { build: { outDir: "build/processor", rolldownOptions: { output: { minify: WORKER_MINIFY } } } },
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "shell", test: SHELL_MODULES },
                { name: "data-table", test: TABLE_MODULES },
                { name: "list-kit", test: LIST_KIT_MODULES },
                { name: "berkas-view", test: BERKAS_VIEW_MODULES },
                { name: "form-kit", test: FORM_KIT_MODULES },
                { name: "lazy-component", test: LAZY_MODULES },
              ],
            },
          },
        },
      },
    },
  },
});
