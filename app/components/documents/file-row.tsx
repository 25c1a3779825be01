import { DetailRow } from "~/components/detail-table";
import { buttonClass } from "~/components/buttons";
import { DownloadLink } from "~/components/download-link";
import type { DocumentView } from "~/domain/documents";
import { documents as documentsText } from "~/i18n/documents";

/**
 * The SPEC's file row of a document page (app and public alike): the file name, 'Lihat Dokumen'
 * (the inline preview in a new tab) and 'Unduh'. Without the right to open the file it says why
 * (`notice`) instead of leaving the row out silently.
 */
export function FileRow({
  document,
  publicPage = false,
  notice,
}: {
  document: Pick<DocumentView, "uuid" | "title" | "fileName" | "previewUrl" | "downloadUrl" | "hasFile" | "physicalLocation">;
  publicPage?: boolean;
  notice?: string | null;
}) {
  // A paper record: the row says so and where the paper is kept, whoever looks.
  if (!document.hasFile) {
    return (
      <DetailRow label={documentsText.columns.file} testId="file-row">
        <p className="font-medium text-slate-900" data-testid="physical-record">
          {documentsText.physicalRecord}
        </p>
        <p className="text-slate-700" data-testid="physical-location">
          {document.physicalLocation ? `${documentsText.physicalLocation}: ${document.physicalLocation}` : documentsText.physicalLocationUnknown}
        </p>
      </DetailRow>
    );
  }
  if (!document.downloadUrl) {
    if (!notice) return null;
    return (
      <DetailRow label={documentsText.columns.file} testId="file-row">
        <p className="text-slate-700" data-testid="file-notice">
          {notice}
        </p>
      </DetailRow>
    );
  }
  return (
    <DetailRow label={documentsText.columns.file} testId="file-row" valueClassName="flex flex-wrap items-center gap-2">
      <span className="mr-1 text-slate-600" data-testid="file-name">
        {document.fileName}
      </span>
      {/* No preview link for RAHASIA and SANGAT_RAHASIA files: they are only ever downloaded. */}
      {document.previewUrl && (
        <a href={document.previewUrl} target="_blank" rel="noopener noreferrer" className={buttonClass.secondary}>
          {documentsText.viewDocument} <span className="sr-only">{documentsText.opensInNewTab}</span>
        </a>
      )}
      <DownloadLink document={document} className={buttonClass.primary} publicPage={publicPage}>
        {documentsText.actions.download}
      </DownloadLink>
    </DetailRow>
  );
}
