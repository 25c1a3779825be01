import { href } from "react-router";
import type { BreadcrumbHandle } from "~/lib/breadcrumb";

/**
 * Route handles of the detail pages whose URL holds an id: the crumb of that id shows what it
 * names (a person's name, a unit's name, a classification code, the requested document's
 * title), never the raw uuid or number. Documents have theirs in `document-breadcrumb.ts` (app)
 * and in the public document route.
 */
export const userBreadcrumb: BreadcrumbHandle<{ user?: { uuid: string; fullName: string } }> = {
  breadcrumb: (data) => (data.user ? { [href("/app/users/:uuid", { uuid: data.user.uuid })]: data.user.fullName } : {}),
};

/** A unit and a classification code have an update page only: their id's crumb is text. */
const unitKerjaPath = (id: number) => `${href("/app/manage-unit-kerja")}/${id}`;
export const unitKerjaBreadcrumb: BreadcrumbHandle<{ unit?: { id: number; nama: string } }> = {
  breadcrumb: (data) => (data.unit ? { [unitKerjaPath(data.unit.id)]: data.unit.nama } : {}),
  withoutPage: (data) => (data.unit ? [unitKerjaPath(data.unit.id)] : []),
};

const classificationPath = (id: number) => `${href("/app/klasifikasi")}/${id}`;
export const classificationBreadcrumb: BreadcrumbHandle<{ code?: { id: number; code: string } }> = {
  breadcrumb: (data) => (data.code ? { [classificationPath(data.code.id)]: data.code.code } : {}),
  withoutPage: (data) => (data.code ? [classificationPath(data.code.id)] : []),
};

/** The no-JavaScript download page of a request: its crumb names the requested document; 'Download' alone is no page. */
export const accessRequestDownloadBreadcrumb: BreadcrumbHandle<{ request?: { uuid: string; title: string } }> = {
  breadcrumb: (data) => (data.request ? { [href("/app/access-request/download/:uuid", { uuid: data.request.uuid })]: data.request.title } : {}),
  withoutPage: () => [`${href("/app/access-request")}/download`],
};

/** A berkas's crumb names its number; a transfer's, its number. */
export const berkasBreadcrumb: BreadcrumbHandle<{ berkas?: { id: number; number: string } }> = {
  breadcrumb: (data) => (data.berkas ? { [href("/app/berkas/:id", { id: String(data.berkas.id) })]: data.berkas.number } : {}),
};
export const transferBreadcrumb: BreadcrumbHandle<{ transfer?: { uuid: string; number: string } }> = {
  breadcrumb: (data) => (data.transfer ? { [href("/app/pemindahan/:uuid", { uuid: data.transfer.uuid })]: data.transfer.number } : {}),
};
