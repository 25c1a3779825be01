import { href } from "react-router";
import type { BreadcrumbHandle } from "~/lib/breadcrumb";

/** Route handle of the document pages: the crumb of /app/documents/{uuid} shows the title. */
export const documentBreadcrumb: BreadcrumbHandle<{ document?: { uuid: string; title: string } }> = {
  breadcrumb: (data) => (data.document ? { [href("/app/documents/:uuid", { uuid: data.document.uuid })]: data.document.title } : {}),
};
