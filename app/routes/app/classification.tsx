import { href } from "react-router";
import type { Route } from "./+types/classification";
import { lazyComponent } from "~/components/lazy-component";
import { useDeleteFromList } from "~/components/admin/delete-from-list";
import { OffsetListCard, pagedList } from "~/components/list-card";
import { PageHeader } from "~/components/app-shell";
import { buttonClass } from "~/components/buttons";
import { classificationColumns } from "~/components/classification/classification-columns";
import { ClassificationListQuerySchema, type CLASSIFICATION_SORTS } from "~/domain/classification";
import type { SortDir } from "~/domain/list-page";
import { pageMeta } from "~/lib/meta";
import { dialogRowOffPage } from "~/routes/helpers/admin-pages.server";
import { deleteFromListAction } from "~/routes/helpers/page-action.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { loadListPage } from "~/routes/helpers/list.server";
import { deleteClassification, getClassification, listClassifications } from "~/server/classification/service.server";
import { classificationMessages, classificationText } from "~/i18n/classification";
import { AppLink } from "~/components/app-link";

/** The confirmation opens when its URL asks (`?dialog=…`): its code loads then. */
const DeleteDialog = lazyComponent(() => import("~/components/admin/confirm-dialog").then((module) => module.DeleteDialog));

const m = classificationText;
const BASE = href("/app/klasifikasi");
const idOf = (row: { id: number }) => String(row.id);

export const meta = () => pageMeta({ title: m.title });

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const { page, defaults, dialog } = await loadListPage(request, BASE, ClassificationListQuerySchema, (query) => listClassifications(ctx, query));
  // `?dialog=delete&id={id}` opens the delete confirmation over the list (no JavaScript needed).
  return {
    page,
    defaults: defaults as { sort: (typeof CLASSIFICATION_SORTS)[number]; dir: SortDir; size: number },
    deleteTarget: await dialogRowOffPage(dialog, { dialogs: ["delete"], param: "id" }, page.data, idOf, (id) => getClassification(ctx, id)),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  return deleteFromListAction(ctx, request, {
    basePath: BASE,
    param: "id",
    field: "id",
    wrongIntent: m.deleteTitle,
    remove: async (id) => classificationMessages.deleted((await deleteClassification(ctx, id)).code),
    failure: (back) => ({ toast: { to: back } }),
  });
}

export default function Classification({ loaderData }: Route.ComponentProps) {
  const { page, defaults, deleteTarget } = loaderData;
  const { query } = page;
  const list = pagedList(BASE, page, defaults);
  const { pageHref } = list;
  const { deleteHref, confirming } = useDeleteFromList({ pageHref, param: "id", rows: page.data, idOf, loaded: deleteTarget });
  const columns = classificationColumns({ deleteHref });
  return (
    <>
      <PageHeader
        title={m.title}
        description={m.description}
        actions={
          <>
            <a href={href("/app/klasifikasi/export.csv")} className={buttonClass.secondary} data-testid="export-codes" download>
              {m.exportCsv}
            </a>
            <AppLink to={href("/app/klasifikasi/import")} className={buttonClass.secondary} data-testid="import-codes">
              {m.importCsv}
            </AppLink>
            <AppLink to={href("/app/klasifikasi/create")} className={buttonClass.primary} data-testid="create-code">
              {m.create}
            </AppLink>
          </>
        }
      />
      <OffsetListCard
        list={list}
        columns={columns}
        rowKey={idOf}
        sorting={{ sort: query.sort, dir: query.dir, defaults }}
        searchPlaceholder={m.search}
        label={m.title}
        testId="codes-table"
        rowTestId="code-row"
      />
      {confirming && (
        <DeleteDialog messages={m} cancelTo={pageHref({})} fields={{ id: idOf(confirming) }} action={deleteHref(confirming)}>
          {m.deleteConfirm(confirming.code, confirming.name)}
        </DeleteDialog>
      )}
    </>
  );
}
