import { redirect } from "react-router";
import type { AppContext } from "./context.server";
import { setFlashCookie, type Flash } from "./flash.server";

/** Redirect and show a toast on the next page. */
export const redirectWithFlash = async (ctx: Pick<AppContext, "config">, to: string, flash: Flash) =>
  redirect(to, { headers: { "Set-Cookie": await setFlashCookie(ctx.config, flash) } });
