import { Form, href } from "react-router";
import type { Route } from "./+types/disposal-list";
import { lazyComponent } from "~/components/lazy-component";
import { PageHeader } from "~/components/app-shell";
import { buttonClass, inputClass } from "~/components/buttons";
import { CsrfField } from "~/components/form/csrf-field";
import { useDialogParams } from "~/components/url-dialog";
import { DataTable, type Column } from "~/components/list";
import { verificationPath } from "~/domain/berita-acara";
import type { DisposalItemView } from "~/domain/disposal";
import { InvalidError } from "~/domain/errors";
import { disposalText as m, disposalMessages } from "~/i18n/disposal";
import { disposalListText as l } from "~/i18n/disposal-list";
import type { BreadcrumbHandle } from "~/lib/breadcrumb";
import { pageMeta } from "~/lib/meta";
import { readForm } from "~/routes/helpers/form-body.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { pageAction } from "~/routes/helpers/page-action.server";
import { approveUndecided, decideItem, getDisposalList, recordAnriLetter } from "~/server/disposal/service.server";
import { executeDisposalList } from "~/server/jobs/system.server";
import { formatShortDay } from "~/lib/short-day";
import { AppLink } from "~/components/app-link";

/** 'Laksanakan daftar?': its dialog and words load when the URL opens it. */
const ExecuteDialog = lazyComponent(() => import("~/components/disposal/execute-dialog").then((module) => module.ExecuteDialog));

/** The list's crumb is its number; `/app/penyusutan/daftar` alone is no page. */
export const handle: BreadcrumbHandle<{ list?: { uuid: string; number: string } }> = {
  breadcrumb: (data) => (data.list ? { [href("/app/penyusutan/daftar/:uuid", { uuid: data.list.uuid })]: data.list.number } : {}),
  withoutPage: () => [`${href("/app/penyusutan")}/daftar`],
};

export const meta = ({ loaderData }: Route.MetaArgs) =>
  pageMeta({ title: loaderData ? l.listTitle(m.kinds[loaderData.list.kind]!, loaderData.list.number) : m.title });

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  return { list: await getDisposalList(ctx, params.uuid) };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const form = await readForm(request);
  const self = href("/app/penyusutan/daftar/:uuid", { uuid: params.uuid });
  return pageAction(
    ctx,
    async () => {
      const intent = form.get("intent");
      if (intent === "decide") {
        await decideItem(ctx, params.uuid, { position: form.get("position"), decision: form.get("decision"), reason: form.get("reason") ?? "" });
        return { to: self, toast: disposalMessages.decided };
      }
      if (intent === "approve-all") return { to: self, toast: disposalMessages.approvedAll(await approveUndecided(ctx, params.uuid)) };
      if (intent === "anri") {
        await recordAnriLetter(ctx, params.uuid, { letterNumber: form.get("letterNumber"), letterDate: form.get("letterDate") });
        return { to: self, toast: disposalMessages.letterSaved };
      }
      if (intent === "execute") {
        const result = await executeDisposalList(ctx, params.uuid);
        return { to: self, toast: "running" in result ? disposalMessages.runningInBackground(result.number) : disposalMessages.executed(result.number, result.done, result.skipped) };
      }
      throw new InvalidError(disposalMessages.listNotFound);
    },
    { toast: { to: self } },
  );
}

function DecisionCell({ item, canManage }: { item: DisposalItemView; canManage: boolean }) {
  const decided = item.decision ? (
    <p>
      <strong>{l.decisions[item.decision]}</strong>
      {item.decisionReason && <span className="block text-slate-600">{item.decisionReason}</span>}
      {item.decidedBy && <span className="block text-xs text-slate-500">{l.decidedBy(item.decidedBy, formatShortDay(item.decidedAt))}</span>}
    </p>
  ) : null;
  if (!canManage) return decided ?? <span>–</span>;
  return (
    <div className="space-y-2">
      {decided}
      <Form method="post" className="flex flex-wrap items-center gap-2" data-testid="decision-form">
        <CsrfField />
        <input type="hidden" name="intent" value="decide" />
        <input type="hidden" name="position" value={item.position} />
        <label className="min-w-0 flex-1 text-sm">
          <span className="sr-only">
            {l.reason} {item.title}
          </span>
          <input name="reason" placeholder={l.reason} maxLength={500} className={inputClass} />
        </label>
        <button type="submit" name="decision" value="SETUJUI" className={buttonClass.secondary}>
          {l.approve}
        </button>
        <button type="submit" name="decision" value="TUNDA" className={buttonClass.secondary}>
          {l.postpone}
        </button>
      </Form>
    </div>
  );
}

