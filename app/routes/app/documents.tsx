import { href } from "react-router";
import type { Route } from "./+types/documents";
import { PageHeader } from "~/components/app-shell";
import { buttonClass } from "~/components/buttons";
import { DocumentList } from "~/components/documents/document-list";
import { can } from "~/domain/policy";
import { pageMeta } from "~/lib/meta";
import { loadDocumentList } from "~/routes/helpers/document-list.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { documents as documentsText } from "~/i18n/documents";
import { bulkEditOfForm } from "~/domain/bulk-edit";
import { InvalidError } from "~/domain/errors";
import { bulkEdit as bulkText } from "~/i18n/bulk-edit";

import { readForm } from "~/routes/helpers/form-body.server";
import { pageAction } from "~/routes/helpers/page-action.server";
import { bulkBerkasOptionsStatement } from "~/server/berkas/service.server";
import { startBulkEdit } from "~/server/documents/bulk.server";
import { AppLink } from "~/components/app-link";
import { BulkActionBar, selectCell } from "~/components/documents/bulk-action-bar";

export const meta = () => pageMeta({ title: documentsText.title });

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const bulk = can(ctx.actor, { type: "documents.bulkEdit" });
  // The bulk bar's berkas come in the list's round trip.
  const { extra: berkasOptions, ...list } = await loadDocumentList(ctx, request, href("/app/documents"), { codes: true }, bulk ? bulkBerkasOptionsStatement(ctx) : null);
  return {
    ...list,
    canCreate: can(ctx.actor, { type: "document.create" }),
    textFilter: can(ctx.actor, { type: "text.statusFilter" }),
    bulk,
    // No statement (null) for who may not edit in bulk.
    berkasOptions: list.page.data.length > 0 ? (berkasOptions ?? []) : [],
  };
}

/** 'Ubah Massal' (fields, trash, 'Masukkan ke Berkas'): the bar's form starts the job; its report is on the job's page. */
export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const back = new URL(request.url);
  return pageAction(
    ctx,
    async () => {
      const parsed = bulkEditOfForm(await readForm(request));
      if (!parsed.success) throw new InvalidError(parsed.error.issues[0]?.message ?? bulkText.nothingChosen);
      const { jobId, count } = await startBulkEdit(ctx, parsed.data);
      return { to: href("/app/pekerjaan/:id", { id: jobId }), toast: bulkText.started(count) };
    },
    { toast: { to: `${back.pathname}${back.search}` } },
  );
}

export default function Documents({ loaderData }: Route.ComponentProps) {
  const { page, cursors, categories, codes, notice, canCreate, textFilter, facets, bulk, berkasOptions } = loaderData;
  return (
    <>
      <PageHeader
        title={documentsText.title}
        actions={
          canCreate && (
            <>
              <AppLink to={href("/app/documents/unggah-banyak")} className={buttonClass.secondary} data-testid="bulk-upload">
                {documentsText.bulkUploadEntry}
              </AppLink>
              <AppLink to={href("/app/documents/create")} className={buttonClass.primary} data-testid="create-document">
                {documentsText.create}
              </AppLink>
            </>
          )
        }
      />
      <DocumentList
        page={page}
        cursors={cursors}
        categories={categories}
        codes={codes}
        textFilter={textFilter}
        notice={notice}
        facets={facets}
        basePath={href("/app/documents")}
        mode="app"
        bulk={bulk ? { selectCell, bar: <BulkActionBar page={page} categories={categories} codes={codes} berkasOptions={berkasOptions} /> } : null}
      />
    </>
  );
}
