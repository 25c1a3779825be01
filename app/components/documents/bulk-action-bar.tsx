import { Form } from "react-router";
import { buttonClass, inputClass } from "~/components/buttons";
import { CsrfField } from "~/components/form/csrf-field";
import { formatCount } from "~/components/list";
import { BULK_FILTER_PARAMS } from "~/domain/bulk-edit-view";
import type { BulkBerkasOption } from "~/domain/berkas";
import type { Category, DocumentListPage, DocumentListRow } from "~/domain/documents";
import { bulkBar as t } from "~/i18n/bulk-edit";

/** The form the selection column's checkboxes belong to (by their `form` attribute: no nested forms). */
export const BULK_FORM_ID = "bulk-edit";

/** A row's checkbox, posted with the action bar's form. */
export const selectCell = (row: DocumentListRow) => (
  <input type="checkbox" form={BULK_FORM_ID} name="uuids" value={row.uuid} aria-label={t.select(row.title)} className="size-4" data-testid="select-document" />
);

/**
 * 'Ubah Massal' under the list: the ticked rows, or everything matching the list's search and
 * filters (the filter itself is posted, not ids), with the new values, 'Pindahkan ke Sampah', or
 * 'Masukkan ke Berkas' with the berkas chosen.
 */
export function BulkActionBar({
  page,
  categories,
  codes,
  berkasOptions,
}: {
  page: DocumentListPage;
  categories: Category[];
  codes: readonly { code: string; name: string }[];
  berkasOptions: readonly BulkBerkasOption[];
}) {
  const query = page.query as Record<string, unknown>;
  // A unit's berkas are all its own: the unit's name is said only when several units are offered.
  const severalUnits = new Set(berkasOptions.map((option) => option.unitKerjaName)).size > 1;
  return (
    <Form method="post" id={BULK_FORM_ID} className="border-t border-slate-200 p-4" aria-labelledby="bulk-heading" data-testid="bulk-bar">
      <CsrfField />
      <h2 id="bulk-heading" className="font-semibold">
        {t.heading}
      </h2>
      {BULK_FILTER_PARAMS.map((name) =>
        query[name] !== undefined && query[name] !== "" ? <input key={name} type="hidden" name={name} value={String(query[name])} /> : null,
      )}
      <label className="mt-2 flex items-start gap-2 text-sm">
        <input type="checkbox" name="scope" value="all" className="mt-0.5 size-4" data-testid="bulk-all" />
        <span>{t.allMatching(formatCount(page.total))}</span>
      </label>
      <p className="mt-1 text-sm text-slate-600">{t.limit}</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <BulkSelect id="bulk-category" name="categoryId" label={t.category} options={categories.map((category) => ({ value: String(category.id), label: category.categoryName }))} />
        <BulkSelect id="bulk-code" name="classificationCode" label={t.code} options={codes.map((code) => ({ value: code.code, label: `${code.code} ${code.name}` }))} />
        <BulkSelect id="bulk-access" name="access" label={t.access} options={Object.entries(t.accessOptions).map(([value, label]) => ({ value, label }))} />
        <div>
          <label htmlFor="bulk-add" className="text-sm font-medium">
            {t.addKeywords}
          </label>
          <input id="bulk-add" name="addKeywords" className={inputClass} aria-describedby="bulk-keywords-hint" />
        </div>
        <div>
          <label htmlFor="bulk-remove" className="text-sm font-medium">
            {t.removeKeywords}
          </label>
          <input id="bulk-remove" name="removeKeywords" className={inputClass} aria-describedby="bulk-keywords-hint" />
        </div>
        <p id="bulk-keywords-hint" className="self-end text-sm text-slate-600">
          {t.keywordsHint}
        </p>
      </div>
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="submit" name="intent" value="set" className={buttonClass.primary} data-testid="bulk-apply">
          {t.apply}
        </button>
        <button type="submit" name="intent" value="trash" className={buttonClass.danger} data-testid="bulk-trash">
          {t.trash}
        </button>
      </div>
      {berkasOptions.length > 0 && (
        <div className="mt-4 flex flex-wrap items-end gap-3 border-t border-slate-100 pt-3">
          <div className="w-full min-w-0 sm:w-auto sm:flex-1">
            <label htmlFor="bulk-berkas" className="text-sm font-medium">
              {t.berkas}
            </label>
            <select id="bulk-berkas" name="berkasId" className={inputClass} defaultValue="" aria-describedby="bulk-berkas-hint">
              <option value="">{t.berkasChoose}</option>
              {berkasOptions.map((option) => (
                <option key={option.id} value={option.id}>
                  {t.berkasOption(option.number, option.classificationCode, option.title, severalUnits ? option.unitKerjaName : null)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" name="intent" value="berkas" className={buttonClass.secondary} data-testid="bulk-berkas">
            {t.fileIntoBerkas}
          </button>
          <p id="bulk-berkas-hint" className="w-full text-sm text-slate-600">
            {t.berkasHint}
          </p>
        </div>
      )}
    </Form>
  );
}

/** A labelled select of the bar whose first choice, 'unchanged', sends nothing to change. */
function BulkSelect({ id, name, label, options }: { id: string; name: string; label: string; options: readonly { value: string; label: string }[] }) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} name={name} className={inputClass} defaultValue="">
        <option value="">{t.unchanged}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
