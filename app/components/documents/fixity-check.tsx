import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/buttons";
import { CsrfField } from "~/components/form/csrf-field";
import { CHECK_FIXITY_INTENT, type FixityDocumentReport } from "~/domain/fixity";
import { fixity as fixityText } from "~/i18n/fixity";

const s = fixityText.check;

/**
 * 'Periksa Integritas File' (Super Admin): a plain POST that re-hashes every stored file of the
 * document's versions now (works without JavaScript; the page action answers with the report).
 */
export function FixityCheckButton() {
  const navigation = useNavigation();
  const checking = navigation.state !== "idle" && navigation.formData?.get("intent") === CHECK_FIXITY_INTENT;
  return (
    <Form method="post" preventScrollReset>
      <CsrfField />
      <button type="submit" name="intent" value={CHECK_FIXITY_INTENT} className={buttonClass.secondary} disabled={checking} data-testid="check-fixity">
        {checking ? s.busy : s.button}
      </button>
    </Form>
  );
}

/** The result of the last on-demand check: one line per stored file, with its versions. */
export function FixityCheckResult({ report }: { report: FixityDocumentReport }) {
  const failed = report.results.filter((result) => result.outcome !== "OK").length;
  return (
    <div
      role={report.ok ? "status" : "alert"}
      data-testid="fixity-result"
      className={`mt-4 rounded-lg px-4 py-3 text-sm ${report.ok ? "bg-green-50 text-green-800 ring-1 ring-green-200" : "bg-red-50 text-red-800 ring-1 ring-red-200"}`}
    >
      <p className="font-medium">{report.ok ? s.intact(report.results.length) : s.failed(failed, report.results.length)}</p>
      <ul className="mt-2 space-y-1">
        {report.results.map((result) => (
          <li key={result.versions.join("-")} className="break-all">
            {s.version(result.versions)}: <strong>{s.outcome[result.outcome]}</strong> <code className="font-mono text-xs">{result.actualSha256 ?? "-"}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
