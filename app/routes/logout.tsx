import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { logout } from "~/server/auth/service.server";
import { getAppContext } from "~/routes/helpers/route-errors.server";
import { reauthCookie, sessionCookie } from "~/server/auth/session.server";
import { setFlashCookie } from "~/server/http/flash.server";
import { login as loginText } from "~/i18n/auth";

/**
 * Logout is a POST (CSRF-checked by the Worker entry); a plain GET changes nothing. The landing
 * page says it worked (a toast), and the next 'Login SSO' in this browser asks the IdP to prompt
 * for credentials again, so the previous SSO user is not signed straight back in.
 */
export async function action({ context }: Route.ActionArgs) {
  const ctx = getAppContext(context);
  await logout(ctx);
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(ctx, null));
  headers.append("Set-Cookie", reauthCookie(ctx, true));
  headers.append("Set-Cookie", await setFlashCookie(ctx.config, { type: "success", message: loginText.loggedOut }));
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
