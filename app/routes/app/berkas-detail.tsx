import { Form, href } from "react-router";
import type { Route } from "./+types/berkas-detail";
import { lazyComponent } from "~/components/lazy-component";
import { PageHeader } from "~/components/app-shell";
import { BackLink } from "~/components/back-link";
import { buttonClass } from "~/components/buttons";
import { DetailTable, type DetailItem } from "~/components/detail-table";
import { CsrfField } from "~/components/form/csrf-field";
import { DataTable, EmptyState, type Column } from "~/components/list";
import type { BerkasItemView } from "~/domain/berkas";
import { kurunWaktu, locationText } from "~/domain/berkas-view";
import { InvalidError } from "~/domain/errors";
import { berkasMessages } from "~/i18n/berkas";
import { berkasDetailText as m } from "~/i18n/berkas-detail";
import { berkasVocabulary } from "~/i18n/berkas-vocabulary";
import { dispositionNames } from "~/i18n/dispositions";
import { retentionFilterText } from "~/i18n/retention-filter";
import { formatDate } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { berkasBreadcrumb } from "~/routes/helpers/detail-breadcrumbs";
import { readForm } from "~/routes/helpers/form-body.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { pageAction } from "~/routes/helpers/page-action.server";
import { orRouteError } from "~/routes/helpers/route-errors.server";
import { deleteBerkas, getBerkasDetail, removeDocumentFromBerkas } from "~/server/berkas/service.server";
import { AppLink } from "~/components/app-link";

/** The confirmation opens when its URL asks (`?dialog=…`): its code loads then. */
const DeleteDialog = lazyComponent(() => import("~/components/admin/confirm-dialog").then((module) => module.DeleteDialog));

export const handle = berkasBreadcrumb;

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta({ title: loaderData ? `${m.detailTitle} ${loaderData.berkas.number}` : m.detailTitle });

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const berkas = await orRouteError(() => getBerkasDetail(ctx, params.id));
  return { berkas, confirmDelete: new URL(request.url).searchParams.get("dialog") === "delete" && berkas.canManage };
}

/** 'Keluarkan' (one document out) and 'Hapus Berkas' (an empty one; the confirm dialog). */
export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const form = await readForm(request);
  const here = href("/app/berkas/:id", { id: params.id });
  const intent = form.get("intent");
  return pageAction(
    ctx,
    async () => {
      if (intent === "remove-item") {
        const { title } = await removeDocumentFromBerkas(ctx, params.id, String(form.get("uuid") ?? ""));
        return { to: here, toast: berkasMessages.removed(title) };
      }
      if (intent !== "delete") throw new InvalidError(berkasMessages.manageDenied);
      const { number } = await deleteBerkas(ctx, params.id);
      return { to: href("/app/berkas"), toast: berkasMessages.deleted(number) };
    },
    { toast: { to: here } },
  );
}

