/** Inline `<script>` elements (no `src`): their text is what a CSP hash source must match. */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;
/** The nonce attributes React Router renders on scripts and preloads. */
const NONCE_ATTRIBUTE = /\snonce="[^"]*"/g;

async function sha256Source(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

/**
 * A page made fit to be shared among visitors: its nonce attributes removed (a nonce every visitor
 * receives for minutes would let an injected script run) and the CSP `script-src` sources that
 * allow exactly its inline scripts by hash, plus the app's own script files.
 */
export async function withScriptHashes(html: string): Promise<{ html: string; scriptSources: string }> {
  const shared = html.replace(NONCE_ATTRIBUTE, "");
  const hashes = await Promise.all([...shared.matchAll(INLINE_SCRIPT)].map((match) => sha256Source(match[1] ?? "")));
  return { html: shared, scriptSources: ["'self'", ...new Set(hashes)].join(" ") };
}
