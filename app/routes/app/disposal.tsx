import { Form, href } from "react-router";
import type { Route } from "./+types/disposal";
import { selectColumn } from "~/components/select-column";
import { PageHeader } from "~/components/app-shell";
import { buttonClass, inputClass } from "~/components/buttons";
import { CsrfField } from "~/components/form/csrf-field";
import { DataTable, EmptyState, FilterSelect, Pagination, listHref, type Column } from "~/components/list";
import { parseCandidateQuery, type CandidateQuery } from "~/domain/disposal";
import { DISPOSAL_TABS, listKindOfTab, type CandidateView, type DisposalListSummary } from "~/domain/disposal-view";
import { disposalText as m, disposalMessages } from "~/i18n/disposal";
import { disposalCandidatesText as c } from "~/i18n/disposal-candidates";
import { pageMeta } from "~/lib/meta";
import { readForm } from "~/routes/helpers/form-body.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { pageAction } from "~/routes/helpers/page-action.server";
import { candidateUnits, createDisposalList, listCandidates, listDisposalLists } from "~/server/disposal/service.server";
import { can } from "~/domain/policy";
import { formatShortDay } from "~/lib/short-day";
import { AppLink } from "~/components/app-link";

const BASE = href("/app/penyusutan");

export const meta = () => pageMeta({ title: m.title });

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const query = parseCandidateQuery(new URL(request.url).searchParams);
  const [page, units, lists] = await Promise.all([listCandidates(ctx, query), candidateUnits(ctx), listDisposalLists(ctx)]);
  return { page, units, lists, readOnly: !page.canList && query.tab !== "DINILAI_KEMBALI", canExportEad: can(ctx.actor, { type: "ead.export" }) };
}

/** 'Buat Daftar': the checked candidates become a numbered list; its page opens next. */
export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const form = await readForm(request);
  const url = new URL(request.url);
  const back = `${BASE}${url.search}`;
  return pageAction(
    ctx,
    async () => {
      const list = await createDisposalList(ctx, { kind: form.get("kind"), archives: form.getAll("archive"), note: form.get("note") ?? "" });
      return { to: href("/app/penyusutan/daftar/:uuid", { uuid: list.uuid }), toast: disposalMessages.created(list.number) };
    },
    { toast: { to: back } },
  );
}

/** A link of this page: its query with `change`, the cursor dropped unless `change` names one, the default tab ('MUSNAH') left out. */
const queryHref = (query: CandidateQuery, change: { tab?: string; after?: number }) => listHref(BASE, { ...query, after: undefined, ...change }, {}, { tab: "MUSNAH" });

