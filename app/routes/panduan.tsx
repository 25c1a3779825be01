import { href } from "react-router";
import type { Route } from "./+types/panduan";
import { PageHeader } from "~/components/app-shell";
import { GuideSectionView } from "~/components/guide/guide-section";
import { guideSectionsFor } from "~/domain/guide";
import { pageMeta } from "~/lib/meta";
import { getAppContext } from "~/routes/helpers/route-errors.server";
import { panduan as p, publicGuideSections } from "~/i18n/panduan";
import { guideSections } from "~/i18n/panduan-staff";
import { lazyComponent } from "~/components/lazy-component";
import { AppLink } from "~/components/app-link";

/** The sections for signed-in readers: their text loads after the page's own code, never on a visitor's page. */
const StaffGuideSections = lazyComponent(() => import("~/components/guide/staff-sections").then((module) => module.StaffGuideSections));

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
    // The table of contents lists every section the reader sees, the lazy ones' titles included.
    contents: guideSectionsFor(guideSections, role).map(({ id, title }) => ({ id, title })),
    values: { origin: ctx.origin, trashDays: ctx.config.trashDays },
  };
}

export default function Panduan({ loaderData }: Route.ComponentProps) {
  const { role, contents, values } = loaderData;
  return (
    <article className="mx-auto max-w-3xl">
      <PageHeader title={p.title} description={p.intro} />
      {role && <p className="-mt-4 mb-6 text-sm text-slate-600">{p.introSignedIn(role)}</p>}
      <nav id="daftar-isi" aria-labelledby="daftar-isi-title" className="mb-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="guide-toc">
        <h2 id="daftar-isi-title" className="font-semibold text-slate-900">
          {p.toc}
        </h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          {contents.map((section) => (
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
        {publicGuideSections.map((section) => (
          <GuideSectionView key={section.id} section={section} values={values} />
        ))}
        {role && <StaffGuideSections ids={contents.map((section) => section.id)} values={values} />}
      </div>
      <footer className="mt-8 rounded-xl bg-blue-50 p-4 text-sm text-blue-900">{p.footer}</footer>
    </article>
  );
}
