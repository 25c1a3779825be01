import { useLocation } from "react-router";
import { renderMarkup, replayedPages } from "../replayed-pages";

/** The captured page the app serves at this path (its search included). */
const pageAt = (path: string) => Object.values(replayedPages).find((page) => page.path === path);

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

export default function ReplayAtPath() {
  const { pathname, search } = useLocation();
  return <>{pageAt(`${pathname}${search}`)!.tree.map(renderMarkup)}</>;
}
