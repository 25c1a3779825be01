import { Link, href } from "react-router";
import type { Route } from "./+types/classification";
import { DeleteDialog } from "~/components/admin/lazy-confirm-dialog";
import { dialogRow, useDialogParams } from "~/components/url-dialog";
import { PageHeader } from "~/components/app-shell";
import { buttonClass } from "~/components/buttons";
import { classificationColumns } from "~/components/classification/classification-columns";
import { DataTable, ListToolbar, Pagination, listHref, offsetPagination, sortOptions, withParams } from "~/components/list";
import { ClassificationListQuerySchema, type CLASSIFICATION_SORTS } from "~/domain/classification";
import { InvalidError } from "~/domain/errors";
import type { SortDir } from "~/domain/list-page";
import { pageMeta } from "~/lib/meta";
import { listBackHref, noDialogFor, parseCanonicalList } from "~/routes/helpers/admin-pages.server";
import { readForm } from "~/routes/helpers/form-body.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { assertPageInRange } from "~/routes/helpers/list.server";
import { pageAction } from "~/routes/helpers/page-action.server";
import { deleteClassification, getClassification, listClassifications } from "~/server/classification/service.server";
import { classificationMessages, classificationText } from "~/i18n/classification";

const m = classificationText;
const BASE = href("/app/klasifikasi");

export const meta = () => pageMeta({ title: m.title });

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const { query, defaults, dialog } = parseCanonicalList(request, BASE, ClassificationListQuerySchema);
  const page = await listClassifications(ctx, query);
  assertPageInRange(page, BASE, defaults);
  // `?dialog=delete&id={id}` opens the delete confirmation over the list (no JavaScript needed).
  const id = dialog.get("dialog") === "delete" ? dialog.get("id") : null;
  const target = id && !page.data.some((row) => String(row.id) === id) ? await getClassification(ctx, id).catch(noDialogFor) : null;
  return {
    page,
    defaults: defaults as { sort: (typeof CLASSIFICATION_SORTS)[number]; dir: SortDir; size: number },
    deleteTarget: target,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const form = await readForm(request);
  const back = listBackHref(request, BASE, ["dialog", "id", "index"]);
  return pageAction(
    ctx,
    async () => {
      if (form.get("intent") !== "delete") throw new InvalidError(m.deleteTitle);
      const { code } = await deleteClassification(ctx, String(form.get("id") ?? ""));
      return { to: back, toast: classificationMessages.deleted(code) };
    },
    { toast: { to: back } },
  );
}

export default function Classification({ loaderData }: Route.ComponentProps) {
  const { page, defaults, deleteTarget } = loaderData;
  const { query } = page;
  const params = useDialogParams();
  const confirmDelete = dialogRow(params.get("dialog") === "delete" ? params.get("id") : null, page.data, (row) => String(row.id), deleteTarget);
  const pageHref = (change: Parameters<typeof listHref>[2]) => listHref(BASE, query, change, defaults);
  const withDialog = (extra: Record<string, string>) => withParams(pageHref({}), extra);
  const columns = classificationColumns({ deleteHref: (row) => withDialog({ dialog: "delete", id: String(row.id) }) });
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageHeader title={m.title} description={m.description} />
        <div className="flex flex-wrap gap-2">
          <a href={href("/app/klasifikasi/export.csv")} className={buttonClass.secondary} data-testid="export-codes" download>
            {m.exportCsv}
          </a>
          <Link to={href("/app/klasifikasi/import")} className={buttonClass.secondary} data-testid="import-codes">
            {m.importCsv}
          </Link>
          <Link to={href("/app/klasifikasi/create")} className={buttonClass.primary} data-testid="create-code">
            {m.create}
          </Link>
        </div>
      </div>
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <ListToolbar action={BASE} query={query} defaults={defaults} searchPlaceholder={m.search} sorts={sortOptions(columns)} />
        <DataTable
          columns={columns}
          rows={page.data}
          rowKey={(row) => String(row.id)}
          sorting={{ sort: query.sort, dir: query.dir, defaults, href: (sort, dir) => pageHref({ sort, dir, page: 1 }) }}
          label={m.title}
          testId="codes-table"
          rowTestId="code-row"
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
          {m.deleteConfirm(confirmDelete.code, confirmDelete.name)}
        </DeleteDialog>
      )}
    </>
  );
}
