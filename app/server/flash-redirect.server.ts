import { redirect } from "react-router";
import { flashCookie, type Flash } from "./flash.server";

/** Redirect and show a toast on the next page. */
export const redirectWithFlash = (to: string, flash: Flash) => redirect(to, { headers: { "Set-Cookie": flashCookie(flash) } });
