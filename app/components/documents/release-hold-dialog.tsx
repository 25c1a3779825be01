import { Dialog } from "~/components/dialog";
import type { FormRules } from "~/components/form";
import { retentionHold } from "~/i18n/retention-hold";
import { ReleaseHoldForm } from "./retention-forms";

/**
 * The trash's 'Lepas penahanan' dialog over the list (`?dialog=release-hold`): the release form
 * with its reason. The trash page loads it lazily, when the URL opens it.
 */
export function ReleaseHoldDialog({ documentTitle, uuid, rules, action, closeTo }: { documentTitle: string; uuid: string; rules: FormRules; action: string; closeTo: string }) {
  return (
    <Dialog title={retentionHold.releaseTitle} status="respond" closeTo={closeTo} testId="release-hold-dialog">
      <p>{retentionHold.releaseConfirm(documentTitle)}</p>
      <ReleaseHoldForm rules={rules} inDialog hidden={{ uuid }} action={action} />
    </Dialog>
  );
}
