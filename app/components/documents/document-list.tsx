import { DataTable, EmptyState, FilterSelect, ListToolbar, Pagination, activeFilterCount, keysetPagination, listHref, sortOptions } from "~/components/list";
import { documents as documentsText } from "~/i18n/documents";
import type { ReactNode } from "react";
import type { Category, DocumentListPage, DocumentListRow } from "~/domain/documents";
import type { PageCursors } from "~/domain/list-page";
import { documentColumns, documentSnippet } from "./document-columns";
import { filingText } from "~/i18n/filing";
import { TEXT_FILTER_VALUES } from "~/domain/text-extraction";
import { textFilterText } from "~/i18n/text-filter";
import { documentListDefaults } from "~/domain/document-list";
import { FILE_TYPE_GROUPS, FACET_KEYS, type Facets, type FacetValue } from "~/domain/search/facets";
import { searchText } from "~/i18n/search";
import { RETENTION_STATUSES } from "~/domain/retention";
import { retentionFilterText } from "~/i18n/retention-filter";

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
  textFilter = false,
  facets = null,
  bulk = null,
}: {
  page: DocumentListPage;
  cursors: PageCursors;
  categories: Category[];
  /** The classification codes to filter by (a code includes the codes below it); none: no filter. */
  codes?: readonly { code: string; name: string }[];
  /** Super Admin: the filter by text-extraction status (`?teks=`). */
  textFilter?: boolean;
  basePath: string;
  mode: "app" | "public";
  notice?: string | null;
  /** The facets' counts (a searched or faceted list); null: the facets without counts. */
  facets?: Facets | null;
  /**
   * 'Ubah Massal', for who may start a bulk edit: a checkbox per row and the bar under the list
   * (`bulk-action-bar.tsx`). The signed-in list passes them in, so the public catalogue never
   * loads their code.
   */
  bulk?: { selectCell: (row: DocumentListRow) => ReactNode; bar: ReactNode } | null;
}) {
  const { query } = page;
  const defaults = documentListDefaults(query.q);
  const pageHref = (change: Parameters<typeof listHref>[2]) => listHref(basePath, query, change, defaults);
  const columns = documentColumns({
    offset: (page.page - 1) * page.size,
    detailPath: mode === "app" ? basePath : null,
    titlePath: basePath,
    viewPath: basePath,
    selectCell: bulk?.selectCell,
  });
  return (
    <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <ListToolbar
        action={basePath}
        query={query}
        defaults={defaults}
        searchPlaceholder={documentsText.search}
        notice={notice}
        sorts={query.q ? [{ value: "relevance", label: searchText.relevance }, ...sortOptions(columns)] : sortOptions(columns)}
        defaultOrderLabel={searchText.defaultOrder}
        activeFilters={activeFilterCount(query, ["category", "klasifikasi", "teks", ...FACET_KEYS, "retensi"])}
        filters={
          <>
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
            {textFilter && (
              <FilterSelect
                name="teks"
                label={textFilterText.label}
                value={query.teks}
                options={TEXT_FILTER_VALUES.map((value) => ({ value, label: textFilterText.options[value] }))}
                allLabel={textFilterText.all}
                testId="text-filter"
              />
            )}
            {FACET_KEYS.map((key) => {
              const options = facetOptions(key, facets, query[key]);
              return options.length > 0 || query[key] !== undefined ? (
                <FilterSelect
                  key={key}
                  name={key}
                  label={searchText.facets[key]}
                  value={query[key]}
                  options={options}
                  allLabel={searchText.allOf[key]}
                  testId={`facet-${key}`}
                />
              ) : null;
            })}
            {mode === "app" && (
              <FilterSelect
                name="retensi"
                label={retentionFilterText.label}
                value={query.retensi}
                options={RETENTION_STATUSES.map((status) => ({ value: status, label: retentionFilterText.status[status] }))}
                allLabel={retentionFilterText.all}
                testId="retention-filter"
              />
            )}
          </>
        }
      />
      <DataTable
        columns={columns}
        rows={page.data}
        rowKey={(document) => document.uuid}
        sorting={{
          sort: query.sort,
          dir: query.dir,
          defaults,
          href: (sort, dir) => pageHref({ sort, dir, page: 1 }),
        }}
        empty={<EmptyState resetHref={query.q ? pageHref({ q: "", page: 1 }) : undefined} />}
        label={documentsText.title}
        testId="documents-table"
        rowTestId="document-row"
        rowDetail={documentSnippet}
      />
      <Pagination {...keysetPagination(page, cursors, pageHref)} />
      {page.data.length > 0 && bulk?.bar}
    </div>
  );
}

/**
 * A facet's choices: with counts where the list counted them; without, the fixed ones (access
 * level, file type) and the value chosen, so the unsearched catalogue needs no count per value.
 */
function facetOptions(key: keyof Facets, facets: Facets | null, current: string | number | undefined): { value: string; label: string }[] {
  if (facets) {
    const options = facets[key].map((facet: FacetValue) => ({ value: facet.value, label: searchText.withCount(facet.label, facet.count) }));
    return current !== undefined && !options.some((option) => option.value === String(current))
      ? [...options, { value: String(current), label: searchText.withCount(fixedLabel(key, String(current)), 0) }]
      : options;
  }
  if (key === "akses") return ["PUBLIC", "PRIVATE"].map((value) => ({ value, label: searchText.access[value]! }));
  if (key === "tipe") return FILE_TYPE_GROUPS.map((value) => ({ value, label: searchText.fileTypes[value] }));
  return current !== undefined ? [{ value: String(current), label: String(current) }] : [];
}

const fixedLabel = (key: keyof Facets, value: string) =>
  key === "akses" ? (searchText.access[value] ?? value) : key === "tipe" ? (searchText.fileTypes[value as keyof typeof searchText.fileTypes] ?? value) : value;
