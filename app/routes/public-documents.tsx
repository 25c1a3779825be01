import { PageHeader } from "~/components/app-shell";
import { pageMeta } from "~/lib/meta";
import { t } from "~/i18n/id";

export const meta = () => pageMeta({ title: t.pages.documents, description: t.meta.documentsDescription, indexable: true });

export default function PublicDocuments() {
  return <PageHeader title={t.pages.documents} />;
}
