import { href } from "react-router";
import type { Route } from "./+types/berkas";
import { PageHeader } from "~/components/app-shell";
import { buttonClass } from "~/components/buttons";
import { EmptyState, FilterSelect, type Column } from "~/components/list";
import { OffsetListCard, pagedList } from "~/components/list-card";
import { BerkasListQuerySchema, type BerkasView } from "~/domain/berkas";
import { kurunWaktu } from "~/domain/berkas-view";
import type { SortDir } from "~/domain/list-page";
import { berkasListText as m } from "~/i18n/berkas-list";
import { pageMeta } from "~/lib/meta";
import { parseCanonicalList } from "~/routes/helpers/admin-pages.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { assertPageInRange } from "~/routes/helpers/list.server";
import { berkasUnits, listBerkas } from "~/server/berkas/service.server";
import { AppLink } from "~/components/app-link";

const BASE = href("/app/berkas");

export const meta = () => pageMeta({ title: m.title });

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const { query, defaults } = parseCanonicalList(request, BASE, BerkasListQuerySchema);
  const [page, units] = await Promise.all([listBerkas(ctx, query), berkasUnits(ctx)]);
  assertPageInRange(page, BASE, defaults);
  return { page, units, defaults: defaults as { sort: "number" | "title" | "updatedAt"; dir: SortDir; size: number } };
}

/** The berkas the user may see (Super Admin: every unit's, filtered by unit), searched, sorted, paged. */
export default function BerkasList({ loaderData }: Route.ComponentProps) {
  const { page, units, defaults } = loaderData;
  const { query } = page;
  const list = pagedList(BASE, page, defaults);
  const { pageHref } = list;
  const c = m.columns;
  const columns: Column<BerkasView, "number" | "title" | "updatedAt">[] = [
    {
      key: "number",
      header: c.number,
      sort: "number",
      width: "12%",
      card: "title",
      cell: (row) => (
        <AppLink to={href("/app/berkas/:id", { id: String(row.id) })} discover={false} className="font-medium text-blue-700 hover:underline" data-testid="berkas-link">
          {row.number}
        </AppLink>
      ),
    },
    { key: "title", header: c.title, sort: "title", cell: (row) => row.title },
    { key: "code", header: c.code, width: "12%", cell: (row) => row.classificationCode },
    { key: "period", header: c.period, width: "11%", cell: (row) => kurunWaktu(row.startYear, row.endYear) },
    { key: "items", header: c.items, width: "8%", align: "end", cell: (row) => row.itemCount },
    { key: "unit", header: c.unit, width: "16%", hideBelow: "xl", cell: (row) => row.unitKerjaName },
    { key: "custody", header: c.custody, width: "16%", hideBelow: "lg", cell: (row) => (row.custody ? m.movedTo(row.custody.unitKerjaName) : m.atUnit) },
  ];
  return (
    <>
      <PageHeader
        title={m.title}
        description={m.description}
        actions={
          <>
            <AppLink to={href("/app/daftar-arsip")} className={buttonClass.secondary}>
              {m.openDaftar}
            </AppLink>
            <AppLink to={href("/app/berkas/create")} className={buttonClass.primary} data-testid="create-berkas">
              {m.create}
            </AppLink>
          </>
        }
      />
      <OffsetListCard
        list={list}
        columns={columns}
        rowKey={(row) => String(row.id)}
        sorting={{ sort: query.sort, dir: query.dir, defaults }}
        searchPlaceholder={m.search}
        filters={units && <FilterSelect name="unit" label={m.filterUnit} value={query.unit} allLabel={m.allUnits} options={units.map((unit) => ({ value: unit.id, label: unit.nama }))} />}
        empty={<EmptyState resetHref={query.q ? pageHref({ q: "", page: 1 }) : undefined}>{query.q ? undefined : m.empty}</EmptyState>}
        label={m.title}
        testId="berkas-table"
        rowTestId="berkas-row"
      />
    </>
  );
}
