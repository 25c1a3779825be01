/**
 * One-shot messages (toasts) carried across a redirect in a short-lived cookie, so they render
 * on the server and show without JavaScript. The Worker entry reads and clears it.
 */
export type Flash = { type: "success" | "error"; message: string };

export const FLASH_COOKIE = "earsip_flash";

export function flashCookie(flash: Flash): string {
  const value = btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(flash))));
  return `${FLASH_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60`;
}

export const clearFlashCookie = () => `${FLASH_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;

export function parseFlash(value: string | null): Flash | null {
  if (!value) return null;
  try {
    const bytes = Uint8Array.from(atob(value), (c) => c.charCodeAt(0));
    const parsed = JSON.parse(new TextDecoder().decode(bytes)) as Partial<Flash>;
    if ((parsed.type === "success" || parsed.type === "error") && typeof parsed.message === "string") {
      return { type: parsed.type, message: parsed.message.slice(0, 300) };
    }
  } catch {
    // A damaged cookie is simply no message.
  }
  return null;
}
