import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { appContextKey } from "~/server/context.server";
import { pageCsrfMiddleware } from "~/server/csrf.server";
import { t } from "~/i18n/id";
import { NotFoundContent } from "~/components/not-found";
import { Toast } from "~/components/toast";
import "./app.css";

/** Every page action passes the CSRF check before it runs. */
export const middleware: Route.MiddlewareFunction[] = [pageCsrfMiddleware];

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.ico" }];

export function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(appContextKey);
  const user = ctx.session?.user;
  return {
    nonce: ctx.nonce,
    csrfToken: ctx.session?.csrfToken ?? null,
    flash: ctx.flash,
    user: user
      ? { name: user.name, role: user.role, userId: user.userId, unitKerjaId: user.unitKerjaId, unitKerjaName: user.unitKerjaName }
      : null,
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
  return (
    <>
      <Outlet />
      <Toast flash={flash} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main className="flex min-h-screen items-center justify-center p-6">
        <title>{`${t.notFound.title} | ${t.appName}`}</title>
        <meta name="robots" content="noindex" />
        <NotFoundContent />
      </main>
    );
  }
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string" ? error.data.message : t.errorPage.text;
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <title>{`${t.errorPage.title} | ${t.appName}`}</title>
      <meta name="robots" content="noindex" />
      <div className="max-w-lg rounded-xl bg-white p-8 text-center shadow">
        <h1 className="text-xl font-semibold">{t.errorPage.title}</h1>
        <p className="mt-2 text-slate-600">{message}</p>
        <a href="/" className="mt-4 inline-block text-blue-700 underline">
          {t.notFound.back}
        </a>
      </div>
    </main>
  );
}