export default function BerkasDetail({ loaderData }: Route.ComponentProps) {
  const { berkas, confirmDelete } = loaderData;
  const here = href("/app/berkas/:id", { id: String(berkas.id) });
  const c = m.labels;
  const facts: DetailItem[] = [
    [c.number, berkas.number],
    [c.title, berkas.title],
    [c.classificationCode, `${berkas.classificationCode} — ${berkas.classificationName}`],
    [c.unitKerja, berkas.unitKerjaName],
    [c.period, kurunWaktu(berkas.startYear, berkas.endYear)],
    [c.items, berkas.itemCount],
    [c.developmentLevel, berkasVocabulary.developmentLevels[berkas.developmentLevel]],
    [c.note, berkas.note || "–"],
    [c.custody, berkas.custody ? [m.movedTo(berkas.custody.unitKerjaName), locationText(berkas.custody.box, berkas.custody.rack)].filter(Boolean).join(", ") : m.atUnit],
  ];
  const r = m.retentionLabels;
  const retention: DetailItem[] = berkas.retention
    ? [
        [r.status, retentionFilterText.status[berkas.retention.status]],
        [r.activeUntil, berkas.retention.activeUntil ? formatDate(`${berkas.retention.activeUntil}T00:00:00+07:00`, "DD MMMM YYYY") : "–"],
        [r.inactiveUntil, berkas.retention.inactiveUntil ? formatDate(`${berkas.retention.inactiveUntil}T00:00:00+07:00`, "DD MMMM YYYY") : "–"],
        [r.disposition, berkas.retention.disposition ? (dispositionNames as Record<string, string>)[berkas.retention.disposition]! : "–"],
      ]
    : [];
  const columns: Column<BerkasItemView>[] = [
    {
      key: "title",
      header: c.documentTitle,
      card: "title",
      cell: (row) => (
        <>
          <AppLink to={href("/app/documents/:uuid", { uuid: row.uuid })} discover={false} className="font-medium text-blue-700 hover:underline">
            {row.title}
          </AppLink>
          {row.vital && <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">{m.vitalBadge}</span>}
        </>
      ),
    },
    { key: "number", header: c.documentNumber, width: "22%", cell: (row) => row.documentNumber },
    { key: "year", header: c.year, width: "10%", cell: (row) => row.year },
    ...(berkas.canManage
      ? [
          {
            key: "actions",
            header: c.actions,
            width: "16%",
            card: "actions" as const,
            cell: (row: BerkasItemView) => (
              <Form method="post">
                <CsrfField />
                <input type="hidden" name="uuid" value={row.uuid} />
                <button type="submit" name="intent" value="remove-item" className={buttonClass.secondary} aria-label={m.removeItemLabel(row.title)} data-testid="remove-item">
                  {m.removeItem}
                </button>
              </Form>
            ),
          },
        ]
      : []),
  ];
  return (
    <div className="mx-auto max-w-5xl">
      <BackLink fallback={href("/app/berkas")} />
      <PageHeader title={`${m.detailTitle} ${berkas.number}`} description={berkas.title} />
      {berkas.closedReason && <p className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">{m.closedNote(berkas.closedReason)}</p>}
      <section aria-labelledby="berkas-facts" className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <h2 id="berkas-facts" className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900">
          {m.facts}
        </h2>
        <DetailTable items={facts} testId="berkas-facts" />
      </section>
      {berkas.canManage && (
        <div className="mt-4 flex flex-wrap gap-2">
          <AppLink to={href("/app/berkas/:id/update", { id: String(berkas.id) })} className={buttonClass.primary} data-testid="update-berkas">
            {m.update}
          </AppLink>
          <AppLink to={`${here}?dialog=delete`} className={buttonClass.danger} data-testid="delete-berkas">
            {m.delete}
          </AppLink>
        </div>
      )}
      <section aria-labelledby="berkas-retention" className="mt-6">
        <h2 id="berkas-retention" className="text-lg font-semibold text-slate-800">
          {m.retentionHeading}
        </h2>
        <p className="mb-2 text-sm text-slate-600">{berkas.retention ? m.retentionNote : m.retentionEmpty}</p>
        {berkas.retention && (
          <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
            <DetailTable items={retention} testId="berkas-retention" />
          </div>
        )}
      </section>
      <section aria-labelledby="berkas-items" className="mt-6 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <h2 id="berkas-items" className="px-4 pt-4 text-lg font-semibold text-slate-900">
          {m.itemsHeading}
        </h2>
        <DataTable columns={columns} rows={berkas.items} rowKey={(row) => row.uuid} empty={<EmptyState>{m.noItems}</EmptyState>} label={m.itemsHeading} testId="berkas-items" rowTestId="berkas-item" />
        {berkas.hiddenItems > 0 && <p className="px-4 pb-4 text-sm text-slate-600">{m.hiddenItems(berkas.hiddenItems)}</p>}
      </section>
      {confirmDelete && (
        <DeleteDialog
          messages={m}
          cancelTo={here}
          action={`${here}?dialog=delete`}
        >
          {m.deleteConfirm(berkas.number)}
        </DeleteDialog>
      )}
    </div>
  );
}
