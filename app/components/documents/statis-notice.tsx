import { verificationPath } from "~/domain/berita-acara";
import type { RetentionView } from "~/domain/retention";
import { formatDate } from "~/lib/format";
import { statisNoticeText } from "~/i18n/statis-notice";
import { AppLink } from "~/components/app-link";

/**
 * Why a Statis record offers no edit, file or delete: it was handed over with a Berita Acara
 * Penyerahan (linked to its public verification page) and is read-only since. On the document's
 * page and on its update page, which shows this instead of the form.
 */
export function StatisNotice({ since, backTo }: { since: RetentionView["statisSince"]; backTo?: string }) {
  return (
    <section className="mb-6 rounded-xl bg-violet-50 p-4 text-sm text-violet-950 ring-1 ring-violet-200" aria-labelledby="statis-heading" data-testid="statis-notice">
      <h2 id="statis-heading" className="font-semibold">
        {statisNoticeText.heading}
      </h2>
      <p className="mt-1">
        {since ? statisNoticeText.since(since.number, formatDate(`${since.issuedOn}T00:00:00+07:00`, "DD MMMM YYYY")) : statisNoticeText.sinceUnknown} {statisNoticeText.readOnly}
      </p>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        {since && (
          <a href={verificationPath(since.beritaAcaraUuid)} className="font-medium text-violet-900 underline" data-testid="statis-berita-acara">
            {statisNoticeText.beritaAcara} {since.number}
          </a>
        )}
        {backTo && (
          <AppLink to={backTo} className="font-medium text-violet-900 underline">
            {statisNoticeText.backToDocument}
          </AppLink>
        )}
      </p>
    </section>
  );
}
