import type { ReactNode } from "react";

/**
 * How a labelled section of a page looks:
 * - `card`: a white card with room inside (a form, a short text);
 * - `tile`: the same, tighter, for the cards of a dashboard;
 * - `table`: a white card whose heading is a bar above a table that runs to its edges;
 * - `plain`: a heading and its content on the page itself.
 */
export type SectionLook = "card" | "tile" | "table" | "plain";

const looks: Record<SectionLook, { section: string; heading: string }> = {
  card: { section: "rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200", heading: "mb-2 text-lg font-semibold text-slate-900" },
  tile: { section: "rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200", heading: "text-lg font-semibold text-slate-900" },
  table: {
    section: "overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200",
    heading: "border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900",
  },
  plain: { section: "", heading: "mb-2 text-lg font-semibold text-slate-900" },
};

/**
 * A `<section>` named by its own heading (`aria-labelledby`), so a screen reader lists it among
 * the page's regions under that name. `id` is the heading's id and must be unique on the page.
 */
export function SectionCard({
  id,
  heading,
  look = "card",
  level = 2,
  className = "",
  testId,
  children,
}: {
  id: string;
  heading: ReactNode;
  look?: SectionLook;
  /** The heading's level: 3 for a section inside another one. */
  level?: 2 | 3;
  /** Extra classes for the section, e.g. its margin on the page. */
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const Heading = level === 3 ? "h3" : "h2";
  const { section, heading: headingClass } = looks[look];
  return (
    <section aria-labelledby={id} className={`${section} ${className}`.trim() || undefined} data-testid={testId}>
      <Heading id={id} className={headingClass}>
        {heading}
      </Heading>
      {children}
    </section>
  );
}
