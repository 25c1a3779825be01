import type { ReactNode } from "react";
import { href, isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { isGateRefusal } from "~/domain/shell";
import { t } from "~/i18n/id";
import { buttonClass } from "./buttons";
import { NotFoundContent } from "./not-found";
import { AppLink } from "~/components/app-link";

/** What a status handler gets: the status and the message a service or gate attached, if any. */
export type ErrorInfo = { status: number; message: string | null; data: unknown };
export type StatusHandler = (info: ErrorInfo) => ReactNode;

/**
 * The one error boundary (root, the /app layout, detail routes). Each status has a handler;
 * a route passes only the ones it changes. Every handler renders a <title> and an <h1>, and
 * no page of an error is indexable. Nothing is logged in the browser: the server logged it.
 */
export function GeneralErrorBoundary({
  statusHandlers,
  defaultStatusHandler = defaultHandler,
  unexpectedErrorHandler = () => <ErrorPanel title={t.errorPage.title} message={t.errorPage.text} />,
}: {
  statusHandlers?: Partial<Record<number, StatusHandler>>;
  defaultStatusHandler?: StatusHandler;
  unexpectedErrorHandler?: (error: unknown) => ReactNode;
}) {
  const error = useRouteError();
  const info = errorInfo(error);
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      {info ? (statusHandlers?.[info.status] ?? defaultStatusHandler)(info) : unexpectedErrorHandler(error)}
    </>
  );
}

/** A route error response as status + message (null for anything else: an unexpected error). */
export function errorInfo(error: unknown): ErrorInfo | null {
  if (!isRouteErrorResponse(error)) return null;
  const message = typeof error.data?.message === "string" ? (error.data.message as string) : null;
  return { status: error.status, message, data: error.data };
}

/** The gate refusal's viewer, when the error is one (the page then keeps the signed-in shell). */
export function refusalViewer(error: unknown) {
  return isRouteErrorResponse(error) && isGateRefusal(error.data) ? error.data.viewer : null;
}

const defaultHandler: StatusHandler = ({ status, message, data }) => {
  if (status === 404 && !message) return <NotFoundPage />;
  if (status === 403) return <ForbiddenPanel message={message ?? t.denied.page} data={data} />;
  if (status === 404) return <ErrorPanel title={message ?? t.ui.errors.notFoundTitle} message={null} />;
  if (status < 500) return <ErrorPanel title={t.ui.errors.badRequestTitle} message={message ?? t.errorPage.text} />;
  return <ErrorPanel title={t.errorPage.title} message={message ?? t.errorPage.text} />;
};

/**
 * 'Akses Ditolak' with the reason and a way back: to the page the user came from (a gate's
 * refusal names it, from the same-origin Referer), else to the dashboard (or the landing page
 * outside /app).
 */
export function ForbiddenPanel({ message, data }: { message: string; data?: unknown }) {
  const { pathname } = useLocation();
  const cameFrom = isGateRefusal(data) ? data.back : undefined;
  const back = cameFrom
    ? { to: cameFrom, label: t.errorPage.backToPrevious }
    : pathname.startsWith("/app")
      ? { to: href("/app"), label: t.notFound.back }
      : { to: "/", label: t.errorPage.backToHome };
  return (
    <ErrorPanel title={t.errorPage.forbiddenTitle} message={message} help={t.errorPage.forbiddenHelp} back={back} />
  );
}

export function NotFoundPage() {
  return (
    <>
      <title>{`${t.notFound.title} | ${t.appName}`}</title>
      <NotFoundContent />
    </>
  );
}

/**
 * An error card: <title> and <h1> from `title`; `message` below it. Without a message the
 * heading itself is the message ('Dokumen tidak ditemukan.').
 */
export function ErrorPanel({ title, message, help, back }: { title: string; message: string | null; help?: string; back?: { to: string; label: string } }) {
  return (
    <div className="mx-auto max-w-xl rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200" role="alert">
      <title>{`${title} | ${t.appName}`}</title>
      <h1 className="text-xl font-semibold" data-testid={message ? undefined : "error-message"}>
        {title}
      </h1>
      {message && (
        <p className="mt-2 text-slate-600" data-testid="error-message">
          {message}
        </p>
      )}
      {help && <p className="mt-2 text-sm text-slate-500">{help}</p>}
      {back && (
        <AppLink to={back.to} className={`${buttonClass.secondary} mt-4`}>
          ← {back.label}
        </AppLink>
      )}
    </div>
  );
}
