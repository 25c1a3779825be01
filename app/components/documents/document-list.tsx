import { DataTable, EmptyState, FilterSelect, ListToolbar, Pagination, keysetPagination, listHref, sortOptions } from "~/components/list";
import { DOCUMENT_LIST_DEFAULTS } from "~/domain/document-list";
import { documents as documentsText } from "~/i18n/documents";
import type { Category, DocumentListPage } from "~/domain/documents";
import type { PageCursors } from "~/domain/list-page";
import { documentColumns } from "./document-columns";
import { filingText } from "~/i18n/classification";
import { RETENTION_STATUSES } from "~/domain/retention";
import { retention as retentionText } from "~/i18n/retention";

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
  codes = [],
}: {
  page: DocumentListPage;
  cursors: PageCursors;
  categories: Category[];
  /** The classification codes to filter by (a code includes the codes below it); none: no filter. */
  codes?: readonly { code: string; name: string }[];
  basePath: string;
  mode: "app" | "public";
  notice?: string | null;
}) {
  const { query } = page;
  const pageHref = (change: Parameters<typeof listHref>[2]) => listHref(basePath, query, change, DOCUMENT_LIST_DEFAULTS);
  const columns = documentColumns({ offset: (page.page - 1) * page.size, detailPath: mode === "app" ? basePath : null, titlePath: basePath, viewPath: basePath });
  return (
    <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <ListToolbar
        action={basePath}
        query={query}
        defaults={DOCUMENT_LIST_DEFAULTS}
        searchPlaceholder={documentsText.search}
        notice={notice}
        sorts={sortOptions(columns)}
      >
        <FilterSelect
          name="category"
          label={documentsText.columns.category}
          value={query.category}
          options={categories.map((category) => ({ value: category.id, label: category.categoryName }))}
          allLabel={documentsText.allCategories}
          testId="category-filter"
        />
        {codes.length > 0 && (
          <FilterSelect
            name="klasifikasi"
            label={filingText.documentCode}
            value={query.klasifikasi}
            options={codes.map((code) => ({ value: code.code, label: `${code.code} ${code.name}` }))}
            allLabel={filingText.filterAll}
            testId="code-filter"
          />
        )}
        {mode === "app" && (
          <FilterSelect
            name="retensi"
            label={retentionText.filterLabel}
            value={query.retensi}
            options={RETENTION_STATUSES.map((status) => ({ value: status, label: retentionText.status[status] }))}
            allLabel={retentionText.filterAll}
            testId="retention-filter"
          />
        )}
      </ListToolbar>
      <DataTable
        columns={columns}
        rows={page.data}
        rowKey={(document) => document.uuid}
        sorting={{
          sort: query.sort,
          dir: query.dir,
          defaults: DOCUMENT_LIST_DEFAULTS,
          href: (sort, dir) => pageHref({ sort, dir, page: 1 }),
        }}
        empty={<EmptyState resetHref={query.q ? pageHref({ q: "", page: 1 }) : undefined} />}
        label={documentsText.title}
        testId="documents-table"
        rowTestId="document-row"
      />
      <Pagination {...keysetPagination(page, cursors, pageHref)} />
    </div>
  );
}
