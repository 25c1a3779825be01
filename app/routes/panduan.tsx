import { PageHeader } from "~/components/app-shell";
import { pageMeta } from "~/lib/meta";
import { panduan as panduanText } from "~/i18n/panduan";

export const meta = () => pageMeta({ title: panduanText.title, description: panduanText.description, indexable: true });

export default function Panduan() {
  return (
    <article className="mx-auto max-w-3xl">
      <PageHeader title={panduanText.title} description={panduanText.intro} />
      <ol className="space-y-4">
        {panduanText.steps.map((step, index) => (
          <li key={step.title} className="flex gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-blue-700 font-semibold text-white">
              {index + 1}
            </span>
            <div>
              <h2 className="font-semibold text-slate-900">{step.title}</h2>
              <p className="mt-1 text-slate-600">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <footer className="mt-8 rounded-xl bg-blue-50 p-4 text-sm text-blue-900">{panduanText.footer}</footer>
    </article>
  );
}
