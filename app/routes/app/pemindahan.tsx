import { Form, href, useNavigation } from "react-router";
import type { Route } from "./+types/pemindahan";
import { selectColumn } from "~/components/select-column";
import { PageHeader } from "~/components/app-shell";
import { buttonClass, inputClass } from "~/components/buttons";
import { CsrfField } from "~/components/form/csrf-field";
import { DataTable, EmptyState, FilterSelect, type Column } from "~/components/list";
import { kurunWaktu } from "~/domain/berkas-view";
import type { TransferCandidate, TransferSummary } from "~/domain/transfers";
import { transferList as l } from "~/i18n/transfer-list";
import { transferMessages, transferText as m } from "~/i18n/transfers";
import { formatDate } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { readForm } from "~/routes/helpers/form-body.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { pageAction } from "~/routes/helpers/page-action.server";
import { proposeTransfer, transferWorkspace } from "~/server/transfers/service.server";
import { AppLink } from "~/components/app-link";

const BASE = href("/app/pemindahan");

export const meta = () => pageMeta({ title: m.title });

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const unit = Number(new URL(request.url).searchParams.get("unit"));
  return transferWorkspace(ctx, { unit: Number.isInteger(unit) && unit > 0 ? unit : undefined });
}

/** 'Usulkan Pemindahan': the checked berkas become a numbered proposal; its page opens next. */
export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const form = await readForm(request);
  const back = `${BASE}${new URL(request.url).search}`;
  return pageAction(
    ctx,
    async () => {
      const proposal = await proposeTransfer(ctx, { berkas: form.getAll("berkas"), note: form.get("note") ?? "" });
      return { to: href("/app/pemindahan/:uuid", { uuid: proposal.uuid }), toast: transferMessages.proposed(proposal.number) };
    },
    { toast: { to: back } },
  );
}

const formatDay = (iso: string | null) => (iso ? formatDate(`${iso}T00:00:00+07:00`, "DD MMMM YYYY") : "–");

export default function Pemindahan({ loaderData }: Route.ComponentProps) {
  const { centre, candidates, transfers, units, unit, canPropose } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const c = m.columns;
  const selectable = canPropose && centre !== null;
  const candidateColumns: Column<TransferCandidate>[] = [
    ...(selectable ? [selectColumn<TransferCandidate>({ header: l.selectColumn, name: "berkas", value: (row) => row.id, label: (row) => l.select(row.number), testId: "transfer-check" })] : []),
    {
      key: "number",
      header: c.berkasNumber,
      width: "12%",
      card: "title",
      cell: (row) => (
        <AppLink to={href("/app/berkas/:id", { id: String(row.id) })} discover={false} className="font-medium text-blue-700 hover:underline">
          {row.number}
        </AppLink>
      ),
    },
    { key: "title", header: c.title, cell: (row) => row.title },
    { key: "code", header: c.code, width: "12%", hideBelow: "lg", cell: (row) => row.classificationCode },
    { key: "period", header: c.period, width: "10%", cell: (row) => kurunWaktu(row.startYear, row.endYear) },
    { key: "items", header: c.items, width: "8%", align: "end", cell: (row) => row.itemCount },
    { key: "activeUntil", header: c.activeUntil, width: "13%", hideBelow: "xl", cell: (row) => formatDay(row.activeUntil) },
    ...(units.length > 0 ? [{ key: "unit", header: c.unit, width: "14%", hideBelow: "2xl" as const, cell: (row: TransferCandidate) => row.unitKerjaName }] : []),
  ];
  const transferColumns: Column<TransferSummary>[] = [
    {
      key: "number",
      header: c.number,
      card: "title",
      cell: (row) => (
        <AppLink to={href("/app/pemindahan/:uuid", { uuid: row.uuid })} discover={false} className="font-medium text-blue-700 hover:underline" data-testid="transfer-link">
          {row.number}
        </AppLink>
      ),
    },
    { key: "unit", header: c.unit, cell: (row) => row.unitKerjaName },
    { key: "status", header: c.status, width: "14%", cell: (row) => m.statuses[row.status] },
    { key: "berkas", header: c.berkas, width: "10%", align: "end", cell: (row) => row.berkasCount },
    { key: "proposed", header: c.proposedAt, width: "18%", hideBelow: "lg", cell: (row) => formatDate(row.proposedAt, "DD MMMM YYYY") },
  ];
  const table = (
    <DataTable columns={candidateColumns} rows={candidates} rowKey={(row) => String(row.id)} empty={<EmptyState>{l.noCandidates}</EmptyState>} label={l.candidates} testId="transfer-candidates" rowTestId="transfer-candidate" />
  );
  return (
    <>
      <PageHeader title={m.title} description={l.description} />
      <p className={`mb-4 rounded-lg p-3 text-sm ring-1 ${centre ? "bg-slate-50 text-slate-700 ring-slate-200" : "bg-amber-50 text-amber-900 ring-amber-200"}`} data-testid="records-centre">
        {centre ? l.recordsCentreIs(centre.nama) : l.noRecordsCentre}
      </p>
      <section className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-labelledby="candidates-heading">
        <h2 id="candidates-heading" className="px-4 pt-4 text-lg font-semibold text-slate-900">
          {l.candidates}
        </h2>
        {units.length > 0 && (
          <Form method="get" action={BASE} className="flex flex-wrap items-end gap-3 p-4">
            <FilterSelect name="unit" label={l.filterUnit} value={unit} allLabel={l.allUnits} options={units.map((entry) => ({ value: entry.id, label: entry.nama }))} />
            <button type="submit" className={buttonClass.secondary}>
              {l.filter}
            </button>
          </Form>
        )}
        {selectable && candidates.length > 0 ? (
          <Form method="post" data-testid="propose-form">
            <CsrfField />
            {table}
            <div className="flex flex-wrap items-end justify-end gap-3 border-t border-slate-200 p-4">
              <label className="min-w-64 flex-1 text-sm">
                {l.note}
                <input name="note" maxLength={500} className={inputClass} />
              </label>
              <button type="submit" className={buttonClass.primary} disabled={busy} data-testid="propose-transfer">
                {busy ? l.proposing : l.propose}
              </button>
            </div>
          </Form>
        ) : (
          table
        )}
      </section>
      <section className="mt-6 rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-labelledby="transfers-heading">
        <h2 id="transfers-heading" className="px-4 pt-4 text-lg font-semibold text-slate-900">
          {l.lists}
        </h2>
        <DataTable columns={transferColumns} rows={transfers} rowKey={(row) => row.uuid} empty={<EmptyState>{l.noLists}</EmptyState>} label={l.lists} testId="transfer-table" rowTestId="transfer-row" />
      </section>
    </>
  );
}
