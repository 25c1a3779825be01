import { Form } from "react-router";
import { CsrfField } from "~/components/form/csrf-field";
import type { Column } from "~/components/list";
import type { TrashView } from "~/domain/records";
import { formatDate } from "~/lib/format";
import { trashText } from "~/i18n/records";

const c = trashText.columns;

/** The trash table: what was deleted, by whom and when, when it goes for good, and the way back. */
export function trashColumns({
  offset,
  purgeHref,
  releaseHoldHref,
}: {
  offset: number;
  purgeHref: (row: TrashView) => string;
  releaseHoldHref: (row: TrashView) => string;
}): Column<TrashView, "deletedAt" | "title">[] {
  return [
    { key: "no", header: c.no, width: "5%", card: "hidden", cell: (_, index) => offset + index + 1 },
    {
      key: "title",
      header: c.title,
      sort: "title",
      width: "24%",
      card: "title",
      cell: (row) => (
        <span className="dt-title">
          {row.title}{" "}
          {/* The document badges' look (app.css), without their module: the list shows no other badge. */}
          <span className={row.accessLevel === "PUBLIC" ? "badge badge-public" : "badge"}>{row.accessLevel}</span>
        </span>
      ),
    },
    { key: "documentNumber", header: c.documentNumber, width: "13%", cell: (row) => row.documentNumber },
    { key: "unitKerja", header: c.unitKerja, width: "12%", hideBelow: "lg", cell: (row) => row.unitKerja ?? "-" },
    { key: "deletedBy", header: c.deletedBy, width: "12%", cell: (row) => row.deletedBy ?? "-" },
    { key: "deletedAt", header: c.deletedAt, sort: "deletedAt", width: "13%", cell: (row) => formatDate(row.deletedAt, "DD MMMM YYYY HH:mm") },
    { key: "purgeAt", header: c.purgeAt, width: "11%", hideBelow: "xl", cell: (row) => formatDate(row.purgeAt, "DD MMMM YYYY") },
    {
      key: "actions",
      header: c.actions,
      width: "14%",
      card: "actions",
      cell: (row) => (
        <div className="dt-actions">
          {row.canRestore && (
            <Form method="post" className="inline">
              <CsrfField />
              <input type="hidden" name="uuid" value={row.uuid} />
              <button type="submit" name="intent" value="restore" className="text-blue-700" data-testid="restore-document">
                {trashText.restore}
              </button>
            </Form>
          )}
          {row.canPurge && (
            <a href={purgeHref(row)} className="text-red-700" data-testid="purge-document">
              {trashText.purge}
            </a>
          )}
          {row.hold && (
            <span className="text-slate-700" data-testid="trash-held">
              {row.hold.code === null ? trashText.held(row.hold.reason) : trashText.heldByCode(row.hold.code, row.hold.reason)}
            </span>
          )}
          {row.canReleaseHold && (
            <a href={releaseHoldHref(row)} className="text-blue-700" data-testid="release-hold">
              {trashText.releaseHold}
            </a>
          )}
        </div>
      ),
    },
  ];
}
