import type { Route } from "./+types/audit-logs";
import { AuditIntegrity } from "~/components/admin/audit-integrity";
import { comingSoon } from "~/components/coming-soon";
import { getSignedIn } from "~/server/gates.server";
import { t } from "~/i18n/id";
import { auditIntegrityAction } from "./audit-logs.integrity.server";

const screen = comingSoon(t.pages.auditLogs);
export const meta = screen.meta;

export async function action({ context, request }: Route.ActionArgs) {
  return auditIntegrityAction(getSignedIn(context), await request.formData());
}

export default function AuditLogs({ actionData }: Route.ComponentProps) {
  return (
    <>
      <screen.Page />
      <AuditIntegrity result={actionData?.integrity ?? null} />
    </>
  );
}
