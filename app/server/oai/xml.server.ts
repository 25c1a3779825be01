/**
 * A small XML writer for the OAI-PMH answers: text and attribute values escaped, and characters
 * XML 1.0 cannot carry (control characters a document's text may hold) dropped, so every answer
 * stays well-formed whatever was typed into a form.
 */

// Tab, LF and CR are the only control characters XML 1.0 allows; lone surrogates and U+FFFE/U+FFFF never.
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

export type Attributes = Record<string, string | number | null | undefined>;

const attributes = (attrs: Attributes = {}) =>
  Object.entries(attrs)
    .filter((entry): entry is [string, string | number] => entry[1] !== null && entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeXml(String(value))}"`)
    .join("");

/** `<name attrs>children</name>`; children are XML already written (strings from `element`/`text`). */
export function element(name: string, attrs: Attributes | null, ...children: (string | null | undefined | false)[]): string {
  const inner = children.filter((child): child is string => typeof child === "string").join("");
  return inner === "" ? `<${name}${attributes(attrs ?? {})}/>` : `<${name}${attributes(attrs ?? {})}>${inner}</${name}>`;
}

/** An element holding text. */
export const textElement = (name: string, value: string | number, attrs: Attributes | null = null) =>
  `<${name}${attributes(attrs ?? {})}>${escapeXml(String(value))}</${name}>`;
