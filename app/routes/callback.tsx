import type { Route } from "./+types/callback";
import { completeSsoLogin } from "~/server/auth/oidc.server";
import { getAppContext } from "~/routes/helpers/route-errors.server";

/**
 * Return point of single sign-on: always answers with a redirect, to /app once signed in, or
 * to /login with a notice (?sso=unconfigured | failed | unknown-user | claims-refused | deactivated).
 */
export function loader({ context, request }: Route.LoaderArgs) {
  return completeSsoLogin(getAppContext(context), request);
}
