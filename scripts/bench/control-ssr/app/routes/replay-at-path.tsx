import { createElement, type ReactNode } from "react";
import { useLocation } from "react-router";
import pages from "virtual:bench-replay-pages";

type MarkupNode = string | [tag: string, props: Record<string, unknown>, ...children: MarkupNode[]];
type ReplayedPage = { tree: MarkupNode[]; loaderData: unknown; path: string };

/** The captured page the app serves at this path (its search included). */
const pageAt = (path: string) => Object.values(pages as Record<string, ReplayedPage>).find((page) => page.path === path);

/**
 * Control (a'''): a captured page rendered again as in (a''), its markup and loader data, but at
 * the path the app serves it on, among the app's route table.
 */
export function loader({ request }: { request: Request }) {
  const url = new URL(request.url);
  const page = pageAt(`${url.pathname}${url.search}`);
  if (!page) throw new Response("unknown page", { status: 404 });
  return page.loaderData;
}

function render(node: MarkupNode): ReactNode {
  if (typeof node === "string") return node;
  const [tag, props, ...children] = node;
  return createElement(tag, props, ...children.map(render));
}

export default function ReplayAtPath() {
  const { pathname, search } = useLocation();
  return <>{pageAt(`${pathname}${search}`)!.tree.map(render)}</>;
}
