import type { Route } from "./+types/documents-create";
import { assertCan } from "~/domain/policy";
import { orRouteError, requireSignedIn } from "~/server/route-helpers.server";
import { PageHeader } from "~/components/app-shell";
import { pageMeta } from "~/lib/meta";
import { t } from "~/i18n/id";

export const meta = () => pageMeta({ title: t.pages.createDocument });

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = requireSignedIn(context);
  await orRouteError(() => assertCan(ctx.actor, { type: "document.create" }, t.denied.page));
  return null;
}

export default function Page() {
  return (
    <>
      <PageHeader title={t.pages.createDocument} />
      <p className="text-slate-500">{t.pages.comingSoon}</p>
    </>
  );
}
