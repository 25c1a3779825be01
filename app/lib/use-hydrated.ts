import { useEffect, useState } from "react";

/**
 * True once React has hydrated the page: what only JavaScript can do (a button that copies, a
 * rule that disables a button) waits for it, and the server render shows what works without.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
