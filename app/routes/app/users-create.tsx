import { PageHeader } from "~/components/app-shell";
import { pageMeta } from "~/lib/meta";
import { t } from "~/i18n/id";

export const meta = () => pageMeta({ title: t.pages.createUser });

export default function Page() {
  return (
    <>
      <PageHeader title={t.pages.createUser} />
      <p className="text-slate-500">{t.pages.comingSoon}</p>
    </>
  );
}
