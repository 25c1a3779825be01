import { Outlet } from "react-router";
import { AppShell } from "~/components/app-shell";
import { useRootData } from "~/root";

export default function PublicLayout() {
  const root = useRootData();
  return (
    <AppShell user={root?.user ?? null}>
      <Outlet />
    </AppShell>
  );
}
