import { Link } from "react-router";

export type DialogStatus = "success" | "request" | "respond" | "error";

const TONES: Record<DialogStatus, { ring: string; icon: string; iconBg: string }> = {
  success: { ring: "ring-emerald-200", icon: "✓", iconBg: "bg-emerald-100 text-emerald-700" },
  request: { ring: "ring-blue-200", icon: "?", iconBg: "bg-blue-100 text-blue-700" },
  respond: { ring: "ring-amber-200", icon: "!", iconBg: "bg-amber-100 text-amber-700" },
  error: { ring: "ring-red-200", icon: "✕", iconBg: "bg-red-100 text-red-700" },
};

/**
 * A modal rendered by the server: pages show it when the URL (or an action result) asks for
 * it, so it works without JavaScript. Closing leads to `closeTo`; without one, closing just
 * hides the dialog (a CSS checkbox), so the page under it — a filled-in form — stays as it is.
 */
export function Dialog({
  title,
  status = "error",
  closeTo,
  closeLabel,
  children,
  actions,
  testId = "dialog",
}: {
  title: string;
  status?: DialogStatus;
  closeTo?: string;
  closeLabel?: string;
  children: React.ReactNode;
  /** Extra buttons or links beside the close button. */
  actions?: React.ReactNode;
  testId?: string;
}) {
  const tone = TONES[status];
  const dismissId = `${testId}-dismiss`;
  const close = (className: string, label: React.ReactNode, aria?: string) =>
    closeTo ? (
      <Link to={closeTo} replace className={className} aria-label={aria}>
        {label}
      </Link>
    ) : (
      <label htmlFor={dismissId} className={`cursor-pointer ${className}`} aria-label={aria}>
        {label}
      </label>
    );
  return (
    <>
    {!closeTo && <input type="checkbox" id={dismissId} className="peer sr-only" aria-hidden="true" tabIndex={-1} />}
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4 peer-checked:hidden" data-testid={testId}>
      <div role="dialog" aria-modal="true" aria-labelledby={`${testId}-title`} className={`w-full max-w-md rounded-2xl bg-white p-6 shadow-xl ring-4 ${tone.ring}`}>
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
          {closeLabel === undefined && close("rounded p-1 text-slate-400 hover:bg-slate-100", "✕", "Tutup")}
        </div>
        {(closeLabel || actions) && (
          <div className="mt-5 flex justify-end gap-2">
            {actions}
            {closeLabel && close("rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50", closeLabel)}
          </div>
        )}
      </div>
    </div>
    </>
  );
}
