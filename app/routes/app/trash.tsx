import { href } from "react-router";
import type { Route } from "./+types/trash";
import { PageHeader } from "~/components/app-shell";
import { EmptyState, withParams } from "~/components/list";
import { OffsetListCard, pagedList } from "~/components/list-card";
import { trashColumns } from "~/components/trash/trash-columns";
import { dialogRow, useDialogParams } from "~/components/url-dialog";
import { InvalidError } from "~/domain/errors";
import type { SortDir } from "~/domain/list-page";
import { TrashListQuerySchema, type TRASH_SORTS } from "~/domain/records";
import { pageMeta } from "~/lib/meta";
import { dialogRowOffPage, listBackHref } from "~/routes/helpers/admin-pages.server";
import { readForm } from "~/routes/helpers/form-body.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { loadListPage } from "~/routes/helpers/list.server";
import { pageAction } from "~/routes/helpers/page-action.server";
import { getTrashed, listTrash, purgeDocument, restoreDocument } from "~/server/documents/trash.server";
import { releaseDocumentHold } from "~/server/retention/service.server";
import { formRules } from "~/routes/helpers/form.server";
import { ReleaseHoldSchema } from "~/domain/retention-schemas";
import { lazyComponent } from "~/components/lazy-component";
import { recordMessages, trashText } from "~/i18n/records";
import { retentionHoldMessages } from "~/i18n/retention-hold";

/** 'Hapus Permanen' and 'Lepas penahanan' over the list: each dialog, its form and strings load when the URL opens it. */
const PurgeDialog = lazyComponent(() => import("~/components/trash/purge-dialog").then((module) => module.PurgeDialog));
const ReleaseHoldDialog = lazyComponent(() => import("~/components/documents/release-hold-dialog").then((module) => module.ReleaseHoldDialog));

const BASE = href("/app/trash");
const uuidOf = (row: { uuid: string }) => row.uuid;

export const meta = () => pageMeta({ title: trashText.title });

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const { page, defaults, dialog } = await loadListPage(request, BASE, TrashListQuerySchema, (query) => listTrash(ctx, query));
  // `?dialog=purge&uuid={uuid}` opens the 'Hapus Permanen' confirmation over the list,
  // `?dialog=release-hold&uuid={uuid}` the release of a document's own hold (Super Admin); a row
  // of another page (a URL opened directly) is looked up here, the page's own rows are at hand.
  const target = await dialogRowOffPage(dialog, { dialogs: ["purge", "release-hold"], param: "uuid" }, page.data, uuidOf, (uuid) => getTrashed(ctx, uuid));
  return {
    page,
    defaults: defaults as { sort: (typeof TRASH_SORTS)[number]; dir: SortDir; size: number },
    trashDays: ctx.config.trashDays,
    dialogTarget: target,
    // The release dialog opens in the page: its rules are here before the click.
    releaseRules: target?.canReleaseHold || page.data.some((row) => row.canReleaseHold) ? formRules(ReleaseHoldSchema) : null,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const form = await readForm(request);
  const uuid = String(form.get("uuid") ?? "");
  const back = listBackHref(request, BASE, ["dialog", "uuid", "index"]);
  return pageAction(
    ctx,
    async () => {
      const intent = form.get("intent");
      if (intent === "restore") return { to: back, toast: recordMessages.restored((await restoreDocument(ctx, uuid)).title) };
      if (intent === "purge") return { to: back, toast: recordMessages.purged((await purgeDocument(ctx, uuid)).title) };
      if (intent === "release-hold") {
        await releaseDocumentHold(ctx, uuid, { reason: form.get("reason") });
        return { to: back, toast: retentionHoldMessages.released };
      }
      throw new InvalidError(recordMessages.trashNotFound);
    },
    { toast: { to: back } },
  );
}

export default function Trash({ loaderData }: Route.ComponentProps) {
  const { page, defaults, trashDays, dialogTarget, releaseRules } = loaderData;
  const { query } = page;
  const params = useDialogParams();
  const opened = params.get("dialog");
  const dialogFor = dialogRow(opened === "purge" || opened === "release-hold" ? params.get("uuid") : null, page.data, uuidOf, dialogTarget);
  const confirmPurge = opened === "purge" && dialogFor?.canPurge ? dialogFor : null;
  const releaseHold = opened === "release-hold" && dialogFor?.canReleaseHold ? dialogFor : null;
  const list = pagedList(BASE, page, defaults);
  const { pageHref } = list;
  const withDialog = (extra: Record<string, string>) => withParams(pageHref({}), extra);
  const columns = trashColumns({
    offset: (page.page - 1) * page.size,
    purgeHref: (row) => withDialog({ dialog: "purge", uuid: row.uuid }),
    releaseHoldHref: (row) => withDialog({ dialog: "release-hold", uuid: row.uuid }),
  });
  return (
    <>
      <PageHeader title={trashText.title} description={trashText.description(trashDays)} />
      <OffsetListCard
        list={list}
        columns={columns}
        rowKey={uuidOf}
        sorting={{ sort: query.sort, dir: query.dir, defaults }}
        searchPlaceholder={trashText.search}
        empty={<EmptyState resetHref={query.q ? pageHref({ q: "", page: 1 }) : undefined}>{trashText.empty}</EmptyState>}
        label={trashText.title}
        testId="trash-table"
        rowTestId="trash-row"
      />
      {confirmPurge && <PurgeDialog document={confirmPurge} cancelTo={pageHref({})} action={withDialog({ dialog: "purge", uuid: confirmPurge.uuid })} />}
      {releaseHold && releaseRules && (
        <ReleaseHoldDialog
          documentTitle={releaseHold.title}
          uuid={releaseHold.uuid}
          rules={releaseRules}
          action={withDialog({ dialog: "release-hold", uuid: releaseHold.uuid })}
          closeTo={pageHref({})}
        />
      )}
    </>
  );
}
