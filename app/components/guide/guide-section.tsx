import { CopyText } from "~/components/copy-text";
import { fillGuideText, type GuideAudience, type GuideBlock, type GuideSection } from "~/domain/guide";
import { panduan as p } from "~/i18n/panduan";

type Values = Readonly<Record<string, string | number>>;

const audienceText = (audience: GuideAudience) => (audience === "everyone" || audience === "signedIn" ? p.audience[audience] : audience.join(", "));

/** One section of the guide: its anchor, title, who it is for, and its blocks. */
export function GuideSectionView({ section, values }: { section: GuideSection; values: Values }) {
  const fill = (text: string) => fillGuideText(text, values);
  return (
    <section id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-20 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6" data-testid="guide-section">
      <h2 id={`${section.id}-title`} className="text-xl font-semibold text-slate-900">
        {section.title}
      </h2>
      <p className="mt-1 text-sm text-slate-500">
        {p.forWhom}: {audienceText(section.audience)}
      </p>
      <div className="mt-4 space-y-4 leading-relaxed text-slate-700">
        {section.blocks.map((block, index) => (
          <Block key={index} block={block} fill={fill} />
        ))}
      </div>
      <p className="mt-4 text-sm">
        <a href="#daftar-isi" className="text-blue-700 underline">
          {p.backToTop}
        </a>
      </p>
    </section>
  );
}

function Block({ block, fill }: { block: GuideBlock; fill: (text: string) => string }) {
  switch (block.kind) {
    case "text":
      return <p>{fill(block.text)}</p>;
    case "steps":
      return (
        <ol className="space-y-3">
          {block.items.map((step, index) => (
            <li key={step.title} className="flex gap-3">
              <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-blue-700 text-sm font-semibold text-white" aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">
                  <span className="sr-only">{index + 1}. </span>
                  {step.title}
                </h3>
                <p>{fill(step.text)}</p>
              </div>
            </li>
          ))}
        </ol>
      );
    case "list":
      return (
        <ul className="list-disc space-y-2 pl-5">
          {block.items.map((item) => (
            <li key={item}>{fill(item)}</li>
          ))}
        </ul>
      );
    case "terms":
      return (
        <dl className="space-y-3">
          {block.items.map((item) => (
            <div key={item.term}>
              <dt className="font-semibold text-slate-900">{item.term}</dt>
              <dd>{fill(item.text)}</dd>
            </div>
          ))}
        </dl>
      );
    case "code":
      return <CopyText text={fill(block.text)} multiline label={block.label} testId="guide-code" />;
  }
}
