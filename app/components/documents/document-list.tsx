import { DataTable, FilterSelect, ListToolbar, Pagination, keysetPagination, listHref } from "~/components/list";
import { DOCUMENT_LIST_DEFAULTS } from "~/domain/document-list";
import { documents as documentsText } from "~/i18n/documents";
import type { Category, DocumentListPage } from "~/domain/documents";
import type { PageCursors } from "~/domain/list-page";
import { documentColumns } from "./document-columns";

/**
 * The catalogue of SPEC section 2 on the list kit: search, category filter, page size, the
 * twelve columns (cards on a phone) and paging (Previous/Next seek from `cursors`, the positions
 * of the first and last row). `mode` "public" is the visitors' catalogue (download only); "app"
 * adds the detail, edit and delete links the viewer may use.
 */
export function DocumentList({
  page,
  cursors,
  categories,
  basePath,
  mode,
  notice,
}: {
  page: DocumentListPage;
  cursors: PageCursors;
  categories: Category[];
  basePath: string;
  mode: "app" | "public";
  notice?: string | null;
}) {
  const { query } = page;
  const href = (change: Parameters<typeof listHref>[2]) => listHref(basePath, query, change, DOCUMENT_LIST_DEFAULTS);
  const columns = documentColumns({ offset: (page.page - 1) * page.size, detailPath: mode === "app" ? basePath : null, titlePath: basePath });
  return (
    <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <ListToolbar action={basePath} query={query} defaults={DOCUMENT_LIST_DEFAULTS} searchPlaceholder={documentsText.search} notice={notice}>
        <FilterSelect
          name="category"
          label={documentsText.columns.category}
          value={query.category}
          options={categories.map((category) => ({ value: category.id, label: category.categoryName }))}
          allLabel={documentsText.allCategories}
          testId="category-filter"
        />
      </ListToolbar>
      <DataTable
        columns={columns}
        rows={page.data}
        rowKey={(document) => document.uuid}
        sorting={{
          sort: query.sort,
          dir: query.dir,
          defaults: DOCUMENT_LIST_DEFAULTS,
          href: (sort, dir) => href({ sort, dir, page: 1 }),
        }}
        label={documentsText.title}
        testId="documents-table"
        rowTestId="document-row"
      />
      <Pagination {...keysetPagination(page, cursors, href)} />
    </div>
  );
}
