import type { ReactNode } from "react";
import { PageHeader } from "~/components/app-shell";
import { BackLink } from "~/components/back-link";

/**
 * The frame of a record's create or update page: Back (to `back` without JavaScript), the title,
 * the form on its card, and what follows it (a hold panel, the saved dialog).
 */
export function FormPage({ back, title, children, after }: { back: string; title: string; children: ReactNode; after?: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink fallback={back} />
      <PageHeader title={title} />
      <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">{children}</div>
      {after}
    </div>
  );
}
