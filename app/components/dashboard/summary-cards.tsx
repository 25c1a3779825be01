import { AppLink } from "~/components/app-link";

export type SummaryCard = { label: string; value: number; to: string; testId: string };

/** The system summary: one linked card per total. */
export function SummaryCards({ cards, testId = "summary-cards" }: { cards: SummaryCard[]; testId?: string }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid={testId}>
      {cards.map((card) => (
        <li key={card.testId}>
          <AppLink
            to={card.to}
            className="block rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:ring-blue-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
            data-testid={card.testId}
          >
            <span className="block text-sm font-medium text-slate-600">{card.label}</span>
            <span className="mt-1 block text-3xl font-bold tabular-nums text-slate-900" data-testid={`${card.testId}-value`}>
              {card.value}
            </span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
