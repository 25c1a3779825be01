import { Form, href, useNavigation } from "react-router";
import type { BreadcrumbHandle } from "~/lib/breadcrumb";
import type { Route } from "./+types/pemindahan-detail";
import { PageHeader } from "~/components/app-shell";
import { BackLink } from "~/components/back-link";
import { buttonClass, inputClass } from "~/components/buttons";
import { DetailTable, type DetailItem } from "~/components/detail-table";
import { CsrfField } from "~/components/form/csrf-field";
import { DataTable, type Column } from "~/components/list";
import { kurunWaktu } from "~/domain/berkas-view";
import { verificationPath } from "~/domain/berita-acara";
import type { TransferItemView } from "~/domain/transfers";
import { berkasVocabulary } from "~/i18n/berkas-vocabulary";
import { transferDetail as d } from "~/i18n/transfer-detail";
import { transferMessages, transferText as m } from "~/i18n/transfers";
import { formatDate } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { readForm } from "~/routes/helpers/form-body.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { pageAction } from "~/routes/helpers/page-action.server";
import { orRouteError } from "~/routes/helpers/route-errors.server";
import { acceptTransfer, getTransfer, rejectTransfer } from "~/server/transfers/service.server";

/** A transfer's crumb names its number. */
export const handle: BreadcrumbHandle<{ transfer?: { uuid: string; number: string } }> = {
  breadcrumb: (data) => (data.transfer ? { [href("/app/pemindahan/:uuid", { uuid: data.transfer.uuid })]: data.transfer.number } : {}),
};

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta({ title: loaderData ? d.detailTitle(loaderData.transfer.number) : m.title });

export async function loader({ context, params }: Route.LoaderArgs) {
  return { transfer: await orRouteError(() => getTransfer(getSignedIn(context), params.uuid)) };
}

/** 'Terima' (with each berkas's box and rack: fields `box-{position}`, `rack-{position}`) or 'Tolak' (with the reason). */
export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const form = await readForm(request);
  const here = href("/app/pemindahan/:uuid", { uuid: params.uuid });
  return pageAction(
    ctx,
    async () => {
      if (form.get("intent") === "reject") {
        await rejectTransfer(ctx, params.uuid, { reason: form.get("reason") });
        return { to: here, toast: transferMessages.rejected };
      }
      const positions = [...form.keys()].filter((key) => key.startsWith("box-")).map((key) => Number(key.slice(4)));
      const locations = positions.map((position) => ({ position, box: form.get(`box-${position}`) ?? "", rack: form.get(`rack-${position}`) ?? "" }));
      const { beritaAcara } = await acceptTransfer(ctx, params.uuid, { locations });
      return { to: here, toast: transferMessages.accepted(beritaAcara.number) };
    },
    { toast: { to: here } },
  );
}

