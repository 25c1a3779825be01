import { Dialog } from "~/components/dialog";
import type { FormRules } from "~/components/form";
import { retention as retentionText } from "~/i18n/retention";
import { ReleaseHoldForm } from "./retention-forms";

/**
 * The trash's 'Lepas penahanan' dialog over the list (`?dialog=release-hold`): the release form
 * with its reason. The trash page loads it lazily, when the URL opens it.
 */
export function ReleaseHoldDialog({ documentTitle, uuid, rules, action, closeTo }: { documentTitle: string; uuid: string; rules: FormRules; action: string; closeTo: string }) {
  return (
    <Dialog title={retentionText.hold.releaseTitle} status="respond" closeTo={closeTo} testId="release-hold-dialog">
      <p>{retentionText.hold.releaseConfirm(documentTitle)}</p>
      <ReleaseHoldForm rules={rules} inDialog hidden={{ uuid }} action={action} />
    </Dialog>
  );
}
