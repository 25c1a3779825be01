import { data } from "react-router";
import { readForm } from "~/routes/helpers/form-body.server";
import type { Route } from "./+types/api-tokens";
import { lazyComponent } from "~/components/lazy-component";
import { dialogRow, useDialogParams } from "~/components/url-dialog";
import { ApiTokenForm, CreatedToken, exampleCall } from "~/components/api-tokens/api-token-form";
import { CopyText } from "~/components/copy-text";
import { apiTokenColumns } from "~/components/api-tokens/api-token-columns";
import { PageHeader } from "~/components/app-shell";
import { DataTable, EmptyState, FilterSelect, ListToolbar, Pagination, activeFilterCount, listHref, offsetPagination, sortOptions, withParams } from "~/components/list";
import { ApiTokenCreateSchema, ApiTokenListQuerySchema, type ApiTokenSort } from "~/domain/api-tokens";
import type { FormReply } from "~/domain/form-rules";
import { DomainError } from "~/domain/errors";
import type { SortDir } from "~/domain/list-page";
import { can } from "~/domain/policy";
import { pageMeta } from "~/lib/meta";
import { dialogRowOffPage, listBackHref, parseOrInvalid, withFormValues } from "~/routes/helpers/admin-pages.server";
import { redirectWithFlash } from "~/routes/helpers/flash-redirect.server";
import { formRules, replyWithDomainError } from "~/routes/helpers/form.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { loadListPage } from "~/routes/helpers/list.server";
import { createApiToken, getApiToken, listApiTokens, revokeApiToken } from "~/server/api-tokens/service.server";
import { apiTokens as apiTokensText, apiTokenMessages } from "~/i18n/api-tokens";

/** The confirmation opens when its URL asks (`?dialog=…`): its code loads then. */
const ConfirmDialog = lazyComponent(() => import("~/components/admin/confirm-dialog").then((module) => module.ConfirmDialog));

const m = apiTokensText;
const BASE = "/app/api-tokens";

export const meta = () => pageMeta({ title: m.title });

/**
 * 'Token API' (every signed-in user): the caller's personal API tokens (a Super Admin: everyone's),
 * the form that makes one, and `?dialog=revoke&id={uuid}` to revoke one (no JavaScript needed).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const { page, defaults, dialog } = await loadListPage(request, BASE, ApiTokenListQuerySchema, (query) => listApiTokens(ctx, query));
  const target = await dialogRowOffPage(dialog, { dialogs: ["revoke"], param: "id" }, page.data, (token) => token.uuid, (id) => getApiToken(ctx, id));
  return {
    page,
    defaults: defaults as { sort: ApiTokenSort; dir: SortDir; size: number },
    isAdmin: can(ctx.actor, { type: "apiToken.listAll" }),
    rules: formRules(ApiTokenCreateSchema),
    apiOrigin: ctx.origin,
    revokeTarget: target,
  };
}

type Created = { created: { name: string; token: string } };

/**
 * `create`: the new token comes back in this answer only (rendered once, never stored, never in a
 * redirect or a cookie). `revoke`: back to the list with a toast.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const form = await readForm(request);
  if (form.get("intent") === "revoke") {
    const back = listBackHref(request, BASE, ["dialog", "id"]);
    try {
      const { name } = await revokeApiToken(ctx, String(form.get("id") ?? ""));
      return redirectWithFlash(ctx, back, { type: "success", message: apiTokenMessages.revoked(name) });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return redirectWithFlash(ctx, back, { type: "error", message: error.message });
    }
  }
  try {
    const { token, view } = await withFormValues(form, [], (fields) => createApiToken(ctx, parseOrInvalid(ApiTokenCreateSchema, fields)));
    return data<Created>({ created: { name: view.name, token } }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    return replyWithDomainError(error);
  }
}

export default function ApiTokens({ loaderData, actionData }: Route.ComponentProps) {
  const { page, defaults, isAdmin, rules, revokeTarget, apiOrigin } = loaderData;
  const { query } = page;
  const params = useDialogParams();
  const revokeRow = dialogRow(params.get("dialog") === "revoke" ? params.get("id") : null, page.data, (token) => token.uuid, revokeTarget);
  const confirmRevoke = revokeRow?.canRevoke ? revokeRow : null;
  const created = actionData && "created" in actionData ? actionData.created : null;
  const reply = actionData && !("created" in actionData) ? (actionData as FormReply) : null;
  const href = (change: Parameters<typeof listHref>[2]) => listHref(BASE, query, change, defaults);
  const withDialog = (extra: Record<string, string>) => withParams(href({}), extra);
  const columns = apiTokenColumns({
    offset: (page.page - 1) * page.size,
    showOwner: isAdmin,
    revokeHref: (token) => withDialog({ dialog: "revoke", id: token.uuid }),
  });
  return (
    <>
      <PageHeader title={m.title} description={isAdmin ? `${m.description} ${m.adminDescription}` : m.description} />
      <section className="-mt-4 mb-6 space-y-2 text-sm text-slate-600" aria-label={m.exampleHeading}>
        <p>
          {m.usage}{" "}
          <a href="/api/docs" className="font-medium text-blue-700 underline" data-testid="api-docs-link">
            {m.docsLink}
          </a>
        </p>
        <p>{m.exampleIntro}</p>
        <CopyText text={exampleCall(apiOrigin)} multiline label={m.exampleHeading} testId="api-example" />
      </section>
      {created && <CreatedToken name={created.name} token={created.token} apiOrigin={apiOrigin} />}
      <section className="mb-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200" aria-labelledby="create-token-heading">
        <h2 id="create-token-heading" className="mb-4 text-lg font-semibold text-slate-900">
          {m.createHeading}
        </h2>
        {/* A new form after each token made: the last name is not offered again. */}
        <ApiTokenForm key={created?.token ?? "form"} rules={rules} lastResult={reply} />
      </section>
      <section className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-labelledby="token-list-heading">
        <h2 id="token-list-heading" className="px-4 pt-4 text-lg font-semibold text-slate-900">
          {m.listHeading}
        </h2>
        <ListToolbar
          action={BASE}
          query={query}
          defaults={defaults}
          searchPlaceholder={m.search}
          sorts={sortOptions(columns)}
          activeFilters={activeFilterCount(query, ["status"])}
          filters={
            <FilterSelect
              name="status"
              label={m.statusFilter}
              value={query.status}
              allLabel={m.allStatuses}
              options={(["active", "expired", "revoked"] as const).map((status) => ({ value: status, label: m.status[status] }))}
              testId="status-filter"
            />
          }
        />
        <DataTable
          columns={columns}
          rows={page.data}
          rowKey={(token) => token.uuid}
          sorting={{ sort: query.sort, dir: query.dir, defaults, href: (sort, dir) => href({ sort, dir, page: 1 }) }}
          empty={<EmptyState>{m.empty}</EmptyState>}
          label={m.listHeading}
          testId="tokens-table"
          rowTestId="token-row"
        />
        <Pagination {...offsetPagination(page, (number) => href({ page: number }))} />
      </section>
      {confirmRevoke && (
        <ConfirmDialog
          title={m.revokeTitle}
          cancelTo={href({})}
          cancelLabel={m.cancel}
          confirmLabel={m.confirmRevoke}
          busyLabel={m.revoking}
          intent="revoke"
          fields={{ id: confirmRevoke.uuid }}
          action={withDialog({ dialog: "revoke", id: confirmRevoke.uuid })}
          testId="revoke-dialog"
        >
          {m.revokeConfirm(confirmRevoke.name)}
        </ConfirmDialog>
      )}
    </>
  );
}
