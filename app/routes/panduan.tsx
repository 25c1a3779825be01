import { href } from "react-router";
import type { Route } from "./+types/panduan";
import { PageHeader } from "~/components/app-shell";
import { GuideSectionView } from "~/components/guide/guide-section";
import { guideSectionsFor } from "~/domain/guide";
import { pageMeta } from "~/lib/meta";
import { getAppContext } from "~/routes/helpers/route-errors.server";
import { guideSections, panduan as p } from "~/i18n/panduan";
import { AppLink } from "~/components/app-link";

export const meta = () => pageMeta({ title: p.title, description: p.description, indexable: true });

/**
 * The guide to the archive, per role: a visitor gets the sections for everyone (this is the
 * edge-cached page: no session, nothing per user), a signed-in user also those of their role.
 * The site's address and the trash's days fill the texts that name them.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = getAppContext(context);
  const role = ctx.session?.user.role ?? null;
  return {
    role,
    sectionIds: guideSectionsFor(guideSections, role).map((section) => section.id),
    values: { origin: ctx.origin, trashDays: ctx.config.trashDays },
  };
}

export default function Panduan({ loaderData }: Route.ComponentProps) {
  const { role, sectionIds, values } = loaderData;
  const sections = guideSections.filter((section) => sectionIds.includes(section.id));
  return (
    <article className="mx-auto max-w-3xl">
      <PageHeader title={p.title} description={p.intro} />
      {role && <p className="-mt-4 mb-6 text-sm text-slate-600">{p.introSignedIn(role)}</p>}
      <nav id="daftar-isi" aria-labelledby="daftar-isi-title" className="mb-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="guide-toc">
        <h2 id="daftar-isi-title" className="font-semibold text-slate-900">
          {p.toc}
        </h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-blue-700 underline">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
        {!role && (
          <p className="mt-3 text-sm text-slate-600" data-testid="guide-staff-hidden">
            {p.staffHidden}{" "}
            <AppLink to={href("/login")} className="font-medium text-blue-700 underline">
              {p.login}
            </AppLink>
          </p>
        )}
      </nav>
      <div className="space-y-6">
        {sections.map((section) => (
          <GuideSectionView key={section.id} section={section} values={values} />
        ))}
      </div>
      <footer className="mt-8 rounded-xl bg-blue-50 p-4 text-sm text-blue-900">{p.footer}</footer>
    </article>
  );
}
