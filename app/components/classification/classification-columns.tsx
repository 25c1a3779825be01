import { href } from "react-router";
import type { Column } from "~/components/list";
import type { ClassificationView } from "~/domain/classification";
import type { SecurityClass } from "~/domain/security-classes";
import { classificationText } from "~/i18n/classification";
import { securityClassNames } from "~/i18n/filing";
import { AppLink } from "~/components/app-link";

const c = classificationText.columns;

/** A code's class as a badge, by the forms' names ('Biasa/Terbuka', 'Terbatas'), never the stored value in capitals; the document badges' colours. */
const CLASS_BADGE: Record<SecurityClass, string> = { BIASA: "badge badge-public", TERBATAS: "badge", RAHASIA: "badge badge-rahasia", SANGAT_RAHASIA: "badge badge-sangat" };

/** The scheme's table: codes indented by their depth, so the list reads as the tree it is. */
export function classificationColumns({ deleteHref }: { deleteHref: (row: ClassificationView) => string }): Column<ClassificationView, "code" | "name" | "updatedAt">[] {
  return [
    {
      key: "code",
      header: c.code,
      sort: "code",
      width: "14%",
      card: "title",
      cell: (row) => (
        <span className="dt-title" style={{ paddingInlineStart: `${row.depth}rem` }}>
          {row.code}
        </span>
      ),
    },
    { key: "name", header: c.name, sort: "name", width: "28%", cell: (row) => row.name },
    {
      key: "class",
      header: c.securityClass,
      width: "13%",
      card: "plain",
      cell: (row) => <span className={CLASS_BADGE[row.securityClass]}>{securityClassNames[row.securityClass]}</span>,
    },
    { key: "retention", header: c.retention, width: "13%", cell: (row) => classificationText.years(row.retentionActiveYears, row.retentionInactiveYears) },
    { key: "disposition", header: c.disposition, width: "12%", cell: (row) => classificationText.dispositions[row.finalDisposition] },
    { key: "documents", header: c.documents, width: "8%", align: "end", cell: (row) => row.documents },
    {
      key: "actions",
      header: c.actions,
      width: "12%",
      card: "actions",
      cell: (row) => (
        <span className="dt-actions">
          <AppLink to={href("/app/klasifikasi/:id/update", { id: String(row.id) })} discover={false} className="text-amber-700" data-testid="edit-code">
            {classificationText.edit}
          </AppLink>
          <a href={deleteHref(row)} className="text-red-700" data-testid="delete-code">
            {classificationText.delete}
          </a>
        </span>
      ),
    },
  ];
}
