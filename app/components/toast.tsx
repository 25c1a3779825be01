import type { Flash } from "~/server/http/flash.server";

/**
 * A server-rendered toast (flash cookie); it fades by CSS, so it needs no JavaScript. The 700
 * shades keep white text above 4.5:1 (emerald-600 was 3.65:1, under WCAG AA for this size).
 */
export function Toast({ flash }: { flash: Flash | null }) {
  // A flash for a page's dialog is rendered by that page.
  if (!flash || flash.dialogFor) return null;
  const tone = flash.type === "success" ? "bg-emerald-700" : "bg-red-700";
  return (
    <div
      role={flash.type === "error" ? "alert" : "status"}
      data-testid="toast"
      className={`toast fixed right-4 top-4 z-50 max-w-sm rounded-lg px-4 py-3 text-sm font-medium text-white shadow-lg ${tone}`}
    >
      {flash.message}
    </div>
  );
}
