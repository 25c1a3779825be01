import { Form, href } from "react-router";
import type { Route } from "./+types/dip-entries";
import { lazyComponent } from "~/components/lazy-component";
import { PageHeader } from "~/components/app-shell";
import { BackLink } from "~/components/back-link";
import { buttonClass } from "~/components/buttons";
import { Field, FormBanner, SelectField, TextareaField, useFormKit } from "~/components/form";
import { CsrfField } from "~/components/form/csrf-field";
import { DataTable, EmptyState, ListToolbar, Pagination, offsetPagination, type Column } from "~/components/list";
import { useDeleteFromList } from "~/components/admin/delete-from-list";
import { pagedList } from "~/components/list-card";
import { InvalidError } from "~/domain/errors";
import { parseOrInvalid } from "~/domain/form-input";
import type { SortDir } from "~/domain/list-page";
import { DipEntryInputSchema, DipEntryListQuerySchema } from "~/domain/ppid/requests";
import { DIP_KINDS } from "~/domain/ppid/requests-view";
import { ppidDip } from "~/i18n/ppid/dip";
import { ppidDipEntries } from "~/i18n/ppid/dip-entries";
import { pageMeta } from "~/lib/meta";
import { dialogRowOffPage, listBackHref } from "~/routes/helpers/admin-pages.server";
import { formFields, readForm } from "~/routes/helpers/form-body.server";
import { formRules } from "~/routes/helpers/form.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { loadListPage } from "~/routes/helpers/list.server";
import { pageAction } from "~/routes/helpers/page-action.server";
import { addDipEntry, deleteDipEntry, getDipEntry, listDipEntries, type DipEntry } from "~/server/ppid/dip.server";
import { AppLink } from "~/components/app-link";

/** The confirmation opens when its URL asks (`?dialog=…`): its code loads then. */
const DeleteDialog = lazyComponent(() => import("~/components/admin/confirm-dialog").then((module) => module.DeleteDialog));

const e = ppidDipEntries;
const BASE = href("/app/ppid/dip");

export const meta = () => pageMeta({ title: e.title });

