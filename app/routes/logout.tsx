import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { logout } from "~/server/services/auth.server";
import { getAppContext } from "~/server/route-helpers.server";
import { sessionCookie } from "~/server/session.server";

/** Logout is a POST (CSRF-checked by the Worker entry); a plain GET changes nothing. */
export async function action({ context }: Route.ActionArgs) {
  const ctx = getAppContext(context);
  await logout(ctx);
  return redirect("/", { headers: { "Set-Cookie": sessionCookie(ctx, null) } });
}

export function loader() {
  return redirect("/");
}
