import type { Column } from "~/components/list";
import type { AuditLogView } from "~/domain/audit-log";
import { formatDate } from "~/lib/format";
import { auditLog as auditLogText } from "~/i18n/audit-log";

const c = auditLogText.columns;
const labels: Record<string, string> = auditLogText.actionLabels;

/** The label of an action; an action without one shows its stored name. */
export const actionLabel = (action: string) => labels[action] ?? action;

/** The audit table (SPEC columns plus the actor): No, Waktu, Aksi, Pengguna, Detail, Alamat IP, User Agent. */
export function auditLogColumns(): Column<AuditLogView>[] {
  return [
    { key: "no", header: c.no, width: "4%", card: "hidden", cell: (_, index) => index + 1 },
    { key: "timestamp", header: c.timestamp, width: "13%", cell: (entry) => formatDate(entry.timestamp, "DD MMMM YYYY HH:mm:ss") },
    {
      key: "action",
      header: c.action,
      width: "12%",
      card: "title",
      cell: (entry) => (
        <span className="dt-title" title={entry.action}>
          {actionLabel(entry.action)}
        </span>
      ),
    },
    { key: "actor", header: c.actor, width: "10%", cell: (entry) => entry.actor?.username ?? "-" },
    {
      key: "details",
      header: c.details,
      width: "31%",
      card: "plain",
      cell: (entry) => (
        <span className="clamp2" title={entry.details.message}>
          {entry.details.message}
        </span>
      ),
    },
    { key: "ip", header: c.ipAddress, width: "10%", hideBelow: "lg", cell: (entry) => entry.ipAddress ?? "-" },
    {
      key: "userAgent",
      header: c.userAgent,
      width: "20%",
      hideBelow: "xl",
      card: "hidden",
      cell: (entry) =>
        entry.userAgent ? (
          <span className="clamp2 break-all" title={entry.userAgent}>
            {entry.userAgent}
          </span>
        ) : (
          "-"
        ),
    },
  ];
}
