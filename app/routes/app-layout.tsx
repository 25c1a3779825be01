import { Outlet, isRouteErrorResponse, useRouteError } from "react-router";
import type { Route } from "./+types/app-layout";
import { AppShell } from "~/components/app-shell";
import { NotFoundContent } from "~/components/not-found";
import { requireSignedIn } from "~/server/route-helpers.server";
import { useRootData } from "~/root";
import { t } from "~/i18n/id";

/** Everything under /app needs a session; without one the user lands on / (a redirect replaces history). */
export function loader({ context }: Route.LoaderArgs) {
  requireSignedIn(context);
  return null;
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function AppLayout() {
  const root = useRootData();
  return (
    <AppShell user={root?.user ?? null} csrfToken={root?.csrfToken ?? null}>
      <Outlet />
    </AppShell>
  );
}

/** Errors of pages under /app render inside the layout, so navigation stays available. */
export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRootData();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const serviceMessage: string | null =
    isRouteErrorResponse(error) && typeof error.data?.message === "string" ? error.data.message : null;
  return (
    <AppShell user={root?.user ?? null} csrfToken={root?.csrfToken ?? null}>
      <meta name="robots" content="noindex, nofollow" />
      {status === 404 && !serviceMessage ? (
        <NotFoundContent />
      ) : (
        <div className="rounded-xl bg-white p-8 shadow-sm ring-1 ring-slate-200" role="alert">
          <h1 className="text-xl font-semibold">{status === 403 ? t.errorPage.forbiddenTitle : t.errorPage.title}</h1>
          <p className="mt-2 text-slate-600" data-testid="error-message">{serviceMessage ?? t.errorPage.text}</p>
        </div>
      )}
    </AppShell>
  );
}