export default function Disposal({ loaderData }: Route.ComponentProps) {
  const { page, units, lists, readOnly, canExportEad } = loaderData;
  const { query } = page;
  const kind = listKindOfTab(query.tab);
  const selectable = page.canList && kind !== null;
  const columns: Column<CandidateView>[] = [
    ...(selectable ? [selectColumn<CandidateView>({ header: c.selectColumn, name: "archive", value: (row) => row.uuid, label: (row) => c.select(row.title), testId: "candidate-check" })] : []),
    { key: "code", header: m.columns.code, width: "12%", cell: (row) => row.classificationCode ?? "–" },
    {
      key: "title",
      header: m.columns.title,
      card: "title",
      cell: (row) => (
        <AppLink to={href("/app/documents/:uuid", { uuid: row.uuid })} discover={false} className="font-medium text-blue-700 hover:underline">
          {row.title}
        </AppLink>
      ),
    },
    { key: "number", header: m.columns.number, width: "16%", hideBelow: "lg", cell: (row) => row.documentNumber },
    { key: "year", header: m.columns.year, width: "8%", cell: (row) => row.year },
    { key: "berkas", header: m.columns.berkas, width: "10%", hideBelow: "lg", cell: (row) => row.berkasNumber ?? "–" },
    { key: "unit", header: m.columns.unit, width: "16%", hideBelow: "xl", cell: (row) => row.unitKerja ?? "–" },
  ];
  const listColumns: Column<DisposalListSummary>[] = [
    {
      key: "number",
      header: m.columns.listNumber,
      card: "title",
      cell: (row) => (
        <AppLink to={href("/app/penyusutan/daftar/:uuid", { uuid: row.uuid })} className="font-medium text-blue-700 hover:underline">
          {row.number}
        </AppLink>
      ),
    },
    { key: "kind", header: m.columns.kind, cell: (row) => m.kinds[row.kind] },
    { key: "status", header: m.columns.status, cell: (row) => m.statuses[row.status] },
    { key: "items", header: m.columns.items, align: "end", width: "8%", cell: (row) => row.itemCount },
    { key: "created", header: m.columns.createdAt, hideBelow: "lg", cell: (row) => formatShortDay(row.createdAt) },
  ];
  const table = (
    <DataTable
      columns={columns}
      rows={page.data}
      rowKey={(row) => row.uuid}
      empty={<EmptyState>{c.noCandidates}</EmptyState>}
      label={c.candidates}
      testId="candidate-table"
      rowTestId="candidate-row"
    />
  );
  return (
    <>
      <PageHeader title={m.title} description={c.description} />
      <nav aria-label={c.candidates} className="mb-4 flex flex-wrap gap-2" data-testid="disposal-tabs">
        {DISPOSAL_TABS.map((tab) => (
          <AppLink
            key={tab}
            to={queryHref(query, { tab })}
            aria-current={tab === query.tab ? "page" : undefined}
            className={tab === query.tab ? buttonClass.primary : buttonClass.secondary}
          >
            {c.tabs[tab]}
          </AppLink>
        ))}
      </nav>
      {readOnly && <p className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{c.readOnlyNote}</p>}
      {selectable && <p className="mb-4 text-sm text-slate-600">{c.berkasNote}</p>}
      {query.tab === "DINILAI_KEMBALI" && <p className="mb-4 rounded-lg bg-slate-100 p-3 text-sm text-slate-700">{c.reappraiseNote}</p>}
      {page.vitalDue > 0 && (
        <p role="status" className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="vital-warning">
          {c.vitalLeftOut(page.vitalDue)}
        </p>
      )}
      <section className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-labelledby="candidates-heading">
        <h2 id="candidates-heading" className="px-4 pt-4 text-lg font-semibold text-slate-900">
          {c.candidates}: {c.tabs[query.tab]}
        </h2>
        <Form method="get" action={BASE} className="flex flex-wrap items-end gap-3 p-4" data-testid="candidate-filters">
          {query.tab !== "MUSNAH" && <input type="hidden" name="tab" value={query.tab} />}
          {units.length > 0 && <FilterSelect name="unit" label={c.filterUnit} value={query.unit} allLabel={c.allUnits} options={units.map((unit) => ({ value: unit.id, label: unit.nama }))} />}
          <label className="text-sm">
            <span className="sr-only">{c.filterCode}</span>
            <input name="code" defaultValue={query.code ?? ""} placeholder={c.filterCode} maxLength={50} className={inputClass} />
          </label>
          <label className="text-sm">
            <span className="sr-only">{c.filterYear}</span>
            <input name="year" type="number" min={1900} max={2200} defaultValue={query.year ?? ""} placeholder={c.filterYear} className={inputClass} />
          </label>
          <button type="submit" className={buttonClass.secondary}>
            {c.filter}
          </button>
        </Form>
        {selectable && page.data.length > 0 ? (
          <Form method="post" data-testid="create-list-form">
            <CsrfField />
            <input type="hidden" name="kind" value={kind!} />
            {table}
            <div className="flex justify-end border-t border-slate-200 p-4">
              <button type="submit" className={buttonClass.primary} data-testid="create-list">
                {c.createList(m.kinds[kind!]!)}
              </button>
            </div>
          </Form>
        ) : (
          table
        )}
        <Pagination
          shown={page.data.length}
          total={page.data.length}
          summary={`${page.data.length} ${c.candidates.toLowerCase()}`}
          previousHref={query.after ? queryHref(query, {}) : null}
          nextHref={page.nextAfter ? queryHref(query, { after: page.nextAfter }) : null}
        />
      </section>
      {canExportEad && <EadExport />}
      <section className="mt-6 rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-labelledby="lists-heading">
        <h2 id="lists-heading" className="px-4 pt-4 text-lg font-semibold text-slate-900">
          {c.lists}
        </h2>
        <DataTable columns={listColumns} rows={lists} rowKey={(row) => row.uuid} empty={<EmptyState>{c.noLists}</EmptyState>} label={c.lists} testId="list-table" rowTestId="list-row" />
      </section>
    </>
  );
}

/**
 * 'Ekspor EAD untuk SIKN' (Super Admin): the statis holdings, or the BIASA records under one code,
 * as EAD 2002 (the same export as `GET /api/v1/export/ead`); plain links and a GET form.
 */
function EadExport() {
  const action = href("/app/penyusutan/ead.xml");
  return (
    <section className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-labelledby="ead-heading" data-testid="ead-export">
      <h2 id="ead-heading" className="text-lg font-semibold text-slate-900">
        {c.eadHeading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{c.eadDescription}</p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <a href={`${action}?scope=statis`} className={buttonClass.primary} download data-testid="ead-download">
          {c.eadDownload}
        </a>
        <form method="get" action={action} className="flex flex-wrap items-end gap-2">
          <label className="text-sm">
            {c.eadCode}
            <input name="klasifikasi" required maxLength={50} pattern="[A-Z0-9]+(\.[A-Z0-9]+)*" className={inputClass} />
          </label>
          <button type="submit" className={buttonClass.secondary}>
            {c.eadByCode}
          </button>
        </form>
      </div>
    </section>
  );
}
