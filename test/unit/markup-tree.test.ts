import { createElement as h, Fragment, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { expect, it } from "vitest";
import { markupTree, type MarkupNode } from "../../scripts/bench/markup-tree.ts";

/**
 * The bench's control (a'') renders a page again from its parsed markup: what React writes from
 * the tree must be what it wrote for the app, or the control measures another page.
 */
const render = (node: MarkupNode): ReactNode => {
  if (typeof node === "string") return node;
  const [tag, props, ...children] = node;
  return h(tag, props, ...children.map(render));
};

it("renders React's own markup back byte for byte: form fields, SVG, booleans, entities, style", () => {
  const html = renderToString(
    h(
      "div",
      { className: "a", style: { color: "red", marginTop: 2 }, "data-x": "1", "aria-label": "b" },
      h("select", { name: "s", defaultValue: "2" }, h("option", { value: "1" }, "a"), h("option", { value: "2" }, "b")),
      h("input", { type: "checkbox", defaultChecked: true, name: "c" }),
      h("input", { name: "q", defaultValue: "x & y <z>", required: true }),
      h("textarea", { name: "t", defaultValue: "hello" }),
      h("svg", { viewBox: "0 0 24 24", strokeWidth: "1.5", "aria-hidden": "true" }, h("path", { d: "M0 0", strokeLinecap: "round" })),
      h("label", { htmlFor: "q" }, "Q ", "x", " ", 3),
      h("a", { href: "/x?a=1&b=2", rel: "next" }, "Next ‹›"),
      h("details", { open: true }, h("summary", null, "s")),
      h("button", { type: "submit", disabled: true, formNoValidate: true }, "b"),
      h("table", null, h("thead", null, h("tr", null, h("th", { colSpan: 2, scope: "col" }, "h")))),
      h("time", { dateTime: "2020" }, "t"),
      h("img", { src: "/a.png", alt: "", loading: "lazy" }),
    ),
  );
  expect(renderToString(h(Fragment, null, ...markupTree(html).map(render)))).toBe(html);
});

it("leaves out React Router's scripts and module preloads, and the root's own head elements", () => {
  const html =
    '<!DOCTYPE html><html lang="id"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width"/><title>T</title>' +
    '<link rel="modulepreload" href="/assets/a.js"/><style>.c{color:red}</style></head><body><main>x</main><script>window.__rr=1</script></body></html>';
  expect(markupTree(html)).toEqual([["title", {}, "T"], ["style", { dangerouslySetInnerHTML: { __html: ".c{color:red}" } }], ["main", {}, "x"]]);
});
