import { PageHeader } from "~/components/app-shell";
import { ROLES } from "~/domain/roles";
import { pageMeta } from "~/lib/meta";
import { t } from "~/i18n/id";
import { useRootData } from "~/root";

export const meta = () => pageMeta({ title: t.pages.dashboard });

export default function Dashboard() {
  const user = useRootData()?.user;
  return <PageHeader title={user?.role === ROLES.superAdmin ? t.pages.dashboardAdmin : t.pages.dashboard} />;
}
