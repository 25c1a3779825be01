import { useEffect, useRef } from "react";
import { useNavigate, type NavigateOptions } from "react-router";
import { t } from "~/i18n/id";
import { isDialogChange } from "~/lib/dialog-params";
import { AppLink } from "~/components/app-link";

export type DialogStatus = "success" | "request" | "respond" | "error";

const TONES: Record<DialogStatus, { ring: string; icon: string; iconBg: string }> = {
  success: { ring: "ring-emerald-200", icon: "✓", iconBg: "bg-emerald-100 text-emerald-700" },
  request: { ring: "ring-blue-200", icon: "?", iconBg: "bg-blue-100 text-blue-700" },
  respond: { ring: "ring-amber-200", icon: "!", iconBg: "bg-amber-100 text-amber-700" },
  error: { ring: "ring-red-200", icon: "✕", iconBg: "bg-red-100 text-red-700" },
};

/**
 * A modal rendered by the server as a real `<dialog open>`: pages show it when the URL (or an
 * action result) asks for it, so it works without JavaScript. With JavaScript it becomes modal
 * (`showModal()`): it takes focus, keeps Tab inside, closes on Esc and gives focus back to the
 * element that was focused before it opened.
 *
 * Closing leads to `closeTo` (history entry replaced); without one, closing just hides the
 * dialog (with JavaScript `close()`, without it a CSS checkbox), so the page under it — a
 * filled-in form — stays as it is.
 */
export function Dialog({
  title,
  status = "error",
  closeTo,
  closeLabel,
  children,
  actions,
  testId = "dialog",
  onClose,
}: {
  title: string;
  status?: DialogStatus;
  closeTo?: string;
  closeLabel?: string;
  children: React.ReactNode;
  /** Extra buttons or links beside the close button. */
  actions?: React.ReactNode;
  testId?: string;
  /** Told when a dialog without `closeTo` is closed (Esc, its close button). */
  onClose?: () => void;
}) {
  const tone = TONES[status];
  const dismissId = `${testId}-dismiss`;
  const dialogRef = useModal(closeTo, onClose);
  const close = (className: string, label: React.ReactNode, aria?: string) =>
    closeTo ? (
      <AppLink to={closeTo} className={className} aria-label={aria}>
        {label}
      </AppLink>
    ) : (
      // The label ticks the hidden checkbox that hides the dialog without JavaScript; the button
      // inside it is what assistive technology meets (a label may not take the button role).
      <label htmlFor={dismissId} className={`cursor-pointer ${className}`}>
        <span
          role="button"
          tabIndex={0}
          aria-label={aria}
          onClick={(event) => {
            event.preventDefault();
            dialogRef.current?.close();
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter" || event.key === " ") {
              event.preventDefault();
              dialogRef.current?.close();
            }
          }}
        >
          {label}
        </span>
      </label>
    );
  return (
    <>
      {!closeTo && <input type="checkbox" id={dismissId} className="peer sr-only" aria-hidden="true" tabIndex={-1} />}
      {/* The backdrop without JavaScript; with it, the modal dialog sits above it in the top layer. */}
      <div className="dialog-backdrop fixed inset-0 z-50 bg-slate-900/50 peer-checked:hidden" data-testid={testId}>
        <dialog
          ref={dialogRef}
          open
          aria-labelledby={`${testId}-title`}
          className={`fixed inset-0 m-auto h-fit max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-md overflow-auto rounded-2xl bg-white p-6 text-slate-800 shadow-xl ring-4 backdrop:bg-transparent ${tone.ring}`}
        >
          <div className="flex items-start gap-3">
            <span className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-lg font-bold ${tone.iconBg}`} aria-hidden="true">
              {tone.icon}
            </span>
            <div className="min-w-0 flex-1">
              <h2 id={`${testId}-title`} className="text-lg font-semibold text-slate-900">
                {title}
              </h2>
              <div className="mt-2 text-sm text-slate-600">{children}</div>
            </div>
            {closeLabel === undefined && close("rounded p-1 text-slate-500 hover:bg-slate-100", "✕", t.ui.dialog.close)}
          </div>
          {(closeLabel || actions) && (
            <div className="mt-5 flex flex-wrap justify-end gap-2">
              {actions}
              {closeLabel && close("rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50", closeLabel)}
            </div>
          )}
        </dialog>
      </div>
    </>
  );
}

/**
 * How to navigate to `to` (a dialog's close target) from the current page: without
 * revalidation when it only closes the dialog, replacing the history entry either way.
 */
function closeNavigation(to: string): NavigateOptions {
  const here = new URL(window.location.href);
  const dialogOnly = isDialogChange(here, new URL(to, here));
  return { replace: true, preventScrollReset: true, ...(dialogOnly ? { defaultShouldRevalidate: false } : {}) };
}

/**
 * Turns the server-rendered (non-modal) open dialog into a modal one after hydration, and
 * handles its closing: Esc or `close()` navigate to `closeTo` when there is one; focus returns
 * to the element that had it before.
 */
function useModal(closeTo: string | undefined, onClosed?: () => void) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const closeToRef = useRef(closeTo);
  closeToRef.current = closeTo;
  const onClosedRef = useRef(onClosed);
  onClosedRef.current = onClosed;
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    if (dialog.open && !dialog.matches(":modal")) dialog.close();
    dialog.showModal();
    const onClose = () => {
      // The close event of the upgrade above arrives later, when the dialog is open again.
      if (dialog.open) return;
      // Closing a dialog of the page URL asks the server nothing (see url-dialog).
      if (closeToRef.current) navigate(closeToRef.current, closeNavigation(closeToRef.current));
      else {
        opener?.focus();
        onClosedRef.current?.();
      }
    };
    dialog.addEventListener("close", onClose);
    return () => {
      dialog.removeEventListener("close", onClose);
      // Unmounted by a navigation (a close link, a submitted form): give focus back if the
      // opener is still on the page.
      queueMicrotask(() => {
        if (opener?.isConnected && !document.querySelector("dialog[open]")) opener.focus();
      });
    };
  }, [navigate]);
  return dialogRef;
}
