import { documentForm as documentFormText } from "../i18n/document-form";

/** The advisory hints of SPEC section 5: shown until the input meets them, never blocking. */
export function documentHints(input: { keywords?: string; description?: string }) {
  const keywordCount = (input.keywords ?? "").split(",").filter((word) => word.trim() !== "").length;
  const wordCount = (input.description ?? "").trim().split(/\s+/).filter(Boolean).length;
  return {
    keywords: keywordCount === 5 ? null : documentFormText.keywordsHint,
    description: wordCount >= 20 ? null : documentFormText.descriptionHint,
  };
}
