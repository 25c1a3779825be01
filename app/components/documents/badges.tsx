import { keywordList } from "~/lib/format";
import { t } from "~/i18n/id";
import type { SecurityClass } from "~/domain/security-classes";
import { securityClassNames } from "~/i18n/filing";

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

const CLASS_BADGE: Record<SecurityClass, string | null> = { BIASA: null, TERBATAS: "badge", RAHASIA: "badge badge-rahasia", SANGAT_RAHASIA: "badge badge-sangat" };

/** The SKKAAD class beside the access level; BIASA says nothing PUBLIC does not. */
export function ClassBadge({ securityClass }: { securityClass: SecurityClass }) {
  const className = CLASS_BADGE[securityClass];
  return className ? <span className={className}>{securityClassNames[securityClass]}</span> : null;
}
