import { useEffect, useRef } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { requestContextKey } from "~/server/context.server";
import { pageCsrfMiddleware } from "~/server/http/csrf.server";
import { AppShell } from "~/components/app-shell";
import { GeneralErrorBoundary, refusalViewer } from "~/components/error-boundary";
import { shellUserOf } from "~/routes/helpers/gates.server";
import { Toast } from "~/components/toast";
import { InlineStyles } from "~/components/inline-styles";
import { CsrfTokenProvider } from "~/components/form/csrf-field";

/** Every page action passes the CSRF check before it runs. */
export const middleware: Route.MiddlewareFunction[] = [pageCsrfMiddleware];

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.ico" }];

export function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(requestContextKey);
  return {
    nonce: ctx.nonce,
    csrfToken: ctx.session?.csrfToken ?? null,
    flash: ctx.flash,
    user: ctx.session ? shellUserOf(ctx.session) : null,
  };
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useRootData()?.nonce;
  return (
    <html lang="id">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <InlineStyles />
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-800 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const flash = useRootData()?.flash ?? null;
  useFocusHeadingOnNavigation();
  return (
    <>
      <Outlet />
      <Toast flash={flash} />
    </>
  );
}

/**
 * After a client-side navigation to another path, focus goes to the new page's <h1> (as a full
 * page load would start reading at the top); an open modal dialog keeps the focus it took.
 * Changes of the query alone (sorting, paging, opening a dialog) leave focus where it is.
 */
function useFocusHeadingOnNavigation() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (document.querySelector("dialog[open]")) return;
    const heading = document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("h1");
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }, [pathname]);
}

/**
 * Errors no lower boundary caught, and gate refusals (a middleware refusal renders here, before
 * any loader ran: the refusal itself carries the signed-in shell's user).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRootData();
  const viewer = refusalViewer(error) ?? (root?.user && root.csrfToken ? { user: root.user, csrfToken: root.csrfToken } : null);
  if (viewer) {
    return (
      <CsrfTokenProvider value={viewer.csrfToken}>
        <AppShell user={viewer.user}>
          <GeneralErrorBoundary />
        </AppShell>
      </CsrfTokenProvider>
    );
  }
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <GeneralErrorBoundary />
    </main>
  );
}
