import { redirect, href } from "react-router";

/**
 * The token hand-off of SPEC section 2. The CSRF token lives in the server-side session (and is
 * rendered into every form), so there is nothing to store: the hand-off just lands on /app.
 */
export function loader() {
  return redirect(href("/app"));
}
