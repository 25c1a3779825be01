import { useRef, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { copyText } from "~/i18n/copy-text";

/**
 * A value to copy (a new API token, an example call), shown as selectable text with a 'Salin'
 * button beside it. The button needs JavaScript, so it appears only once the page has hydrated;
 * without JavaScript the text is there to select. Where the clipboard is not available (a page
 * served over plain HTTP) the button selects the text instead, ready for Ctrl+C.
 */
export function CopyText({ text, multiline = false, label, testId }: { text: string; multiline?: boolean; label: string; testId?: string }) {
  const hydrated = useHydrated();
  const textRef = useRef<HTMLElement>(null);
  const [state, setState] = useState<"idle" | "copied" | "selected">("idle");
  const selectText = () => {
    const element = textRef.current;
    if (!element) return;
    window.getSelection()?.selectAllChildren(element);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      selectText();
      setState("selected");
    }
  };
  const Text = multiline ? "pre" : "code";
  return (
    <div className="flex items-start gap-2">
      <Text
        ref={textRef as React.Ref<HTMLPreElement>}
        aria-label={label}
        tabIndex={0}
        className="min-w-0 flex-1 overflow-x-auto rounded-lg bg-slate-900 px-3 py-2 font-mono text-xs leading-relaxed whitespace-pre-wrap break-all text-slate-100"
        data-testid={testId}
      >
        {text}
      </Text>
      {hydrated && (
        <button
          type="button"
          onClick={copy}
          className="shrink-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
          data-testid={testId ? `${testId}-copy` : undefined}
        >
          {state === "copied" ? copyText.copied : copyText.copy}
        </button>
      )}
      <span className="sr-only" role="status">
        {state === "copied" ? copyText.copiedStatus : state === "selected" ? copyText.selectedStatus : ""}
      </span>
    </div>
  );
}
