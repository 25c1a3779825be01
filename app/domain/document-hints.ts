import { t } from "../i18n/id";

/** The advisory hints of SPEC section 5: shown until the input meets them, never blocking. */
export function documentHints(input: { keywords?: string; description?: string }) {
  const keywordCount = (input.keywords ?? "").split(",").filter((word) => word.trim() !== "").length;
  const wordCount = (input.description ?? "").trim().split(/\s+/).filter(Boolean).length;
  return {
    keywords: keywordCount === 5 ? null : t.documents.keywordsHint,
    description: wordCount >= 20 ? null : t.documents.descriptionHint,
  };
}
