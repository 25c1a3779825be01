import type { ReactNode } from "react";

import { listText } from "~/i18n/list";
import { AppLink } from "~/components/app-link";

/**
 * The "nothing here" message of a list (visible on a phone too: it is not a wide table cell).
 * After a search that found nothing, `resetHref` (the list without its search) offers the way
 * back: 'Reset pencarian'.
 */
export function EmptyState({ children, testId = "empty", resetHref }: { children?: ReactNode; testId?: string; resetHref?: string }) {
  return (
    <p className="dt-empty" data-testid={testId}>
      {children ?? listText.empty}
      {resetHref && (
        <>
          {" "}
          <AppLink to={resetHref} className="font-medium text-blue-700 underline" data-testid="reset-search">
            {listText.resetSearch}
          </AppLink>
        </>
      )}
    </p>
  );
}
