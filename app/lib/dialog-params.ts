/**
 * Dialogs addressed by the page URL (`?dialog=delete`, `?dialog=purge&uuid=…`, `?respond=…`):
 * which parameters belong to a dialog rather than to the page (see app/components/url-dialog.ts).
 */

/** Parameters that say which dialog is open; one of them is in the URL while a dialog is. */
export const OPENERS = ["dialog", "respond", "revoke"] as const;
/** Every parameter that belongs to a dialog (the openers and the row they are about), never to the page's own data. */
const DIALOG_PARAMS = new Set<string>([...OPENERS, "action", "uuid", "user", "id"]);

const valuesOf = (params: URLSearchParams, key: string) => params.getAll(key).join("\u0000");

/** Does going from `from` to `to` only open, close or switch a dialog of the same page? */
export function isDialogChange(from: URL, to: URL): boolean {
  if (from.origin !== to.origin || from.pathname !== to.pathname || from.search === to.search) return false;
  const keys = new Set([...from.searchParams.keys(), ...to.searchParams.keys()]);
  for (const key of keys) {
    if (!DIALOG_PARAMS.has(key) && valuesOf(from.searchParams, key) !== valuesOf(to.searchParams, key)) return false;
  }
  return OPENERS.some((key) => from.searchParams.has(key) || to.searchParams.has(key));
}
