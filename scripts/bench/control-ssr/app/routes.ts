import { type RouteConfig, type RouteConfigEntry, index, route } from "@react-router/dev/routes";
import appRoutes from "../../../../app/routes";

/** Controls (a), (a') and (a''): the smallest route table. */
const ownRoutes = [index("routes/home.tsx"), route("table", "routes/table.tsx"), route("replay/:page", "routes/replay.tsx")];

/** The app's route modules whose pages control (a''') renders again at their own paths. */
const REPLAYED_MODULES = new Set(["routes/app/documents.tsx", "routes/app/dashboard.tsx", "routes/app/document-detail.tsx"]);

/**
 * Control (a'''): the app's whole route table (its paths, nesting and ids), every module a stub —
 * a layout renders its outlet, a page nothing — but the replayed pages', which render the
 * captured page again at its own path. What it costs beyond (a'') is React Router's work for
 * that many routes on each request.
 */
function asStubs(entries: RouteConfigEntry[]): RouteConfigEntry[] {
  return entries.map((entry) => ({
    ...entry,
    id: entry.id ?? entry.file.replace(/\.tsx?$/, ""),
    file: REPLAYED_MODULES.has(entry.file) ? "routes/replay-at-path.tsx" : entry.children ? "routes/stub-layout.tsx" : "routes/stub.tsx",
    children: entry.children && asStubs(entry.children),
  }));
}

export default (process.env.BENCH_CONTROL_APP_ROUTES ? asStubs(appRoutes) : ownRoutes) satisfies RouteConfig;