/** The PPID's own DIP entries (the layout lets officers in); `?dialog=delete&id=` confirms a delete. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const { page, defaults, dialog } = await loadListPage(request, BASE, DipEntryListQuerySchema, (query) => listDipEntries(ctx, query));
  const target = await dialogRowOffPage(dialog, { dialogs: ["delete"], param: "id" }, page.data, (entry) => entry.id, (id) => getDipEntry(ctx, id));
  return { page, defaults: defaults as { sort: "createdAt"; dir: SortDir; size: number }, deleteTarget: target, rules: formRules(DipEntryInputSchema) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const form = await readForm(request);
  const back = listBackHref(request, BASE, ["dialog", "id", "index"]);
  if (form.get("intent") === "delete") {
    return pageAction(
      ctx,
      async () => {
        await deleteDipEntry(ctx, String(form.get("id") ?? ""));
        return { to: back, toast: e.deleted };
      },
      { toast: { to: back } },
    );
  }
  const fields = formFields(form);
  return pageAction(
    ctx,
    async () => {
      if (form.get("intent") !== "add") throw new InvalidError(e.failed);
      await addDipEntry(ctx, parseOrInvalid(DipEntryInputSchema, fields));
      return { to: back, toast: e.added };
    },
    { form: { values: fields, fallback: e.failed } },
  );
}

const kindOptions = DIP_KINDS.map((value) => ({ value, label: ppidDip.kinds[value] }));

function entryColumns(offset: number, deleteHref: (entry: DipEntry) => string): Column<DipEntry, "createdAt" | "title">[] {
  const c = e.columns;
  return [
    { key: "no", header: c.no, width: "5%", card: "hidden", cell: (_, index) => offset + index + 1 },
    {
      key: "title",
      header: c.title,
      sort: "title",
      width: "40%",
      card: "title",
      cell: (entry) => (
        <span className="block">
          <span className="dt-title font-medium">{entry.title}</span>
          <span className="mt-1 block text-sm text-slate-600 line-clamp-2">{entry.summary}</span>
        </span>
      ),
    },
    { key: "kind", header: c.kind, width: "13%", cell: (entry) => (entry.kind ? ppidDip.kinds[entry.kind] : "-") },
    { key: "holder", header: c.holder, width: "20%", cell: (entry) => entry.holder ?? "-" },
    { key: "madeIn", header: c.madeIn, width: "10%", cell: (entry) => entry.madeIn },
    {
      key: "actions",
      header: c.actions,
      width: "12%",
      card: "actions",
      cell: (entry) => (
        <span className="dt-actions">
          <a href={deleteHref(entry)} className="text-red-700" aria-label={e.deleteLabel(entry.title)} data-testid="dip-entry-delete">
            {e.delete}
          </a>
        </span>
      ),
    },
  ];
}

type EntryField = "title" | "summary" | "kind" | "holder" | "responsible" | "madeIn" | "format" | "retention";

export default function PpidDipEntries({ loaderData, actionData }: Route.ComponentProps) {
  const { page, defaults, deleteTarget, rules } = loaderData;
  const { query } = page;
  const [form, fields] = useFormKit<EntryField>({ lastResult: actionData, rules, id: "dip-entry" });
  const { pageHref } = pagedList(BASE, page, defaults);
  const { deleteHref, confirming: confirmDelete } = useDeleteFromList({ pageHref, param: "id", rows: page.data, idOf: (entry) => entry.id, loaded: deleteTarget });
  const columns = entryColumns((page.page - 1) * page.size, deleteHref);
  const f = e.fields;
  return (
    <div className="space-y-6">
      <BackLink fallback={href("/app/ppid")} />
      <PageHeader
        title={e.title}
        description={e.description}
        actions={
          <AppLink to={href("/ppid/dip")} className={buttonClass.secondary}>
            {e.publicPage}
          </AppLink>
        }
      />
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <ListToolbar action={BASE} query={query} defaults={defaults} searchPlaceholder={e.search} />
        <DataTable
          columns={columns}
          rows={page.data}
          rowKey={(entry) => entry.id}
          sorting={{ sort: query.sort, dir: query.dir, defaults, href: (sort, dir) => pageHref({ sort, dir, page: 1 }) }}
          empty={<EmptyState resetHref={query.q ? pageHref({ q: "", page: 1 }) : undefined}>{query.q ? undefined : e.empty}</EmptyState>}
          label={e.title}
          testId="dip-entries-table"
          rowTestId="dip-entry-row"
        />
        <Pagination {...offsetPagination(page, (number) => pageHref({ page: number }))} />
      </div>
      <section aria-labelledby="dip-entry-form" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="dip-entry-form" className="mb-3 text-lg font-semibold text-slate-900">
          {e.formTitle}
        </h2>
        <FormBanner id={form.errorId} message={form.errors?.[0]} />
        <Form method="post" className="grid gap-4 md:grid-cols-2" {...form.props}>
          <CsrfField />
          <input type="hidden" name="intent" value="add" />
          <Field label={f.title} field={fields.title} className="md:col-span-2" />
          <TextareaField label={f.summary} field={fields.summary} rows={3} className="md:col-span-2" />
          <SelectField label={f.kind} field={fields.kind} options={kindOptions} />
          <Field label={f.holder} field={fields.holder} />
          <Field label={f.responsible} field={fields.responsible} />
          <Field label={f.madeIn} field={fields.madeIn} />
          <Field label={f.format} field={fields.format} />
          <Field label={f.retention} field={fields.retention} />
          <div className="md:col-span-2">
            <button type="submit" className={buttonClass.primary} data-testid="dip-entry-add">
              {e.submit}
            </button>
          </div>
        </Form>
      </section>
      {confirmDelete && (
        <DeleteDialog messages={e} cancelTo={pageHref({})} fields={{ id: confirmDelete.id }} action={deleteHref(confirmDelete)}>
          {e.deleteConfirm(confirmDelete.title)}
        </DeleteDialog>
      )}
    </div>
  );
}
