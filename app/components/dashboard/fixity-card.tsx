import type { FixityOverview, FixityProblem } from "~/domain/fixity";
import { fixity as fixityText } from "~/i18n/fixity";
import { formatDate } from "~/lib/format";
import { AppLink } from "~/components/app-link";

const s = fixityText.card;

/**
 * 'Integritas File' on the Super Admin dashboard: the stored files whose last fixity check found
 * other bytes or no object, newest failure first, and when checks last ran. Server-rendered;
 * every failure also has its audit row.
 */
export function FixityCard({ overview }: { overview: FixityOverview }) {
  const { problems, failing } = overview;
  return (
    <section aria-labelledby="fixity-heading" className="mt-8 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="fixity-card">
      <h2 id="fixity-heading" className="text-lg font-semibold text-slate-900">
        {s.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{s.description}</p>
      {failing === 0 ? (
        <p role="status" className="mt-3 rounded-lg bg-green-50 px-4 py-3 text-sm font-medium text-green-800 ring-1 ring-green-200" data-testid="fixity-ok">
          {overview.lastCheckAt ? s.allGood : s.notYet}
        </p>
      ) : (
        <div role="alert" className="mt-3 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-200" data-testid="fixity-failing">
          <p className="font-semibold">{s.failing(failing)}</p>
          <ul className="mt-2 divide-y divide-red-100">
            {problems.map((problem) => (
              <ProblemItem key={`${problem.expectedSha256}-${problem.failingSince}-${problem.document?.uuid ?? ""}`} problem={problem} />
            ))}
          </ul>
          {failing > problems.length ? <p className="mt-2">{s.more(problems.length, failing)}</p> : null}
        </div>
      )}
      <p className="mt-3 text-xs text-slate-600" data-testid="fixity-last-check">
        {overview.lastCheckAt ? s.lastCheck(formatDate(overview.lastCheckAt, "DD MMMM YYYY HH:mm")) : null}{" "}
        {overview.someNeverChecked ? s.neverChecked : overview.oldestCheckAt ? s.oldestCheck(formatDate(overview.oldestCheckAt, "DD MMMM YYYY HH:mm")) : null}
      </p>
    </section>
  );
}

function ProblemItem({ problem }: { problem: FixityProblem }) {
  const { document } = problem;
  return (
    <li className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2" data-testid="fixity-problem">
      <span className="min-w-0 break-words font-medium">
        {!document ? (
          s.unknownDocument
        ) : document.inTrash ? (
          <>
            {document.title} <span className="font-normal">({s.inTrash})</span>
          </>
        ) : (
          <AppLink to={`/app/documents/${document.uuid}`} discover={false} className="text-red-900 underline hover:no-underline">
            {document.title}
          </AppLink>
        )}
      </span>
      {document ? (
        <span>
          {s.columns.version} {document.version}
        </span>
      ) : null}
      <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold" data-testid="fixity-outcome">
        {s.outcome[problem.outcome]}
      </span>
      <span className="text-xs">
        {s.columns.since} {formatDate(problem.failingSince, "DD MMMM YYYY HH:mm")}
      </span>
    </li>
  );
}
