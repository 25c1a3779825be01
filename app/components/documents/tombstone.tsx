import { ErrorPanel, type StatusHandler } from "~/components/error-boundary";
import { lazyComponent } from "~/components/lazy-component";
import type { TombstoneView } from "~/domain/records";
import { documentDetailText } from "~/i18n/document-detail";

/** Only a record's old address shows it (a 410): its code and words load then. */
const TombstonePanel = lazyComponent(() => import("./tombstone-panel").then((module) => module.TombstonePanel));

/** The tombstone a 410 carries, if the error is one. */
const tombstoneOf = (data: unknown): TombstoneView | null =>
  data && typeof data === "object" && "tombstone" in data ? ((data as { tombstone: TombstoneView }).tombstone ?? null) : null;

/** A detail route's answer to a 410: the record's tombstone, with a way back to `back`. */
export const goneHandler =
  (back: { to: string; label: string }): StatusHandler =>
  ({ message, data }) => {
    const tombstone = tombstoneOf(data);
    return tombstone ? <TombstonePanel tombstone={tombstone} back={back} /> : <ErrorPanel title={message ?? documentDetailText.gone} message={null} back={back} />;
  };
