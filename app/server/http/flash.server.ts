import { createCookie, type Cookie } from "react-router";
import type { AppConfig } from "../env.server";

/**
 * One-shot messages (toasts) carried across a redirect in a short-lived cookie, so they render
 * on the server and show without JavaScript. The cookie is signed with SESSION_SECRET, so no
 * other site or script can plant a message. The Worker entry reads it and clears it once shown.
 */
export type Flash = {
  type: "success" | "error";
  message: string;
  /**
   * Set when the message belongs in a page's dialog rather than a toast (the document it is
   * about): a success dialog shown once, so going Back to the page does not show it again.
   */
  dialogFor?: string;
};

const UUID = /^[0-9a-f-]{36}$/;

export const FLASH_COOKIE = "earsip_flash";

let cached: { secret: string; cookie: Cookie } | null = null;

/** The signed cookie, made once per isolate (again only if the secret changes). */
function flashCookie(config: Pick<AppConfig, "sessionSecret">): Cookie {
  if (cached?.secret !== config.sessionSecret) {
    const cookie = createCookie(FLASH_COOKIE, { secrets: [config.sessionSecret], path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });
    cached = { secret: config.sessionSecret, cookie };
  }
  return cached.cookie;
}

/** The Set-Cookie value that carries `flash` to the next page. */
export const setFlashCookie = (config: Pick<AppConfig, "sessionSecret">, flash: Flash) => flashCookie(config).serialize(flash);

export const clearFlashCookie = (config: Pick<AppConfig, "sessionSecret">) => flashCookie(config).serialize("", { maxAge: 0 });

/** The message of a request's Cookie header, or null (none, a bad signature, or not a message). */
export async function readFlash(config: Pick<AppConfig, "sessionSecret">, cookieHeader: string | null): Promise<Flash | null> {
  const value: unknown = await flashCookie(config).parse(cookieHeader).catch(() => null);
  if (!value || typeof value !== "object") return null;
  const { type, message, dialogFor } = value as Partial<Flash>;
  if ((type === "success" || type === "error") && typeof message === "string") {
    const flash: Flash = { type, message: message.slice(0, 300) };
    if (typeof dialogFor === "string" && UUID.test(dialogFor)) flash.dialogFor = dialogFor;
    return flash;
  }
  return null;
}
