import { redirect } from "react-router";
import type { Route } from "./+types/callback";
import { getAppContext } from "~/server/route-helpers.server";

/** Return point of single sign-on. Without an SSO configuration there is nothing to complete. */
export function loader({ context }: Route.LoaderArgs) {
  const ctx = getAppContext(context);
  if (!ctx.config.sso) return redirect("/login?sso=unconfigured");
  return redirect("/login?sso=failed");
}
