import { buttonClass } from "~/components/buttons";
import { DetailTable, type DetailItem } from "~/components/detail-table";
import type { TombstoneView } from "~/domain/records";
import { formatDate } from "~/lib/format";
import { t } from "~/i18n/id";
import { tombstoneText as d } from "~/i18n/tombstone";
import { AppLink } from "~/components/app-link";

/**
 * A destroyed or purged record's old address (410): what it was, and for who may know (Super
 * Admin, its owning unit) when and how it left, with the Berita Acara it was destroyed under
 * and that record's public verification page.
 */
export function TombstonePanel({ tombstone, back }: { tombstone: TombstoneView; back: { to: string; label: string } }) {
  const removal = tombstone.removal;
  const when = (iso: string) => formatDate(iso, "DD MMMM YYYY HH:mm");
  const items: DetailItem[] = [
    [d.documentNumber, tombstone.documentNumber || t.notSet],
    [d.year, tombstone.year],
    ...(removal
      ? ([
          [d.howLabel, <span data-testid="tombstone-how">{d.how[removal.how]}</span>],
          [d.at, when(removal.at)],
          ...(removal.how === "DESTROYED" ? [] : ([[d.trashedAt, `${when(removal.deletedAt)}${removal.deletedBy ? ` · ${removal.deletedBy}` : ""}`]] as DetailItem[])),
          [d.by, removal.by ?? d.system],
          ...(removal.beritaAcara
            ? ([
                [
                  d.beritaAcara,
                  <span className="flex flex-wrap gap-x-4 gap-y-1" data-testid="tombstone-berita-acara">
                    <a href={removal.beritaAcara.pdfUrl} className="text-blue-700 underline">
                      {removal.beritaAcara.number} ({formatDate(`${removal.beritaAcara.issuedOn}T00:00:00+07:00`, "DD MMMM YYYY")})
                    </a>
                    <a href={removal.beritaAcara.verificationUrl} className="text-blue-700 underline">
                      {d.verification}
                    </a>
                  </span>,
                ],
              ] as DetailItem[])
            : []),
        ] as DetailItem[])
      : []),
  ];
  return (
    <article className="mx-auto max-w-3xl" data-testid="tombstone">
      <title>{`${d.title} | ${t.appName}`}</title>
      <h1 className="text-2xl font-semibold text-slate-900">{d.title}</h1>
      <p className="mt-2 text-slate-700">{removal ? d.intro : d.publicIntro}</p>
      <section className="mt-4 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-labelledby="tombstone-title">
        <h2 id="tombstone-title" className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900" data-testid="tombstone-title">
          {tombstone.title}
        </h2>
        <DetailTable items={items} testId="tombstone-detail" />
      </section>
      <AppLink to={back.to} className={`${buttonClass.secondary} mt-4`}>
        ← {back.label}
      </AppLink>
    </article>
  );
}
