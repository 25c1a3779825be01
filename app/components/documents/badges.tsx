import { keywordList } from "~/lib/format";
import { t } from "~/i18n/id";

/** Keyword chips; `clamp` keeps them to two lines inline (lists), the detail page shows all. */
export function KeywordChips({ keywords, clamp = false }: { keywords: string; clamp?: boolean }) {
  const words = keywordList(keywords);
  if (words.length === 0) return <span className="text-slate-400">{t.notSet}</span>;
  return (
    <span className={clamp ? "chips clamp2" : "chips"} title={clamp ? words.join(", ") : undefined}>
      {words.map((word, index) => (
        <span key={`${word}-${index}`}>{word}</span>
      ))}
    </span>
  );
}

export function AccessBadge({ level }: { level: "PRIVATE" | "PUBLIC" }) {
  return <span className={level === "PUBLIC" ? "badge badge-public" : "badge"}>{level}</span>;
}
