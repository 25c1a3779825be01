import { accessRequests as accessRequestsText } from "~/i18n/access-requests";
import { fileNameOf } from "~/lib/content-disposition";

const d = accessRequestsText.download;

/**
 * The token download with JavaScript: `downloadUrl` (the API's token download) is fetched without
 * a Referer and saved under the document's title. Resolves to null once the file is saved, or
 * to the reason it was refused. Loaded on the first click of a Download link.
 */
export async function saveTokenDownload(downloadUrl: string, title: string): Promise<string | null> {
  try {
    const response = await fetch(downloadUrl, { credentials: "same-origin", referrerPolicy: "no-referrer", cache: "no-store" });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { error?: string; message?: string } | null;
      return body?.error || body?.message || d.failed;
    }
    const blob = await response.blob();
    const url = URL.createObjectURL(blob);
    const name = fileNameOf(response.headers.get("Content-Disposition"), title);
    Object.assign(document.createElement("a"), { href: url, download: name }).click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return null;
  } catch {
    return d.networkFailed;
  }
}
