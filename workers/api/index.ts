import { Hono } from "hono";
import { api as apiText } from "~/i18n/api";
import type { HonoEnv } from "../hono-env";
import { accessRequestsApi } from "./access-requests";
import { archivesApi } from "./archives";
import { auditLogsApi } from "./audit-logs";
import { authApi } from "./auth";
import { bearerScope } from "./bearer";
import { csrfOnUnsafeMethods } from "./csrf";
import { fixityApi } from "./fixity";
import { importsApi } from "./imports";
import { jobsApi } from "./jobs";
import { notificationsApi } from "./notifications";
import { apiErrorHandler } from "./errors";
import { OPENAPI_PATH, openApiResponse } from "./openapi";
import { ssoApi } from "./sso";
import { statisticsApi } from "./statistics";
import { trashApi } from "./trash";
import { disposalListsApi } from "./disposal-lists";
import { berkasApi } from "./berkas";
import { exportApi } from "./export";
import { unitKerjaApi } from "./unit-kerja";
import { ppidApi } from "./ppid";
import { usersApi } from "./users";

/** The JSON API, mounted at /api/v1. */
export const api: Hono<HonoEnv> = new Hono<HonoEnv>()
  // A bearer token's scope, then the CSRF check of every unsafe method of every API route (and
  // of unknown paths), after routing has decoded the path.
  .use(bearerScope)
  .use(csrfOnUnsafeMethods)
  .get(OPENAPI_PATH, (c) => openApiResponse(c, api))
  .route("/auth", authApi)
  .route("/auth/sso", ssoApi)
  .route("/users", usersApi)
  .route("/archives", archivesApi)
  .route("/trash", trashApi)
  .route("/disposal-lists", disposalListsApi)
  .route("/berkas", berkasApi)
  .route("/export", exportApi)
  .route("/statistics", statisticsApi)
  .route("/access-requests", accessRequestsApi)
  .route("/unit-kerja", unitKerjaApi)
  .route("/ppid", ppidApi)
  .route("/audit-logs", auditLogsApi)
  .route("/fixity", fixityApi)
  .route("/notifications", notificationsApi)
  .route("/jobs", jobsApi)
  .route("/imports", importsApi)
  // Not `.notFound()`: Hono ignores a sub-app's notFound once it is mounted with `route()`, so
  // unknown /api/v1 paths (and wrong methods) would fall through to React Router's HTML pages.
  .all("*", (c) => c.json({ message: apiText.notFound, error: "Not Found" }, 404))
  .onError(apiErrorHandler);
