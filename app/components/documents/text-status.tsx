import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/buttons";
import { DetailRow } from "~/components/detail-table";
import { CsrfField } from "~/components/form/csrf-field";
import { REINDEX_INTENT, type TextStatus, type TextStatusView } from "~/domain/text-extraction";
import { formatDate } from "~/lib/format";
import { textExtraction as text } from "~/i18n/text-extraction";

const TONE: Record<TextStatus, string> = {
  PENDING: "bg-amber-50 text-amber-800 ring-amber-200",
  INDEXED: "bg-green-50 text-green-800 ring-green-200",
  NO_TEXT: "bg-slate-100 text-slate-700 ring-slate-300",
  FAILED: "bg-red-50 text-red-800 ring-red-200",
};

/**
 * 'Status teks' of the document detail (for who may open the file): where the extraction of the
 * current file stands, why it failed, and 'Indeks ulang' — a plain POST that works without
 * JavaScript — for who may edit the document.
 */
export function TextStatusRow({ status }: { status: TextStatusView }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === REINDEX_INTENT;
  const details = [
    status.pages !== null ? text.pages(status.pages) : null,
    status.extractedAt ? formatDate(status.extractedAt, "DD MMMM YYYY HH:mm") : null,
  ].filter(Boolean);
  return (
    <DetailRow label={text.heading} testId="text-status">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p>
            <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${TONE[status.status]}`} data-testid="text-status-badge">
              {text.status[status.status]}
            </span>
            {details.length > 0 && <span className="ml-2 text-xs text-slate-500">{details.join(" · ")}</span>}
          </p>
          <p className="text-slate-600">{text.hint[status.status]}</p>
          {status.truncated && <p className="text-slate-600">{text.truncated}</p>}
          {status.status === "FAILED" && status.error && (
            <p className="text-red-700" data-testid="text-status-error">
              {text.reason(status.error)}
            </p>
          )}
        </div>
        {status.canReindex && (
          <Form method="post" preventScrollReset>
            <CsrfField />
            <button type="submit" name="intent" value={REINDEX_INTENT} className={buttonClass.secondary} disabled={busy} data-testid="reindex">
              {busy ? text.reindexBusy : text.reindex}
            </button>
          </Form>
        )}
      </div>
    </DetailRow>
  );
}
