import { useParams } from "react-router";
import { renderMarkup, replayedPages } from "../replayed-pages";

/**
 * Control (a''): one of the app's pages rendered again from its own markup (elements, attributes
 * and text as the app wrote them, `markup-tree.ts`) with the loader data the app sent with it,
 * both constants: what React Router + React cost to render and serialise exactly that page.
 */
export function loader({ params }: { params: { page?: string } }) {
  const page = replayedPages[params.page ?? ""];
  if (!page) throw new Response("unknown page", { status: 404 });
  return page.loaderData;
}

export default function Replay() {
  const { page = "" } = useParams();
  return <>{replayedPages[page]!.tree.map(renderMarkup)}</>;
}
