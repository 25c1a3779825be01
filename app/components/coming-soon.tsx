import { PageHeader } from "~/components/app-shell";
import { pageMeta } from "~/lib/meta";
import { t } from "~/i18n/id";

/**
 * A screen whose feature is not built yet: its title (page and <title>) and a short note. Its
 * route already sits where the finished screen will, behind the same gate.
 */
export function comingSoon(title: string, description?: string) {
  return {
    meta: () => pageMeta({ title }),
    Page: function ComingSoon() {
      return (
        <>
          <PageHeader title={title} description={description} />
          <p className="text-slate-500">{t.pages.comingSoon}</p>
        </>
      );
    },
  };
}
