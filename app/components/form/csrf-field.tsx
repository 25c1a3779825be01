import { createContext, useContext } from "react";
import { useRootData } from "~/root";

/**
 * The session's CSRF token comes from the root loader, once per page: forms read it here
 * instead of every loader passing it down. A gate refusal renders before any loader ran, so its
 * error page provides the token it carries through `CsrfTokenProvider`.
 */
const CsrfTokenContext = createContext<string | null>(null);

export const CsrfTokenProvider = CsrfTokenContext.Provider;

export function useCsrfToken(): string {
  const provided = useContext(CsrfTokenContext);
  const root = useRootData();
  return provided ?? root?.csrfToken ?? "";
}

/** The hidden `_csrf` field every form post carries (checked before any action runs). */
export function CsrfField() {
  return <input type="hidden" name="_csrf" value={useCsrfToken()} />;
}
