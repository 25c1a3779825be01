const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export const xmlEscape = (value: string) => value.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);

/**
 * An XML sitemap response: kept for an hour when its URLs come from the configured public
 * origin, never stored when they come from the request's Host header.
 */
export const xmlResponse = (body: string, origin: { configured: boolean }) =>
  new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": origin.configured ? "public, max-age=3600" : "no-store" },
  });
