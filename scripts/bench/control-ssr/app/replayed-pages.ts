import { createElement, type ReactNode } from "react";
import type { MarkupNode } from "../../markup-tree";
// Written by the bench before it builds this control: each page's markup tree, loader data and path.
import pages from "virtual:bench-replay-pages";

/** A page of the app as the bench captured it: its markup, its loader data, the path it was served on. */
export type ReplayedPage = { tree: MarkupNode[]; loaderData: unknown; path: string };

export const replayedPages = pages as Record<string, ReplayedPage>;

/** A captured page's markup as React elements: the same elements, attributes and text. */
export function renderMarkup(node: MarkupNode): ReactNode {
  if (typeof node === "string") return node;
  const [tag, props, ...children] = node;
  return createElement(tag, props, ...children.map(renderMarkup));
}
