import { href } from "react-router";
import type { Route } from "./+types/manage-unit-kerja";
import { lazyComponent } from "~/components/lazy-component";
import { unitKerjaColumns } from "~/components/admin/unit-kerja-columns";
import { useDeleteFromList } from "~/components/admin/delete-from-list";
import { OffsetListCard, pagedList } from "~/components/list-card";
import { PageHeader } from "~/components/app-shell";
import { buttonClass } from "~/components/buttons";
import { EmptyState } from "~/components/list";
import type { SortDir } from "~/domain/list-page";
import { can } from "~/domain/policy";
import { UnitKerjaListQuerySchema } from "~/domain/unit-kerja";
import { UNIT_KERJA_SORTS } from "~/domain/unit-kerja-view";
import { pageMeta } from "~/lib/meta";
import { dialogRowOffPage } from "~/routes/helpers/admin-pages.server";
import { deleteFromListAction } from "~/routes/helpers/page-action.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { loadListPage } from "~/routes/helpers/list.server";
import { deleteUnitKerja, getUnitKerja, listUnitKerja } from "~/server/unit-kerja/service.server";
import { unitKerja as unitKerjaText, unitKerjaMessages } from "~/i18n/unit-kerja";
import { AppLink } from "~/components/app-link";

/** The confirmation opens when its URL asks (`?dialog=…`): its code loads then. */
const DeleteDialog = lazyComponent(() => import("~/components/admin/confirm-dialog").then((module) => module.DeleteDialog));

const m = unitKerjaText;
const BASE = href("/app/manage-unit-kerja");
const idOf = (unit: { id: number }) => String(unit.id);

export const meta = () => pageMeta({ title: m.title });

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const { page, defaults, dialog } = await loadListPage(request, BASE, UnitKerjaListQuerySchema, (query) => listUnitKerja(ctx, query));
  // `?dialog=delete&id={id}` opens 'Konfirmasi Hapus' over the list (no JavaScript needed).
  return {
    page,
    defaults: defaults as { sort: (typeof UNIT_KERJA_SORTS)[number]; dir: SortDir; size: number },
    canCreate: can(ctx.actor, { type: "unitKerja.manage" }),
    deleteTarget: await dialogRowOffPage(dialog, { dialogs: ["delete"], param: "id" }, page.data, idOf, (id) => getUnitKerja(ctx, id)),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  // The dialog closes either way; the toast says how it went (the refusal's reason when in use).
  return deleteFromListAction(ctx, request, {
    basePath: BASE,
    param: "id",
    field: "id",
    wrongIntent: unitKerjaMessages.deleteError,
    remove: async (id) => {
      await deleteUnitKerja(ctx, id);
      return unitKerjaMessages.deleted;
    },
    failure: (back) => (error) => ({ toast: { to: back, message: error.status === 409 ? error.message : unitKerjaMessages.deleteError } }),
  });
}

export default function ManageUnitKerja({ loaderData }: Route.ComponentProps) {
  const { page, defaults, canCreate, deleteTarget } = loaderData;
  const { query } = page;
  const list = pagedList(BASE, page, defaults);
  const { pageHref } = list;
  const { deleteHref, confirming } = useDeleteFromList({ pageHref, param: "id", rows: page.data, idOf, loaded: deleteTarget });
  const columns = unitKerjaColumns({ offset: (page.page - 1) * page.size, deleteHref });
  return (
    <>
      <PageHeader
        title={m.title}
        description={m.description}
        actions={
          canCreate && (
            <AppLink to={`${BASE}/create`} className={buttonClass.primary} data-testid="create-unit">
              {m.create}
            </AppLink>
          )
        }
      />
      <OffsetListCard
        list={list}
        columns={columns}
        rowKey={idOf}
        sorting={{ sort: query.sort, dir: query.dir, defaults }}
        searchPlaceholder={m.search}
        empty={<EmptyState resetHref={query.q ? pageHref({ q: "", page: 1 }) : undefined} />}
        label={m.title}
        testId="units-table"
        rowTestId="unit-row"
      />
      {confirming && (
        <DeleteDialog messages={m} cancelTo={pageHref({})} fields={{ id: idOf(confirming) }} action={deleteHref(confirming)}>
          {m.deleteConfirm(confirming.nama)}
        </DeleteDialog>
      )}
    </>
  );
}
