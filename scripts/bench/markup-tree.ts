/**
 * A rendered page's markup as a tree of React elements, for control (a''): the bench's SSR
 * control renders the tree again (`scripts/bench/control-ssr/app/routes/replay.tsx`), so the
 * control writes the same elements, attributes and text as the app's page with nothing of the
 * app's code around them.
 *
 * The parser reads React's own server output only (every attribute quoted, void elements
 * unclosed, raw text only in <script>/<style>/<title>/<textarea>), not HTML in general.
 * React Router's scripts and module preloads are left out: the control renders its own.
 */

/** A text, or `[tag, props, ...children]` with React's prop names (`className`, a style object). */
export type MarkupNode = string | [tag: string, props: Record<string, unknown>, ...children: MarkupNode[]];

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
const RAW_TEXT = new Set(["script", "style", "title", "textarea"]);
/** HTML attribute → React prop, where they differ (React writes the HTML names back). */
const PROP_NAMES: Record<string, string> = {
  class: "className",
  for: "htmlFor",
  tabindex: "tabIndex",
  charset: "charSet",
  "http-equiv": "httpEquiv",
  autocomplete: "autoComplete",
  readonly: "readOnly",
  maxlength: "maxLength",
  minlength: "minLength",
  novalidate: "noValidate",
  enctype: "encType",
  colspan: "colSpan",
  rowspan: "rowSpan",
  inputmode: "inputMode",
  enterkeyhint: "enterKeyHint",
  spellcheck: "spellCheck",
  crossorigin: "crossOrigin",
  datetime: "dateTime",
  srcset: "srcSet",
  formaction: "formAction",
  formmethod: "formMethod",
  formnovalidate: "formNoValidate",
  "accept-charset": "acceptCharset",
  autofocus: "autoFocus",
  "stroke-width": "strokeWidth",
  "stroke-linecap": "strokeLinecap",
  "stroke-linejoin": "strokeLinejoin",
  "fill-rule": "fillRule",
  "clip-rule": "clipRule",
};
/** Boolean attributes React writes as `name=""`. */
const BOOLEAN = new Set(["disabled", "checked", "selected", "required", "hidden", "open", "multiple", "readonly", "novalidate", "autofocus", "async", "defer", "nomodule", "formnovalidate"]);
/** React's form props whose HTML attribute is the initial value (`value`, `checked` need a handler). */
const UNCONTROLLED: Record<string, string> = { value: "defaultValue", checked: "defaultChecked" };

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, name: string) =>
    name[0] === "#" ? String.fromCodePoint(name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1))) : (ENTITIES[name] ?? entity),
  );

const camel = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
function styleObject(style: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const declaration of style.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim();
    out[property.startsWith("--") ? property : camel(property)] = declaration.slice(colon + 1).trim();
  }
  return out;
}

function propsOf(tag: string, attributes: string): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const match of attributes.matchAll(/([^\s"'>/=]+)(?:="([^"]*)")?/g)) {
    const name = match[1]!; // as written: React writes SVG's viewBox and some props (colSpan) in camel case
    const lower = name.toLowerCase();
    const value = match[2] === undefined ? "" : decode(match[2]);
    const formField = tag === "input" || tag === "select" || tag === "textarea";
    if (lower === "style") props.style = styleObject(value);
    else if (formField && UNCONTROLLED[lower]) props[UNCONTROLLED[lower]] = lower === "checked" ? true : value;
    else if (BOOLEAN.has(lower)) props[PROP_NAMES[lower] ?? name] = true;
    else props[PROP_NAMES[lower] ?? name] = value;
  }
  return props;
}

/** What the control renders of a page: the head's own elements and the body's, React Router's scripts left out. */
export function markupTree(html: string): MarkupNode[] {
  const root: [string, Record<string, unknown>, ...MarkupNode[]] = ["#root", {}];
  const stack: (typeof root)[] = [root];
  const top = () => stack[stack.length - 1]!;
  const token = /<!--[\s\S]*?-->|<!doctype[^>]*>|<\/([a-zA-Z][\w:-]*)\s*>|<([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:="[^"]*")?)*)\s*(\/?)>|[^<]+/gi;
  let match: RegExpExecArray | null;
  while ((match = token.exec(html))) {
    const [whole, closing, opening, attributes = "", selfClosing] = match;
    if (closing) {
      const name = closing.toLowerCase();
      // Close up to the matching element (React's output nests properly; this only guards).
      const at = stack.map((node) => node[0]).lastIndexOf(name);
      if (at > 0) stack.length = at;
      continue;
    }
    if (opening) {
      const tag = opening;
      const element: [string, Record<string, unknown>, ...MarkupNode[]] = [tag, propsOf(tag, attributes)];
      if (RAW_TEXT.has(tag)) {
        const end = html.toLowerCase().indexOf(`</${tag}`, token.lastIndex);
        const text = html.slice(token.lastIndex, end < 0 ? html.length : end);
        token.lastIndex = end < 0 ? html.length : html.indexOf(">", end) + 1;
        if (tag === "style" || tag === "script") element[1].dangerouslySetInnerHTML = { __html: text };
        else if (tag === "textarea") element[1].defaultValue = decode(text);
        else if (text) element.push(decode(text));
      }
      // React writes an option's `selected` from its select's value: give it to the select.
      if (tag === "option" && element[1].selected) {
        delete element[1].selected;
        const select = [...stack].reverse().find((node) => node[0] === "select");
        if (select) select[1].defaultValue = select[1].multiple ? [...((select[1].defaultValue as string[] | undefined) ?? []), element[1].value] : element[1].value;
      }
      const leftOut = tag === "script" || (tag === "link" && element[1].rel === "modulepreload") || tag === "html" || tag === "head" || tag === "body";
      // The control's root writes <html>, <head>, <body>, the charset and the viewport itself.
      const rootOwn = tag === "meta" && ("charSet" in element[1] || element[1].name === "viewport");
      if (!leftOut && !rootOwn) top().push(element);
      if (!leftOut && !rootOwn && !VOID.has(tag) && !RAW_TEXT.has(tag) && !selfClosing) stack.push(element);
      continue;
    }
    if (whole.startsWith("<!")) continue; // comments (React's text separators), the doctype
    if (stack.length > 1 || whole.trim()) top().push(decode(whole));
  }
  return root.slice(2) as MarkupNode[];
}
