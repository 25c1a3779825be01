import { VERIFY_INTEGRITY_INTENT, type AuditChainReport } from "~/domain/audit-integrity";
import type { SignedInContext } from "~/routes/helpers/gates.server";
import { verifyAuditChain } from "~/server/audit/integrity.server";

/**
 * The audit-log page's part of 'Verifikasi Integritas': its action calls this with the posted
 * form; it answers `{ integrity }` for that intent and null for any other (the page handles
 * those). Kept apart from the page so the page stays about listing.
 */
export async function auditIntegrityAction(ctx: SignedInContext, form: FormData): Promise<{ integrity: AuditChainReport } | null> {
  if (form.get("intent") !== VERIFY_INTEGRITY_INTENT) return null;
  return { integrity: await verifyAuditChain(ctx) };
}
