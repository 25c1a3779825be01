import { href } from "react-router";
import type { Column } from "~/components/list";
import type { UnitKerjaView } from "~/domain/unit-kerja";
import { formatDate } from "~/lib/format";
import { unitKerja as unitKerjaText } from "~/i18n/unit-kerja";
import { AppLink } from "~/components/app-link";

const c = unitKerjaText.columns;
const a = unitKerjaText.actions;

type UnitKerjaSort = "updatedAt" | "nama" | "jenis";

/** The work-units table (SPEC order: No, Nama, Jenis, Email, Pejabat, Terakhir Diperbarui, then the actions). */
export function unitKerjaColumns({ offset, deleteHref }: { offset: number; deleteHref: (unit: UnitKerjaView) => string }): Column<UnitKerjaView, UnitKerjaSort>[] {
  return [
    { key: "no", header: c.no, width: "5%", card: "hidden", cell: (_, index) => offset + index + 1 },
    { key: "nama", header: c.nama, sort: "nama", width: "22%", card: "title", cell: (unit) => (
        <span className="dt-title">
          {unit.nama}
          {unit.isRecordsCentre && <span className="ml-2 rounded bg-blue-50 px-1.5 py-0.5 text-xs font-medium text-blue-800">{unitKerjaText.recordsCentreBadge}</span>}
        </span>
      ),
    },
    { key: "jenis", header: c.jenis, sort: "jenis", width: "12%", cell: (unit) => unit.jenis },
    { key: "email", header: c.email, width: "18%", cell: (unit) => unit.email || "-" },
    { key: "pejabat", header: c.namaPejabat, width: "16%", cell: (unit) => unit.namaPejabat || "-" },
    { key: "updatedAt", header: c.updatedAt, sort: "updatedAt", width: "15%", cell: (unit) => formatDate(unit.updatedAt, "DD MMMM YYYY HH:mm") },
    {
      key: "actions",
      header: c.actions,
      width: "12%",
      card: "actions",
      cell: (unit) => (
        <span className="dt-actions">
          <AppLink to={href("/app/manage-unit-kerja/:id/update", { id: String(unit.id) })} discover={false} className="text-amber-700">
            {a.edit}
          </AppLink>
          <a href={deleteHref(unit)} className="text-red-700" data-testid="delete-unit">
            {a.delete}
          </a>
        </span>
      ),
    },
  ];
}