export default function DisposalList({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  // `?dialog=execute` opens the 'Laksanakan' confirmation (from the URL: see url-dialog).
  const dialog = useDialogParams().get("dialog");
  // A list that cannot run yet shows why beside a disabled 'Laksanakan', and never asks to confirm.
  const executable = list.canManage && list.executionBlockers.length === 0;
  const confirmExecute = executable && dialog === "execute";
  const self = href("/app/penyusutan/daftar/:uuid", { uuid: list.uuid });
  const kindName = m.kinds[list.kind]!;
  const columns: Column<DisposalItemView>[] = [
    { key: "no", header: "No", width: "4rem", cell: (item) => item.position },
    { key: "code", header: m.columns.code, width: "10%", cell: (item) => item.classificationCode || "–" },
    { key: "title", header: m.columns.title, card: "title", cell: (item) => item.title },
    { key: "number", header: m.columns.number, hideBelow: "xl", cell: (item) => item.documentNumber },
    { key: "year", header: m.columns.year, width: "7%", cell: (item) => item.year },
    { key: "files", header: m.columns.files, width: "6%", align: "end", hideBelow: "lg", cell: (item) => item.fileCount },
    { key: "retention", header: m.columns.retention, width: "8%", align: "end", hideBelow: "lg", cell: (item) => item.retentionYears },
    { key: "decision", header: m.columns.decision, width: list.canManage ? "32%" : "18%", cell: (item) => <DecisionCell item={item} canManage={list.canManage} /> },
    ...(list.status === "EXECUTED"
      ? [
          {
            key: "outcome",
            header: m.columns.outcome,
            width: "18%",
            cell: (item: DisposalItemView) =>
              item.outcome ? (
                <span data-testid="item-outcome">
                  <strong>{l.outcomes[item.outcome]}</strong>
                  {item.skipReason && <span className="block text-slate-600">{item.skipReason}</span>}
                </span>
              ) : (
                "–"
              ),
          },
        ]
      : []),
  ];
  const undecided = list.items.filter((item) => !item.decision).length;
  return (
    <>
      <PageHeader title={l.listTitle(kindName, list.number)} />
      <dl className="mb-6 grid gap-3 rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200 sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">{m.columns.status}</dt>
          <dd className="font-medium" data-testid="list-status">
            {m.statuses[list.status]}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{m.columns.createdAt}</dt>
          <dd>
            {formatShortDay(list.createdAt)}
            {list.createdBy && ` · ${list.createdBy}`}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{m.columns.items}</dt>
          <dd>{list.itemCount}</dd>
        </div>
      </dl>
      <div className="mb-6 flex flex-wrap gap-2">
        <a href={href("/app/penyusutan/daftar/:uuid/daftar.csv", { uuid: list.uuid })} className={buttonClass.secondary} download>
          {l.downloadCsv}
        </a>
        {list.beritaAcara && (
          <>
            <a href={href("/app/berita-acara/:uuid/pdf", { uuid: list.beritaAcara.uuid })} className={buttonClass.secondary} data-testid="berita-acara-download">
              {l.downloadBeritaAcara}
            </a>
            <a href={verificationPath(list.beritaAcara.uuid)} className={buttonClass.secondary} data-testid="berita-acara-verify">
              {l.verify}
            </a>
          </>
        )}
      </div>
      {list.beritaAcara && (
        <section className="mb-6 rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200" aria-labelledby="ba-heading" data-testid="berita-acara">
          <h2 id="ba-heading" className="text-lg font-semibold text-slate-900">
            {l.beritaAcara} {list.beritaAcara.number}
          </h2>
          <p className="mt-1">{formatShortDay(list.beritaAcara.issuedOn)}</p>
          <p className="mt-1 break-all text-slate-600">
            {l.listHash}: <code>{list.beritaAcara.listSha256}</code>
          </p>
        </section>
      )}
      {list.kind === "MUSNAH" && (
        <section className="mb-6 rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200" aria-labelledby="anri-heading" data-testid="anri-section">
          <h2 id="anri-heading" className="text-lg font-semibold text-slate-900">
            {l.anriTitle}
          </h2>
          <p className="mt-1 text-slate-600">{list.needsAnriLetter ? l.anriNeeded : l.anriNotNeeded}</p>
          {list.anriLetterNumber && (
            <p className="mt-2" data-testid="anri-letter">
              {l.letterNumber}: <strong>{list.anriLetterNumber}</strong> · {l.letterDate}: <strong>{formatShortDay(list.anriLetterDate)}</strong>
            </p>
          )}
          {list.canManage && list.needsAnriLetter && (
            <Form method="post" className="mt-3 flex flex-wrap items-end gap-3" data-testid="anri-form">
              <CsrfField />
              <input type="hidden" name="intent" value="anri" />
              <label className="text-sm">
                {l.letterNumber}
                <input name="letterNumber" required maxLength={100} defaultValue={list.anriLetterNumber ?? ""} className={inputClass} />
              </label>
              <label className="text-sm">
                {l.letterDate}
                <input name="letterDate" type="date" required defaultValue={list.anriLetterDate ?? ""} className={inputClass} />
              </label>
              <button type="submit" className={buttonClass.secondary}>
                {l.saveLetter}
              </button>
            </Form>
          )}
        </section>
      )}
      <section className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-labelledby="items-heading">
        <h2 id="items-heading" className="px-4 pt-4 text-lg font-semibold text-slate-900">
          {kindName}
        </h2>
        <DataTable columns={columns} rows={list.items} rowKey={(item) => String(item.position)} label={kindName} testId="item-table" rowTestId="item-row" />
        {list.canManage && (
          <div className="flex flex-wrap items-start justify-end gap-2 border-t border-slate-200 p-4">
            {!executable && (
              <div className="mr-auto text-sm text-amber-900" id="execute-blockers" data-testid="execute-blockers">
                <p className="font-medium">{l.cannotExecuteYet}</p>
                <ul className="mt-1 list-disc pl-5">
                  {list.executionBlockers.map((blocker) => (
                    <li key={blocker}>{blocker}</li>
                  ))}
                </ul>
              </div>
            )}
            {undecided > 0 && (
              <Form method="post">
                <CsrfField />
                <button type="submit" name="intent" value="approve-all" className={buttonClass.secondary} data-testid="approve-all">
                  {l.approveAll}
                </button>
              </Form>
            )}
            {executable ? (
              <AppLink to={`${self}?dialog=execute`} className={buttonClass.danger} data-testid="execute">
                {l.execute}
              </AppLink>
            ) : (
              <button type="button" disabled aria-describedby="execute-blockers" className={buttonClass.danger} data-testid="execute">
                {l.execute}
              </button>
            )}
          </div>
        )}
      </section>
      {confirmExecute && <ExecuteDialog kind={list.kind} listHref={self} />}
    </>
  );
}
