import { href } from "react-router";
import type { Route } from "./+types/daftar-arsip";
import { PageHeader } from "~/components/app-shell";
import { buttonClass } from "~/components/buttons";
import { DataTable, EmptyState, FilterSelect, ListToolbar, Pagination, listHref, offsetPagination, type Column } from "~/components/list";
import { DaftarArsipQuerySchema, type DaftarArsipRow } from "~/domain/berkas";
import { DAFTAR_JENIS, kurunWaktu } from "~/domain/berkas-view";
import type { SortDir } from "~/domain/list-page";
import { berkasListText } from "~/i18n/berkas-list";
import { berkasVocabulary } from "~/i18n/berkas-vocabulary";
import { daftarArsipText as d } from "~/i18n/daftar-arsip";
import { pageMeta } from "~/lib/meta";
import { parseCanonicalList } from "~/routes/helpers/admin-pages.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { assertPageInRange } from "~/routes/helpers/list.server";
import { listDaftarArsip } from "~/server/berkas/daftar-arsip.server";
import { AppLink } from "~/components/app-link";

const BASE = href("/app/daftar-arsip");

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta({ title: d.title[loaderData?.page.query.jenis ?? "aktif"]! });

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const { query, defaults } = parseCanonicalList(request, BASE, DaftarArsipQuerySchema);
  const result = await listDaftarArsip(ctx, query);
  assertPageInRange(result.page, BASE, defaults);
  return { ...result, defaults: defaults as { sort: "number"; dir: SortDir; size: number; jenis: "aktif" } };
}

/**
 * The Daftar Arsip Aktif / Inaktif (`?jenis=`): the user's unit's berkas (Super Admin: every
 * unit's, or one), in ANRI's columns, with the totals and the CSV and PDF of the same list.
 */
export default function DaftarArsip({ loaderData }: Route.ComponentProps) {
  const { page, totals, units, defaults } = loaderData;
  const { query } = page;
  const pageHref = (change: Parameters<typeof listHref>[2]) => listHref(BASE, query, change, defaults);
  const downloads = new URLSearchParams({ jenis: query.jenis, ...(query.unit !== undefined ? { unit: String(query.unit) } : {}) }).toString();
  const c = berkasListText.columns;
  const columns: Column<DaftarArsipRow>[] = [
    {
      key: "number",
      header: c.number,
      width: "10%",
      card: "title",
      cell: (row) => (
        <AppLink to={href("/app/berkas/:id", { id: String(row.berkasId) })} discover={false} className="font-medium text-blue-700 hover:underline">
          {row.number}
        </AppLink>
      ),
    },
    { key: "code", header: c.code, width: "11%", cell: (row) => row.classificationCode },
    { key: "title", header: c.title, cell: (row) => row.title },
    { key: "period", header: c.period, width: "10%", cell: (row) => kurunWaktu(row.startYear, row.endYear) },
    { key: "items", header: c.items, width: "7%", align: "end", cell: (row) => row.itemCount },
    { key: "level", header: c.developmentLevel, width: "10%", hideBelow: "lg", cell: (row) => berkasVocabulary.developmentLevels[row.developmentLevel] },
    { key: "remarks", header: c.remarks, width: "15%", hideBelow: "xl", cell: (row) => row.remarks || "–" },
    { key: "location", header: c.location, width: "11%", hideBelow: "lg", cell: (row) => row.location ?? "–" },
    ...(units.length > 0 ? [{ key: "unit", header: c.unit, width: "12%", hideBelow: "2xl" as const, cell: (row: DaftarArsipRow) => row.unitKerjaName }] : []),
  ];
  return (
    <>
      <PageHeader title={d.title[query.jenis]!} description={d.description} />
      <nav aria-label={d.nav} className="mb-4 flex flex-wrap gap-2" data-testid="daftar-tabs">
        {DAFTAR_JENIS.map((jenis) => (
          <AppLink key={jenis} to={pageHref({ jenis, page: 1 })} aria-current={jenis === query.jenis ? "page" : undefined} className={jenis === query.jenis ? buttonClass.primary : buttonClass.secondary}>
            {d.tabs[jenis]}
          </AppLink>
        ))}
        <span className="grow" />
        <a href={`${href("/app/daftar-arsip/unduh.csv")}?${downloads}`} className={buttonClass.secondary} data-testid="daftar-csv" download>
          {d.downloadCsv}
        </a>
        <a href={`${href("/app/daftar-arsip/unduh.pdf")}?${downloads}`} className={buttonClass.secondary} data-testid="daftar-pdf" download>
          {d.downloadPdf}
        </a>
      </nav>
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <ListToolbar action={BASE} query={query} defaults={defaults} searchPlaceholder={berkasListText.search}>
          <input type="hidden" name="jenis" value={query.jenis} />
          {units.length > 0 && <FilterSelect name="unit" label={d.unitLabel} value={query.unit} allLabel={d.allUnits} options={units.map((unit) => ({ value: unit.id, label: unit.nama }))} />}
        </ListToolbar>
        <p className="px-4 pt-3 text-sm font-medium text-slate-700" data-testid="daftar-totals">
          {d.totals(totals.berkas, totals.items)}
        </p>
        <DataTable columns={columns} rows={page.data} rowKey={(row) => String(row.berkasId)} empty={<EmptyState>{d.empty[query.jenis]}</EmptyState>} label={d.title[query.jenis]} testId="daftar-table" rowTestId="daftar-row" />
        <Pagination {...offsetPagination(page, (number) => pageHref({ page: number }))} />
      </div>
    </>
  );
}
