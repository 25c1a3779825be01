import { useState } from "react";

import { downloadLinkText } from "~/i18n/download-link";
import type { DocumentView } from "~/server/documents/service.server";
import { Toast } from "./toast";

/** Downloads in flight, by document: a second click on the same document meanwhile is ignored. */
const inFlight = new Set<string>();

/**
 * A plain download link (works without JavaScript). With JavaScript the file is fetched so the
 * SPEC's success and failure toasts can be shown.
 */
export function DownloadLink({
  document,
  className,
  publicPage = false,
  children,
}: {
  document: Pick<DocumentView, "uuid" | "title" | "fileName" | "downloadUrl">;
  className?: string;
  publicPage?: boolean;
  children: React.ReactNode;
}) {
  const [toast, setToast] = useState<{ type: "success" | "error"; message: string; key: number } | null>(null);
  if (!document.downloadUrl) return null;

  async function download(event: React.MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (inFlight.has(document.uuid)) return;
    inFlight.add(document.uuid);
    try {
      const response = await fetch(document.downloadUrl!, { credentials: "same-origin" });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: string; message?: string } | null;
        throw new Error(body?.error || body?.message || downloadLinkText.downloadFailed);
      }
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const anchor = Object.assign(window.document.createElement("a"), { href: url, download: document.fileName || `document-${document.uuid}` });
      anchor.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setToast({ type: "success", message: publicPage ? downloadLinkText.downloadedPublic(document.title) : downloadLinkText.downloaded, key: Date.now() });
    } catch (error) {
      const message = error instanceof TypeError ? downloadLinkText.networkFailed : error instanceof Error ? error.message : downloadLinkText.downloadFailed;
      setToast({ type: "error", message, key: Date.now() });
    } finally {
      inFlight.delete(document.uuid);
    }
  }

  return (
    <>
      <a href={document.downloadUrl} download={document.fileName} onClick={download} className={className} data-testid="download">
        {children}
      </a>
      {toast && <Toast key={toast.key} flash={toast} />}
    </>
  );
}
