import { href } from "react-router";
import type { Route } from "./+types/dip";
import { PageHeader } from "~/components/app-shell";
import { buttonClass } from "~/components/buttons";
import { DataTable, EmptyState, type Column } from "~/components/list";
import { ppidMessages } from "~/i18n/ppid";
import { pageMeta } from "~/lib/meta";
import { getAppContext } from "~/routes/helpers/route-errors.server";
import { dipPage, dipPageNumber, type DipEntry } from "~/server/ppid/dip.server";

const d = ppidMessages.dip;

export const meta = () => pageMeta({ title: d.title, description: d.description, indexable: true });

/** /ppid/dip: the Daftar Informasi Publik, the same for every visitor (edge-cached, purged on change). */
export async function loader({ context, request }: Route.LoaderArgs) {
  return dipPage(getAppContext(context), dipPageNumber(new URL(request.url).searchParams.get("page")));
}

const columns: Column<DipEntry>[] = [
  {
    key: "title",
    header: d.columns.title,
    width: "34%",
    card: "title",
    cell: (row) => (
      <span className="block">
        {row.link ? (
          <a href={row.link} className="font-medium text-blue-800 hover:underline">
            {row.title}
          </a>
        ) : (
          <span className="font-medium">{row.title}</span>
        )}
        <span className="mt-1 block text-sm text-slate-600 line-clamp-2">{row.summary}</span>
        {row.kind && <span className="mt-1 block text-xs font-medium text-slate-700">{d.kinds[row.kind]}</span>}
      </span>
    ),
  },
  { key: "holder", header: d.columns.holder, width: "16%", cell: (row) => row.holder ?? "-" },
  { key: "responsible", header: d.columns.responsible, width: "14%", cell: (row) => row.responsible ?? "-" },
  { key: "madeIn", header: d.columns.madeIn, width: "8%", cell: (row) => row.madeIn },
  { key: "format", header: d.columns.format, width: "12%", cell: (row) => row.format },
  { key: "retention", header: d.columns.retention, width: "16%", cell: (row) => row.retention ?? "-" },
];

export default function PpidDip({ loaderData }: Route.ComponentProps) {
  const { data, page, hasMore } = loaderData;
  const base = href("/ppid/dip");
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageHeader title={d.title} description={d.description} />
        <a href={href("/ppid/dip.csv")} download className={buttonClass.secondary} data-testid="dip-csv">
          {d.csv}
        </a>
      </div>
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <DataTable columns={columns} rows={data} rowKey={(row) => row.id} empty={<EmptyState>{d.empty}</EmptyState>} label={d.title} testId="dip-table" rowTestId="dip-row" />
        <nav aria-label={d.title} className="flex justify-between gap-4 p-4 text-sm">
          {page > 1 ? (
            <a href={page === 2 ? base : `${base}?page=${page - 1}`} className="text-blue-700 underline">
              {d.previous}
            </a>
          ) : (
            <span />
          )}
          {hasMore && (
            <a href={`${base}?page=${page + 1}`} className="text-blue-700 underline">
              {d.next}
            </a>
          )}
        </nav>
      </div>
    </>
  );
}
