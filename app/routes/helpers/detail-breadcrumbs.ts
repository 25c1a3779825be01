import { href } from "react-router";
import type { BreadcrumbHandle } from "~/lib/breadcrumb";

/**
 * Route handles of the detail pages whose URL holds an id, for the resources with two such pages
 * (a user's page and its update, a berkas's page and its update): the crumb of that id shows what
 * it names, never the raw uuid or number. A resource with one such page keeps its handle in that
 * route (a browser chunk carries a whole module). A document's page and its update page each
 * declare their own (three lines): a module of its own cost both pages a chunk of 0.14 kB.
 */
export const userBreadcrumb: BreadcrumbHandle<{ user?: { uuid: string; fullName: string } }> = {
  breadcrumb: (data) => (data.user ? { [href("/app/users/:uuid", { uuid: data.user.uuid })]: data.user.fullName } : {}),
};

/** A berkas's crumb names its number. */
export const berkasBreadcrumb: BreadcrumbHandle<{ berkas?: { id: number; number: string } }> = {
  breadcrumb: (data) => (data.berkas ? { [href("/app/berkas/:id", { id: String(data.berkas.id) })]: data.berkas.number } : {}),
};
