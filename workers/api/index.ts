import { Hono } from "hono";
import { api as apiText } from "~/i18n/api";
import type { HonoEnv } from "../hono-env";
import { accessRequestsApi } from "./access-requests";
import { archivesApi } from "./archives";
import { auditLogsApi } from "./audit-logs";
import { authApi } from "./auth";
import { csrfOnUnsafeMethods } from "./csrf";
import { apiErrorHandler } from "./errors";
import { ssoApi } from "./sso";
import { statisticsApi } from "./statistics";
import { unitKerjaApi } from "./unit-kerja";
import { usersApi } from "./users";

/** The JSON API, mounted at /api/v1. */
export const api = new Hono<HonoEnv>()
  // Every unsafe method of every API route (and of unknown paths) is CSRF-checked here, after
  // routing has decoded the path.
  .use(csrfOnUnsafeMethods)
  .route("/auth", authApi)
  .route("/auth/sso", ssoApi)
  .route("/users", usersApi)
  .route("/archives", archivesApi)
  .route("/statistics", statisticsApi)
  .route("/access-requests", accessRequestsApi)
  .route("/unit-kerja", unitKerjaApi)
  .route("/audit-logs", auditLogsApi)
  // Not `.notFound()`: Hono ignores a sub-app's notFound once it is mounted with `route()`, so
  // unknown /api/v1 paths (and wrong methods) would fall through to React Router's HTML pages.
  .all("*", (c) => c.json({ message: apiText.notFound, error: "Not Found" }, 404))
  .onError(apiErrorHandler);
