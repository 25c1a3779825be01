import { useState } from "react";
import { useRevalidator, href } from "react-router";
import { lazyComponent } from "~/components/lazy-component";
import { Toast } from "~/components/toast";
import type { AccessRequestView } from "~/domain/access-request-view";
import { accessRequests as accessRequestsText } from "~/i18n/access-requests";

const d = accessRequestsText.download;
/** Shown only after a refused download: its code loads then. */
const Dialog = lazyComponent(() => import("~/components/dialog").then((module) => module.Dialog));

/** Where the Download link leads without JavaScript: a page that checks first (no token in the URL). */
export const downloadPagePath = (requestUuid: string) => href("/app/access-request/download/:uuid", { uuid: requestUuid });

/**
 * The requester's Download. Without JavaScript a plain link to the download page, which
 * redirects to the token download or shows 'Gagal mengunduh file' with the reason. With
 * JavaScript the token download (`GET /api/v1/archives/{archiveId}/download?token=`) is fetched
 * without a Referer, saved under the document's title, and a refusal opens the same dialog in
 * place. The token is never put into a page URL.
 */
export function TokenDownloadLink({ request, children }: { request: Pick<AccessRequestView, "uuid" | "archiveTitle" | "downloadUrl">; children: React.ReactNode }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ error: string | null; key: number } | null>(null);

  async function download(event: React.MouseEvent<HTMLAnchorElement>) {
    if (!request.downloadUrl) return;
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const { saveTokenDownload } = await import("./token-download");
      const error = await saveTokenDownload(request.downloadUrl, request.archiveTitle);
      setOutcome({ error, key: Date.now() });
      // The download count changed.
      if (!error) void revalidator.revalidate();
    } catch {
      // The routine itself could not be loaded.
      setOutcome({ error: d.networkFailed, key: Date.now() });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <a
        href={downloadPagePath(request.uuid)}
        rel="noreferrer"
        referrerPolicy="no-referrer"
        onClick={download}
        aria-busy={busy || undefined}
        className="text-emerald-700"
        data-testid="download"
      >
        {children}
      </a>
      {outcome?.error && (
        <Dialog key={outcome.key} title={d.failed} status="error" testId="download-error">
          <p data-testid="download-error-reason">{outcome.error}</p>
        </Dialog>
      )}
      {outcome && !outcome.error && <Toast key={outcome.key} flash={{ type: "success", message: d.success }} />}
    </>
  );
}
