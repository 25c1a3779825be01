import type { ReactNode } from "react";

/**
 * How a labelled section of a page looks:
 * - `card`: a white card with room inside (a form, a short text);
 * - `tile`: the same, tighter, for the cards of a dashboard;
 * - `table`: a white card whose heading is a bar above a table that runs to its edges;
 * - `plain`: a heading and its content on the page itself.
 */
export type SectionLook = "card" | "tile" | "table" | "plain";

/** The looks' classes: `sc`, `sc-h` and `sc-bar` are in app.css, so a page's script carries short names. */
const looks: Record<SectionLook, { section: string; heading: string }> = {
  card: { section: "sc p-6", heading: "sc-h mb-2" },
  tile: { section: "sc p-4", heading: "sc-h" },
  table: { section: "sc overflow-hidden", heading: "sc-bar" },
  plain: { section: "", heading: "sc-h mb-2" },
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
