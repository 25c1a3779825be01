import { Form, useNavigation } from "react-router";
import { CsrfField } from "~/components/form/csrf-field";
import { DataTable, type Column } from "~/components/list";
import { shortSha256, type VersionView } from "~/domain/records-view";
import { formatDate, formatKb } from "~/lib/format";
import { versionsText } from "~/i18n/versions";

const c = versionsText.columns;

/**
 * 'Riwayat Versi': every version of the document's file, newest first, each downloadable by
 * whoever may open the file; the owner or a Super Admin can restore an old one (a plain form
 * post: it becomes the newest version, a copy; the history itself never changes).
 */
export function VersionHistory({ versions }: { versions: VersionView[] }) {
  const navigation = useNavigation();
  const restoring = navigation.state !== "idle" && navigation.formData?.get("intent") === "restore-version" ? navigation.formData.get("version") : null;
  const columns: Column<VersionView>[] = [
    {
      key: "version",
      header: c.version,
      width: "13%",
      card: "title",
      cell: (v) => (
        <span className="dt-title">
          {v.version}
          {v.isCurrent && <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">{versionsText.current}</span>}
          {v.restoredFrom !== null && <span className="block text-xs font-normal text-slate-500">{versionsText.restoredFrom(v.restoredFrom)}</span>}
        </span>
      ),
    },
    { key: "createdAt", header: c.createdAt, width: "17%", cell: (v) => formatDate(v.createdAt, "DD MMMM YYYY HH:mm") },
    { key: "uploader", header: c.uploader, width: "15%", cell: (v) => v.uploader ?? "-" },
    { key: "size", header: c.size, width: "10%", align: "end", cell: (v) => formatKb(v.fileSizeKb) },
    {
      key: "sha256",
      header: c.sha256,
      width: "13%",
      cell: (v) => (
        <code className="text-xs" title={v.sha256}>
          {shortSha256(v.sha256)}
        </code>
      ),
    },
    { key: "note", header: c.note, width: "17%", cell: (v) => v.note ?? "-" },
    {
      key: "actions",
      header: c.actions,
      width: "15%",
      card: "actions",
      cell: (v) => (
        <div className="dt-actions">
          <a href={v.downloadUrl} className="text-blue-700" data-testid="version-download" download>
            {versionsText.download}
          </a>
          {v.canRestore && (
            <Form method="post" className="inline" preventScrollReset>
              <CsrfField />
              <input type="hidden" name="version" value={v.version} />
              <button type="submit" name="intent" value="restore-version" className="text-amber-700" data-testid="version-restore" disabled={restoring !== null}>
                {restoring === String(v.version) ? versionsText.restoring : versionsText.restore}
              </button>
            </Form>
          )}
        </div>
      ),
    },
  ];
  return (
    <section className="mt-6" aria-labelledby="version-history-heading" data-testid="version-history">
      <h2 id="version-history-heading" className="text-lg font-semibold text-slate-800">
        {versionsText.heading}
      </h2>
      <p className="mb-2 text-sm text-slate-600">{versionsText.description}</p>
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <DataTable columns={columns} rows={versions} rowKey={(v) => String(v.version)} empty={versionsText.empty} label={versionsText.heading} rowTestId="version-row" />
      </div>
    </section>
  );
}
