import type { CategoryCount } from "~/domain/statistics";
import { dashboard as dashboardText } from "~/i18n/dashboard";
import { CategoryIcon } from "./category-icon";
import { AppLink } from "~/components/app-link";

/** Eight card gradients, cycled by position; dark enough for white text (WCAG AA). */
const GRADIENTS = [
  "from-blue-700 to-blue-900",
  "from-emerald-700 to-emerald-900",
  "from-amber-700 to-amber-900",
  "from-rose-700 to-rose-900",
  "from-violet-700 to-violet-900",
  "from-cyan-700 to-cyan-900",
  "from-orange-700 to-orange-900",
  "from-teal-700 to-teal-900",
] as const;

/**
 * 'Statistik Per Kategori': one card per category (the caller passes at most eight) with its
 * name and count, linking to the document list filtered by that category.
 */
export function CategoryCards({ categories, listPath }: { categories: CategoryCount[]; listPath: string }) {
  if (categories.length === 0) return <p className="text-sm text-slate-600">{dashboardText.categoriesEmpty}</p>;
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="category-cards">
      {categories.map((category, index) => (
        <li key={category.categoryId}>
          <AppLink
            to={`${listPath}?category=${category.categoryId}`}
            className={`flex items-center gap-4 rounded-xl bg-linear-to-br ${GRADIENTS[index % GRADIENTS.length]} p-4 text-white shadow-sm transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700`}
            data-testid="category-card"
          >
            <span className="rounded-lg bg-white/15 p-2">
              <CategoryIcon categoryName={category.categoryName} />
            </span>
            <span className="min-w-0">
              <span className="block truncate text-sm font-medium" data-testid="category-card-name">{category.categoryName}</span>
              <span className="block text-2xl font-bold tabular-nums" data-testid="category-card-count">{category.count}</span>
            </span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
