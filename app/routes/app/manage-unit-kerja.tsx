import { Link, href } from "react-router";
import { readForm } from "~/routes/helpers/form-body.server";
import type { Route } from "./+types/manage-unit-kerja";
import { DeleteDialog } from "~/components/admin/lazy-confirm-dialog";
import { unitKerjaColumns } from "~/components/admin/unit-kerja-columns";
import { dialogRow, useDialogParams } from "~/components/url-dialog";
import { PageHeader } from "~/components/app-shell";
import { buttonClass } from "~/components/buttons";
import { DataTable, EmptyState, ListToolbar, Pagination, listHref, offsetPagination, withParams, sortOptions } from "~/components/list";
import { InvalidError } from "~/domain/errors";
import type { SortDir } from "~/domain/list-page";
import { can } from "~/domain/policy";
import { UnitKerjaListQuerySchema } from "~/domain/unit-kerja";
import { UNIT_KERJA_SORTS } from "~/domain/unit-kerja-view";
import { pageMeta } from "~/lib/meta";
import { listBackHref, noDialogFor, parseCanonicalList } from "~/routes/helpers/admin-pages.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { assertPageInRange } from "~/routes/helpers/list.server";
import { deleteUnitKerja, getUnitKerja, listUnitKerja } from "~/server/unit-kerja/service.server";
import { t } from "~/i18n/id";
import { unitKerja as unitKerjaText, unitKerjaMessages } from "~/i18n/unit-kerja";
import { pageAction } from "~/routes/helpers/page-action.server";

const m = unitKerjaText;
const BASE = href("/app/manage-unit-kerja");

export const meta = () => pageMeta({ title: t.pages.unitKerja });

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const { query, defaults, dialog } = parseCanonicalList(request, BASE, UnitKerjaListQuerySchema);
  const page = await listUnitKerja(ctx, query);
  assertPageInRange(page, BASE, defaults);
  // `?dialog=delete&id={id}` opens 'Konfirmasi Hapus' over the list (no JavaScript needed).
  const id = dialog.get("dialog") === "delete" ? dialog.get("id") : null;
  const target = id && !page.data.some((unit) => String(unit.id) === id) ? await getUnitKerja(ctx, id).catch(noDialogFor) : null;
  return {
    page,
    defaults: defaults as { sort: (typeof UNIT_KERJA_SORTS)[number]; dir: SortDir; size: number },
    canCreate: can(ctx.actor, { type: "unitKerja.manage" }),
    deleteTarget: target,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const form = await readForm(request);
  const back = listBackHref(request, BASE, ["dialog", "id", "index"]);
  // The dialog closes either way; the toast says how it went (the refusal's reason when in use).
  return pageAction(
    ctx,
    async () => {
      if (form.get("intent") !== "delete") throw new InvalidError(unitKerjaMessages.deleteError);
      await deleteUnitKerja(ctx, String(form.get("id") ?? ""));
      return { to: back, toast: unitKerjaMessages.deleted };
    },
    (error) => ({ toast: { to: back, message: error.status === 409 ? error.message : unitKerjaMessages.deleteError } }),
  );
}

export default function ManageUnitKerja({ loaderData }: Route.ComponentProps) {
  const { page, defaults, canCreate, deleteTarget } = loaderData;
  const { query } = page;
  const params = useDialogParams();
  const confirmDelete = dialogRow(params.get("dialog") === "delete" ? params.get("id") : null, page.data, (unit) => String(unit.id), deleteTarget);
  const pageHref = (change: Parameters<typeof listHref>[2]) => listHref(BASE, query, change, defaults);
  const withDialog = (extra: Record<string, string>) => withParams(pageHref({}), extra);
  const columns = unitKerjaColumns({
    offset: (page.page - 1) * page.size,
    deleteHref: (unit) => withDialog({ dialog: "delete", id: String(unit.id) }),
  });
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageHeader title={m.title} description={t.pages.unitKerjaDescription} />
        {canCreate && (
          <Link to={`${BASE}/create`} className={buttonClass.primary} data-testid="create-unit">
            {m.create}
          </Link>
        )}
      </div>
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <ListToolbar action={BASE} query={query} defaults={defaults} searchPlaceholder={m.search} sorts={sortOptions(columns)} />
        <DataTable
          columns={columns}
          rows={page.data}
          rowKey={(unit) => String(unit.id)}
          sorting={{ sort: query.sort, dir: query.dir, defaults, href: (sort, dir) => pageHref({ sort, dir, page: 1 }) }}
          empty={<EmptyState resetHref={query.q ? pageHref({ q: "", page: 1 }) : undefined} />}
          label={m.title}
          testId="units-table"
          rowTestId="unit-row"
        />
        <Pagination {...offsetPagination(page, (number) => pageHref({ page: number }))} />
      </div>
      {confirmDelete && (
        <DeleteDialog
          messages={m}
          cancelTo={pageHref({})}
          fields={{ id: String(confirmDelete.id) }}
          action={withDialog({ dialog: "delete", id: String(confirmDelete.id) })}
        >
          {m.deleteConfirm(confirmDelete.nama)}
        </DeleteDialog>
      )}
    </>
  );
}