export default function PemindahanDetail({ loaderData }: Route.ComponentProps) {
  const { transfer } = loaderData;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const f = d.facts;
  const c = m.columns;
  const base = href("/app/pemindahan/:uuid", { uuid: transfer.uuid });
  const facts: DetailItem[] = [
    [f.unit, transfer.unitKerjaName],
    [f.status, m.statuses[transfer.status]],
    [f.proposedBy, transfer.proposedBy ?? "–"],
    [f.proposedAt, formatDate(transfer.proposedAt, "DD MMMM YYYY HH:mm")],
    [f.note, transfer.note || "–"],
    [f.centre, transfer.recordsCentreName ?? "–"],
    ...(transfer.decidedAt ? ([[f.decidedBy, transfer.decidedBy ?? "–"], [f.decidedAt, formatDate(transfer.decidedAt, "DD MMMM YYYY HH:mm")]] as DetailItem[]) : []),
    ...(transfer.decisionNote ? ([[f.decisionNote, transfer.decisionNote]] as DetailItem[]) : []),
    ...(transfer.beritaAcara
      ? ([
          [
            f.beritaAcara,
            <span className="flex flex-wrap gap-x-4 gap-y-1">
              <a href={`${base}/berita-acara.pdf`} className="font-medium text-blue-700 underline" data-testid="transfer-ba-pdf">
                {d.downloadPdf}
              </a>
              <a href={verificationPath(transfer.beritaAcara.uuid)} className="font-medium text-blue-700 underline" data-testid="transfer-verify">
                {d.verify}
              </a>
            </span>,
          ],
        ] as DetailItem[])
      : []),
  ];
  const decide = transfer.canDecide;
  const columns: Column<TransferItemView>[] = [
    { key: "position", header: "No", width: "3rem", cell: (row) => row.position },
    { key: "number", header: c.berkasNumber, width: "12%", card: "title", cell: (row) => row.berkasNumber },
    { key: "title", header: c.title, cell: (row) => row.title },
    { key: "code", header: c.code, width: "11%", hideBelow: "lg", cell: (row) => row.classificationCode },
    { key: "period", header: c.period, width: "10%", cell: (row) => kurunWaktu(row.startYear, row.endYear) },
    { key: "items", header: c.items, width: "7%", align: "end", cell: (row) => row.itemCount },
    { key: "level", header: c.developmentLevel, width: "10%", hideBelow: "xl", cell: (row) => berkasVocabulary.developmentLevels[row.developmentLevel] },
    {
      key: "box",
      header: c.box,
      width: decide ? "13%" : "9%",
      cell: (row) =>
        decide ? <input name={`box-${row.position}`} maxLength={50} aria-label={d.boxFor(row.berkasNumber)} className={inputClass} data-testid="transfer-box" /> : (row.box ?? "–"),
    },
    {
      key: "rack",
      header: c.rack,
      width: decide ? "13%" : "9%",
      cell: (row) =>
        decide ? <input name={`rack-${row.position}`} maxLength={50} aria-label={d.rackFor(row.berkasNumber)} className={inputClass} data-testid="transfer-rack" /> : (row.rack ?? "–"),
    },
  ];
  const table = <DataTable columns={columns} rows={transfer.items} rowKey={(row) => String(row.position)} label={c.title} testId="transfer-items" rowTestId="transfer-item" />;
  return (
    <div className="mx-auto max-w-6xl">
      <BackLink fallback={href("/app/pemindahan")} />
      <PageHeader title={d.detailTitle(transfer.number)} />
      <section aria-labelledby="transfer-facts" className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <h2 id="transfer-facts" className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900">
          {m.title}
        </h2>
        <DetailTable items={facts} testId="transfer-facts" />
      </section>
      <section aria-labelledby="transfer-list" className="mt-6 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <div className="flex flex-wrap items-center justify-between gap-2 px-4 pt-4">
          <h2 id="transfer-list" className="text-lg font-semibold text-slate-900">
            {m.listTitle}
          </h2>
          <a href={`${base}/daftar.csv`} className={buttonClass.secondary} data-testid="transfer-csv" download>
            {d.downloadCsv}
          </a>
        </div>
        {decide ? (
          <Form method="post" data-testid="accept-form">
            <CsrfField />
            <p className="px-4 pt-3 text-sm text-slate-600">{d.acceptHelp}</p>
            {table}
            <div className="flex justify-end border-t border-slate-200 p-4">
              <button type="submit" name="intent" value="accept" className={buttonClass.primary} disabled={busy("accept")} data-testid="accept-transfer">
                {busy("accept") ? d.accepting : d.accept}
              </button>
            </div>
          </Form>
        ) : (
          table
        )}
      </section>
      {decide && (
        <section aria-labelledby="reject-heading" className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <h2 id="reject-heading" className="text-lg font-semibold text-slate-900">
            {d.rejectHeading}
          </h2>
          <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
            <CsrfField />
            <label className="min-w-64 flex-1 text-sm">
              {d.reason}
              <input name="reason" required minLength={5} maxLength={500} className={inputClass} />
            </label>
            <button type="submit" name="intent" value="reject" className={buttonClass.danger} disabled={busy("reject")} data-testid="reject-transfer">
              {busy("reject") ? d.rejecting : d.reject}
            </button>
          </Form>
        </section>
      )}
    </div>
  );
}
