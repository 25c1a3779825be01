import { redirect } from "react-router";
import type { Route } from "./+types/home";
import { PageHeader } from "~/components/app-shell";
import { getAppContext } from "~/server/route-helpers.server";
import { pageMeta } from "~/lib/meta";
import { t } from "~/i18n/id";

export const meta = () => pageMeta({ title: t.meta.home, description: t.meta.homeDescription, indexable: true });

/** The public landing; a signed-in user belongs on /app. */
export function loader({ context }: Route.LoaderArgs) {
  if (getAppContext(context).session) throw redirect("/app");
  return null;
}

export default function Home() {
  return (
    <>
      <PageHeader title={t.pages.dashboard} description={t.meta.homeDescription} />
    </>
  );
}
