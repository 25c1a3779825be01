import { href } from "react-router";
import { buttonClass } from "~/components/buttons";
import { DetailTable } from "~/components/detail-table";
import { CsrfField } from "~/components/form/csrf-field";
import { ppidReceipt, ppidReceiptPdf } from "~/i18n/ppid/receipt";
import { formatDate, formatJakartaDay } from "~/lib/format";
import type { Receipt } from "~/server/ppid/service.server";

const r = ppidReceipt;

/** The receipt of a registered request: its number, its secret code and its due date. */
export function PpidReceipt({ receipt }: { receipt: Receipt }) {
  return (
    <section aria-labelledby="ppid-receipt" className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200" data-testid="ppid-receipt">
      <h2 id="ppid-receipt" className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900">
        {r.title}
      </h2>
      <p className="px-4 pt-3 text-slate-700">{r.registered}</p>
      <DetailTable
        testId="ppid-receipt-details"
        items={[
          [r.number, <strong data-testid="ppid-number">{receipt.registrationNumber}</strong>],
          [r.code, <code className="font-mono text-base" data-testid="ppid-code">{receipt.statusCode}</code>],
          [r.receivedAt, formatDate(receipt.receivedAt, "DD MMMM YYYY HH:mm")],
          [r.dueDate, <span data-testid="ppid-due-date">{formatJakartaDay(receipt.dueDate)}</span>],
        ]}
      />
      <div className="border-t border-slate-100 px-4 py-3">
        <ReceiptPdfForm number={receipt.registrationNumber} code={receipt.statusCode} />
      </div>
    </section>
  );
}

/**
 * 'Unduh Tanda Terima (PDF)': a plain form posting the number and the secret code (never in a
 * URL) to the PDF's resource route; the browser downloads the answer, with JavaScript or without.
 */
export function ReceiptPdfForm({ number, code }: { number: string; code: string }) {
  return (
    <form method="post" action={href("/ppid/status/tanda-terima.pdf")}>
      <CsrfField />
      <input type="hidden" name="number" value={number} />
      <input type="hidden" name="code" value={code} />
      <button type="submit" className={buttonClass.secondary} data-testid="ppid-receipt-pdf">
        {ppidReceiptPdf.download}
      </button>
    </form>
  );
}
