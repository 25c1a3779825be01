import { href } from "react-router";
import { dashboardCards } from "~/i18n/dashboard-cards";
import { AppLink } from "~/components/app-link";

const p = dashboardCards.unownedRequests;

/**
 * Super Admin's way to the requests nobody else can answer (documents without an owning unit):
 * the count of those waiting and a link to them. The sidebar has no Access Request entry for
 * Super Admin (SPEC), so this panel is the visible path.
 */
export function UnownedRequestsPanel({ count }: { count: number }) {
  return (
    <section
      className={`mt-8 flex flex-wrap items-center justify-between gap-3 rounded-xl p-4 ring-1 ${count > 0 ? "bg-amber-50 ring-amber-200" : "bg-white ring-slate-200"}`}
      aria-labelledby="unowned-requests-title"
      data-testid="unowned-requests-panel"
    >
      <div>
        <h2 id="unowned-requests-title" className="text-lg font-semibold text-slate-900">
          {p.title}
        </h2>
        <p className="mt-1 text-sm text-slate-700" data-testid="unowned-requests-count" data-count={count}>
          {p.text(count)}
        </p>
      </div>
      <AppLink to={`${href("/app/access-request")}?owner=none`} className="inline-flex min-h-11 items-center rounded-lg bg-blue-700 px-4 text-sm font-medium text-white hover:bg-blue-800" data-testid="unowned-requests-link">
        {count > 0 ? p.link : p.linkNone}
      </AppLink>
    </section>
  );
}
