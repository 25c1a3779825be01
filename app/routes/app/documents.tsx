import { Link } from "react-router";
import type { Route } from "./+types/documents";
import { PageHeader } from "~/components/app-shell";
import { buttonClass } from "~/components/buttons";
import { DocumentTable } from "~/components/document-table";
import { parseListQuery } from "~/domain/document-schemas";
import { can } from "~/domain/policy";
import { pageMeta } from "~/lib/meta";
import { requireSignedIn } from "~/server/route-helpers.server";
import { listCategories, listDocuments } from "~/server/services/documents.server";
import { t } from "~/i18n/id";

export const meta = () => pageMeta({ title: t.documents.title });

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = requireSignedIn(context);
  const query = parseListQuery(new URL(request.url).searchParams);
  const [page, categories] = await Promise.all([listDocuments(ctx, query), listCategories(ctx)]);
  return { page, categories, canCreate: can(ctx.actor, { type: "document.create" }) };
}

export default function Documents({ loaderData }: Route.ComponentProps) {
  const { page, categories, canCreate } = loaderData;
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageHeader title={t.documents.title} />
        {canCreate && (
          <Link to="/app/documents/create" className={buttonClass.primary} data-testid="create-document">
            {t.documents.create}
          </Link>
        )}
      </div>
      <DocumentTable page={page} categories={categories} basePath="/app/documents" mode="app" />
    </>
  );
}
