import { Hono } from "hono";
import type { HonoEnv } from "../hono-env";
import { authApi } from "./auth";
import { apiErrorHandler } from "./errors";
import { ssoApi } from "./sso";
import { usersApi } from "./users";

/** The JSON API of SPEC section 7, mounted at /api/v1. */
export const api = new Hono<HonoEnv>()
  .route("/auth", authApi)
  .route("/auth/sso", ssoApi)
  .route("/users", usersApi)
  .notFound((c) => c.json({ message: "Endpoint tidak ditemukan.", error: "Not Found" }, 404))
  .onError(apiErrorHandler);
