import { createElement, type ReactNode } from "react";
import { useParams } from "react-router";
// Written by the bench before it builds this control: each page's markup tree and loader data.
import pages from "virtual:bench-replay-pages";

type MarkupNode = string | [tag: string, props: Record<string, unknown>, ...children: MarkupNode[]];
type ReplayedPage = { tree: MarkupNode[]; loaderData: unknown };

/**
 * Control (a''): one of the app's pages rendered again from its own markup (elements, attributes
 * and text as the app wrote them, `markup-tree.ts`) with the loader data the app sent with it,
 * both constants: what React Router + React cost to render and serialise exactly that page.
 */
export function loader({ params }: { params: { page?: string } }) {
  const page = (pages as Record<string, ReplayedPage>)[params.page ?? ""];
  if (!page) throw new Response("unknown page", { status: 404 });
  return page.loaderData;
}

function render(node: MarkupNode): ReactNode {
  if (typeof node === "string") return node;
  const [tag, props, ...children] = node;
  return createElement(tag, props, ...children.map(render));
}

export default function Replay() {
  const { page = "" } = useParams();
  return <>{(pages as Record<string, ReplayedPage>)[page]!.tree.map(render)}</>;
}
