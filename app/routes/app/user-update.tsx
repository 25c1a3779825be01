import { PageHeader } from "~/components/app-shell";
import { pageMeta } from "~/lib/meta";
import { t } from "~/i18n/id";

export const meta = () => pageMeta({ title: t.pages.updateUser });

export default function Page() {
  return (
    <>
      <PageHeader title={t.pages.updateUser} />
      <p className="text-slate-500">{t.pages.comingSoon}</p>
    </>
  );
}
