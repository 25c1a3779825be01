import type { Route } from "./+types/verifikasi";
import { DetailTable } from "~/components/detail-table";
import { formatDate } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { getAppContext, orRouteError } from "~/routes/helpers/route-errors.server";
import { getBeritaAcaraVerification } from "~/server/disposal/berita-acara.server";
import { beritaAcara as beritaAcaraText } from "~/i18n/berita-acara";
import { t } from "~/i18n/id";
import { verificationPath } from "~/domain/berita-acara";
import type { BreadcrumbHandle } from "~/lib/breadcrumb";

const v = beritaAcaraText.verification;

/** The crumb of a Berita Acara is its number; `/verifikasi` alone is no page. */
export const handle: BreadcrumbHandle<{ beritaAcara?: { uuid: string; number: string } }> = {
  breadcrumb: (data) => (data.beritaAcara ? { [verificationPath(data.beritaAcara.uuid)]: data.beritaAcara.number } : {}),
  withoutPage: () => ["/verifikasi"],
};

export const meta = ({ loaderData }: Route.MetaArgs) =>
  loaderData
    ? pageMeta({ title: `${v.title} ${loaderData.beritaAcara.number}`, description: v.description })
    : pageMeta({ title: t.notFound.title });

/**
 * The public verification page a Berita Acara's QR code opens: the record's number, date,
 * place, item count and hashes, for anyone (edge-cached for visitors: a Berita Acara never
 * changes). Nothing private: no titles, names or work units. An unknown uuid is a 404.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  return { beritaAcara: await orRouteError(() => getBeritaAcaraVerification(getAppContext(context), params.uuid)) };
}

const Hash = ({ value, testId }: { value: string; testId: string }) => (
  <code className="break-all font-mono text-xs text-slate-800" data-testid={testId}>
    {value}
  </code>
);

export default function Verifikasi({ loaderData }: Route.ComponentProps) {
  const { beritaAcara } = loaderData;
  const c = v.columns;
  const rows: [string, React.ReactNode][] = [
    [c.kind, beritaAcaraText.kinds[beritaAcara.kind]],
    [c.number, beritaAcara.number],
    // A calendar date of the record, in Jakarta.
    [c.issuedOn, formatDate(`${beritaAcara.issuedOn}T00:00:00+07:00`, "DD MMMM YYYY")],
    [c.place, beritaAcara.place],
    [c.itemCount, beritaAcara.kind === "PEMINDAHAN" ? v.berkasCount(beritaAcara.itemCount) : v.itemCount(beritaAcara.itemCount)],
    [beritaAcara.kind === "PEMINDAHAN" ? c.transferListSha256 : c.listSha256, <Hash value={beritaAcara.listSha256} testId="verification-list-sha256" />],
    [c.pdfSha256, <Hash value={beritaAcara.pdfSha256} testId="verification-pdf-sha256" />],
  ];
  return (
    <article className="mx-auto max-w-3xl">
      <h1 className="mb-4 text-2xl font-semibold text-slate-900">{v.title}</h1>
      <p className="mb-3 rounded-lg bg-emerald-50 px-4 py-3 font-medium text-emerald-900 ring-1 ring-emerald-200" data-testid="verification-registered">
        {v.registered}
      </p>
      <p className="mb-6 text-slate-700">{v.howTo}</p>
      <section aria-labelledby="berita-acara-details" className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <h2 id="berita-acara-details" className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900">
          {v.details}
        </h2>
        <DetailTable items={rows} testId="verification-details" />
      </section>
    </article>
  );
}
