import { statusTone, type StatusTone } from "~/domain/access-request-view";
import { accessRequests as accessRequestsText } from "~/i18n/access-requests";

const TONE_CLASS: Record<StatusTone, string> = {
  yellow: "bg-yellow-100 text-yellow-900 ring-yellow-300",
  green: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  red: "bg-red-100 text-red-900 ring-red-300",
  grey: "bg-slate-200 text-slate-800 ring-slate-300",
};

const labels: Record<string, string> = accessRequestsText.statusLabels;

/** The coloured status badge: PENDING yellow, APPROVED green, REJECTED red, anything else grey. */
export function StatusBadge({ status }: { status: string }) {
  const tone = statusTone(status);
  return (
    <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${TONE_CLASS[tone]}`} data-testid="status-badge" data-tone={tone}>
      {labels[status] ?? status}
    </span>
  );
}
