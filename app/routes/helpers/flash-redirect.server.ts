import { redirect } from "react-router";
import type { RequestContext } from "../../server/context.server";
import { setFlashCookie, type Flash } from "../../server/http/flash.server";

/** Redirect and show a toast on the next page. */
export const redirectWithFlash = async (ctx: Pick<RequestContext, "config">, to: string, flash: Flash) =>
  redirect(to, { headers: { "Set-Cookie": await setFlashCookie(ctx.config, flash) } });
