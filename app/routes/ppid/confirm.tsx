import { Form, href } from "react-router";
import type { Route } from "./+types/confirm";
import { PageHeader } from "~/components/app-shell";
import { buttonClass } from "~/components/buttons";
import { PpidReceipt } from "~/components/ppid/receipt";
import { ppidConfirm } from "~/i18n/ppid/confirm";
import { pageMeta } from "~/lib/meta";
import { pageAction } from "~/routes/helpers/page-action.server";
import { getAppContext, orRouteError } from "~/routes/helpers/route-errors.server";
import { confirmationState, confirmRequest } from "~/server/ppid/service.server";

const c = ppidConfirm;

export const meta = () => pageMeta({ title: c.title });

/**
 * The link of the confirmation email. Opening it shows a button (a mail scanner fetching the
 * link registers nothing); posting registers the request and shows its receipt, as every later
 * visit of the link does. A lapsed or unknown link is a 404 with the reason.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  return orRouteError(() => confirmationState(getAppContext(context), params.token));
}

export async function action({ context, params }: Route.ActionArgs) {
  const ctx = getAppContext(context);
  const here = href("/ppid/konfirmasi/:token", { token: params.token });
  return pageAction(
    ctx,
    async () => {
      await confirmRequest(ctx, params.token);
      return { to: here };
    },
    { toast: { to: here } },
  );
}

export default function PpidConfirm({ loaderData }: Route.ComponentProps) {
  const { receipt } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={c.title} />
      {receipt ? (
        <PpidReceipt receipt={receipt} />
      ) : (
        <Form method="post" className="space-y-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <p className="text-slate-700">{c.pending}</p>
          <button type="submit" className={buttonClass.primary} data-testid="confirm-ppid-request">
            {c.submit}
          </button>
        </Form>
      )}
    </div>
  );
}
