import { Outlet } from "react-router";

/** A layout of the app's table in control (a'''): its outlet alone. */
export default function StubLayout() {
  return <Outlet />;
}
