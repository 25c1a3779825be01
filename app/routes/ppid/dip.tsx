import { href } from "react-router";
import type { Route } from "./+types/dip";
import { PageHeader } from "~/components/app-shell";
import { buttonClass } from "~/components/buttons";
import { DataTable, EmptyState, type Column } from "~/components/list";
import { ppidDik, ppidDip } from "~/i18n/ppid/dip";
import { pageMeta } from "~/lib/meta";
import { getAppContext } from "~/routes/helpers/route-errors.server";
import { publicExemptions, type Exemption } from "~/server/ppid/consequence-tests.server";
import { dipPage, dipPageNumber, type DipEntry } from "~/server/ppid/dip.server";
import { formatJakartaDay } from "~/lib/format";

const d = ppidDip;
const k = ppidDik;

export const meta = () => pageMeta({ title: d.title, description: d.description, indexable: true });

/**
 * /ppid/dip: the Daftar Informasi Publik and, beside it, the Daftar Informasi yang Dikecualikan
 * (the exemptions in force), the same for every visitor (edge-cached, purged on change).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getAppContext(context);
  const [dip, exemptions] = await Promise.all([dipPage(ctx, dipPageNumber(new URL(request.url).searchParams.get("page"))), publicExemptions(ctx)]);
  return { ...dip, exemptions };
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

const exemptionColumns: Column<Exemption>[] = [
  { key: "information", header: k.columns.information, width: "26%", card: "title", cell: (row) => <span className="font-medium">{row.information}</span> },
  { key: "legalBasis", header: k.columns.legalBasis, width: "18%", cell: (row) => row.legalBasis },
  { key: "consequences", header: k.columns.consequences, width: "30%", cell: (row) => row.consequences },
  { key: "validUntil", header: k.columns.validUntil, width: "12%", cell: (row) => k.until(formatJakartaDay(row.validUntil)) },
  { key: "decided", header: k.columns.decided, width: "14%", cell: (row) => k.decided(row.decidedBy, formatJakartaDay(row.decidedOn)) },
];

export default function PpidDip({ loaderData }: Route.ComponentProps) {
  const { data, page, hasMore, exemptions } = loaderData;
  const base = href("/ppid/dip");
  return (
    <>
      <PageHeader
        title={d.title}
        description={d.description}
        actions={
          <a href={href("/ppid/dip.csv")} download className={buttonClass.secondary} data-testid="dip-csv">
            {d.csv}
          </a>
        }
      />
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
      <section aria-labelledby="dik-title" className="mt-8">
        <h2 id="dik-title" className="text-xl font-semibold text-slate-900">
          {k.title}
        </h2>
        <p className="mb-4 mt-1 text-sm text-slate-600">{k.description}</p>
        <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          <DataTable
            columns={exemptionColumns}
            rows={exemptions}
            rowKey={(row) => `${row.decidedOn}|${row.information}|${row.validUntil}`}
            empty={<EmptyState>{k.empty}</EmptyState>}
            label={k.title}
            testId="dik-table"
            rowTestId="dik-row"
          />
        </div>
      </section>
    </>
  );
}
