import { useNavigate } from "react-router";
import { buttonClass, inputClass } from "~/components/buttons";
import { PageSizeSelect, listHref, type ListParams } from "~/components/list";
import { listText } from "~/i18n/list";
import { auditLog as auditLogText } from "~/i18n/audit-log";
import { actionLabel } from "./audit-log-columns";

const f = auditLogText.filters;

export type AuditFilterValues = { action?: string; actor?: string; from?: string; to?: string; size: number };

/**
 * The audit log's filters: action, actor (username), a Jakarta date range and page size. A
 * plain GET form (the loader drops empty values by a canonical redirect); with JavaScript the
 * URL is built without them. Applying filters starts from the newest entries again.
 */
export function AuditLogFilters({ basePath, values, defaults }: { basePath: string; values: AuditFilterValues; defaults: ListParams }) {
  const navigate = useNavigate();
  return (
    <form
      key={listHref(basePath, values, {}, defaults)}
      method="get"
      action={basePath}
      aria-label={auditLogText.filtersLabel}
      className="flex flex-wrap items-end gap-3 border-b border-slate-200 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        const entries = [...new FormData(event.currentTarget)].map(([key, value]) => [key, String(value)]);
        void navigate(listHref(basePath, Object.fromEntries(entries), {}, defaults));
      }}
    >
      <label className="text-sm">
        {f.action}
        <select name="action" defaultValue={values.action ?? ""} className={inputClass} data-testid="action-filter">
          <option value="">{f.allActions}</option>
          {/* Every action: the labels are typed as one per action, in the order of AUDIT_ACTIONS. */}
          {Object.keys(auditLogText.actionLabels).map((action) => (
            <option key={action} value={action}>
              {actionLabel(action)}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm">
        {f.actor}
        <input type="text" name="actor" defaultValue={values.actor ?? ""} className={inputClass} autoComplete="off" maxLength={50} />
      </label>
      <label className="text-sm">
        {f.from}
        <input type="date" name="from" defaultValue={values.from ?? ""} className={inputClass} />
      </label>
      <label className="text-sm">
        {f.to}
        <input type="date" name="to" defaultValue={values.to ?? ""} className={inputClass} />
      </label>
      <label className="text-sm">
        {listText.pageSize}
        <PageSizeSelect value={values.size} className={inputClass} />
      </label>
      <button type="submit" className={buttonClass.secondary}>
        {f.apply}
      </button>
      <a href={basePath} className={buttonClass.secondary}>
        {f.reset}
      </a>
    </form>
  );
}
