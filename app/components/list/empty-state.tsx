import type { ReactNode } from "react";
import { t } from "~/i18n/id";

/** The "nothing here" message of a list (visible on a phone too: it is not a wide table cell). */
export function EmptyState({ children, testId = "empty" }: { children?: ReactNode; testId?: string }) {
  return (
    <p className="dt-empty" data-testid={testId}>
      {children ?? t.ui.list.empty}
    </p>
  );
}
