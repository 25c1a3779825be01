import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/buttons";
import { VERIFY_INTEGRITY_INTENT, type AuditChainReport } from "~/domain/audit-integrity";
import { auditLog as auditLogText } from "~/i18n/audit-log";
import { CsrfField } from "~/components/form/csrf-field";

const s = auditLogText.integrity;

/**
 * 'Verifikasi Integritas' on the audit-log page: a plain POST (works without JavaScript; the
 * page action answers with the report) and the result of the last run.
 */
export function AuditIntegrity({ result }: { result: AuditChainReport | null }) {
  const navigation = useNavigation();
  const verifying = navigation.state !== "idle" && navigation.formData?.get("intent") === VERIFY_INTEGRITY_INTENT;
  return (
    <section aria-labelledby="audit-integrity-heading" className="mb-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-2xl">
          <h2 id="audit-integrity-heading" className="text-base font-semibold">
            {s.heading}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{s.description}</p>
        </div>
        <Form method="post">
          <CsrfField />
          <button type="submit" name="intent" value={VERIFY_INTEGRITY_INTENT} className={buttonClass.secondary} disabled={verifying}>
            {verifying ? s.verifying : s.verify}
          </button>
        </Form>
      </div>
      {result ? <IntegrityResult result={result} /> : null}
    </section>
  );
}

function IntegrityResult({ result }: { result: AuditChainReport }) {
  const broken = result.firstBroken;
  return (
    <div
      role={broken ? "alert" : "status"}
      data-testid="audit-integrity-result"
      className={`mt-4 rounded-lg px-4 py-3 text-sm ${broken ? "bg-red-50 text-red-800 ring-1 ring-red-200" : "bg-green-50 text-green-800 ring-1 ring-green-200"}`}
    >
      <p className="font-medium">{broken ? s.broken(broken.id, broken.reason) : s.intact(result.checked)}</p>
      {result.unsealed > 0 ? <p className="mt-1">{s.unsealed(result.unsealed)}</p> : null}
      {result.head ? (
        <p className="mt-1 break-all">
          {s.head} (#{result.head.id}): <code className="font-mono text-xs">{result.head.hash}</code>
        </p>
      ) : null}
    </div>
  );
}
