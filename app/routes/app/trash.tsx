import { href } from "react-router";
import type { Route } from "./+types/trash";
import { ConfirmDialog } from "~/components/admin/lazy-confirm-dialog";
import { PageHeader } from "~/components/app-shell";
import { DataTable, EmptyState, ListToolbar, Pagination, listHref, offsetPagination, withParams, sortOptions } from "~/components/list";
import { trashColumns } from "~/components/trash/trash-columns";
import { dialogRow, useDialogParams } from "~/components/url-dialog";
import { InvalidError } from "~/domain/errors";
import type { SortDir } from "~/domain/list-page";
import { TrashListQuerySchema, type TRASH_SORTS } from "~/domain/records";
import { pageMeta } from "~/lib/meta";
import { listBackHref, noDialogFor, parseCanonicalList } from "~/routes/helpers/admin-pages.server";
import { readForm } from "~/routes/helpers/form-body.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { assertPageInRange } from "~/routes/helpers/list.server";
import { pageAction } from "~/routes/helpers/page-action.server";
import { getTrashed, listTrash, purgeDocument, restoreDocument } from "~/server/documents/trash.server";
import { releaseDocumentHold } from "~/server/retention/service.server";
import { formRules } from "~/routes/helpers/form.server";
import { ReleaseHoldSchema } from "~/domain/retention-schemas";
import { Dialog } from "~/components/dialog";
import { ReleaseHoldForm } from "~/components/documents/retention-forms";
import { recordMessages, trashText } from "~/i18n/records";
import { retention as retentionText } from "~/i18n/retention";

const BASE = href("/app/trash");

export const meta = () => pageMeta({ title: trashText.title });

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const { query, defaults, dialog } = parseCanonicalList(request, BASE, TrashListQuerySchema);
  const page = await listTrash(ctx, query);
  assertPageInRange(page, BASE, defaults);
  // `?dialog=purge&uuid={uuid}` opens the 'Hapus Permanen' confirmation over the list,
  // `?dialog=release-hold&uuid={uuid}` the release of a document's own hold (Super Admin); a row
  // of another page (a URL opened directly) is looked up here, the page's own rows are at hand.
  const opened = dialog.get("dialog");
  const uuid = opened === "purge" || opened === "release-hold" ? dialog.get("uuid") : null;
  const target = uuid && !page.data.some((row) => row.uuid === uuid) ? await getTrashed(ctx, uuid).catch(noDialogFor) : null;
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
        return { to: back, toast: retentionText.hold.released };
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
  const dialogFor = dialogRow(opened === "purge" || opened === "release-hold" ? params.get("uuid") : null, page.data, (row) => row.uuid, dialogTarget);
  const confirmPurge = opened === "purge" && dialogFor?.canPurge ? dialogFor : null;
  const releaseHold = opened === "release-hold" && dialogFor?.canReleaseHold ? dialogFor : null;
  const pageHref = (change: Parameters<typeof listHref>[2]) => listHref(BASE, query, change, defaults);
  const withDialog = (extra: Record<string, string>) => withParams(pageHref({}), extra);
  const columns = trashColumns({
    offset: (page.page - 1) * page.size,
    purgeHref: (row) => withDialog({ dialog: "purge", uuid: row.uuid }),
    releaseHoldHref: (row) => withDialog({ dialog: "release-hold", uuid: row.uuid }),
  });
  return (
    <>
      <PageHeader title={trashText.title} description={trashText.description(trashDays)} />
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <ListToolbar action={BASE} query={query} defaults={defaults} searchPlaceholder={trashText.search} sorts={sortOptions(columns)} />
        <DataTable
          columns={columns}
          rows={page.data}
          rowKey={(row) => row.uuid}
          sorting={{ sort: query.sort, dir: query.dir, defaults, href: (sort, dir) => pageHref({ sort, dir, page: 1 }) }}
          empty={<EmptyState resetHref={query.q ? pageHref({ q: "", page: 1 }) : undefined}>{trashText.empty}</EmptyState>}
          label={trashText.title}
          testId="trash-table"
          rowTestId="trash-row"
        />
        <Pagination {...offsetPagination(page, (number) => pageHref({ page: number }))} />
      </div>
      {confirmPurge && (
        <ConfirmDialog
          title={trashText.purgeTitle}
          cancelTo={pageHref({})}
          cancelLabel={trashText.cancel}
          confirmLabel={trashText.confirmPurge}
          busyLabel={trashText.purging}
          intent="purge"
          fields={{ uuid: confirmPurge.uuid }}
          action={withDialog({ dialog: "purge", uuid: confirmPurge.uuid })}
          testId="purge-dialog"
        >
          {trashText.purgeConfirm(confirmPurge.title)}
        </ConfirmDialog>
      )}
      {releaseHold && releaseRules && (
        <Dialog title={retentionText.hold.releaseTitle} status="respond" closeTo={pageHref({})} testId="release-hold-dialog">
          <p>{retentionText.hold.releaseConfirm(releaseHold.title)}</p>
          <ReleaseHoldForm rules={releaseRules} inDialog hidden={{ uuid: releaseHold.uuid }} action={withDialog({ dialog: "release-hold", uuid: releaseHold.uuid })} />
        </Dialog>
      )}
    </>
  );
}
