import { href } from "react-router";
import type { Route } from "./+types/public-documents";
import { PageHeader } from "~/components/app-shell";
import { DocumentList } from "~/components/documents/document-list";
import { pageMeta } from "~/lib/meta";
import { loadDocumentList } from "~/routes/helpers/document-list.server";
import { getAppContext } from "~/routes/helpers/route-errors.server";
import { documents as documentsText } from "~/i18n/documents";

export const meta = () => pageMeta({ title: documentsText.title, description: documentsText.publicDescription, indexable: true });

/** The public catalogue: PUBLIC documents only, download but no create/edit/delete. */
export async function loader({ context, request }: Route.LoaderArgs) {
  // No extra read on the public list: its loader data (serialised into the page) carries none.
  const { extra: _none, ...list } = await loadDocumentList(getAppContext(context), request, href("/documents"), { publicOnly: true });
  return list;
}

export default function PublicDocuments({ loaderData }: Route.ComponentProps) {
  const { page, cursors, categories, notice, facets } = loaderData;
  return (
    <>
      <PageHeader title={documentsText.title} />
      <DocumentList page={page} cursors={cursors} categories={categories} notice={notice} facets={facets} basePath={href("/documents")} mode="public" />
    </>
  );
}
