import type { Route } from "./+types/public-documents";
import { PageHeader } from "~/components/app-shell";
import { DocumentTable } from "~/components/document-table";
import { parseListQuery } from "~/domain/document-schemas";
import { pageMeta } from "~/lib/meta";
import { getAppContext } from "~/server/route-helpers.server";
import { listCategories, listDocuments } from "~/server/services/documents.server";
import { t } from "~/i18n/id";

export const meta = () => pageMeta({ title: t.documents.title, description: t.meta.documentsDescription, indexable: true });

/** The public catalogue: PUBLIC documents only, download but no create/edit/delete. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getAppContext(context);
  const query = parseListQuery(new URL(request.url).searchParams);
  const [page, categories] = await Promise.all([listDocuments(ctx, query, { publicOnly: true }), listCategories(ctx)]);
  return { page, categories };
}

export default function PublicDocuments({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={t.documents.title} />
      <DocumentTable page={loaderData.page} categories={loaderData.categories} basePath="/documents" mode="public" />
    </>
  );
}
