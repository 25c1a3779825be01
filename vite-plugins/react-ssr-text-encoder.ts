import type { Plugin } from "vite";

/**
 * A TextEncoder whose `encode` builds short ASCII strings' bytes in JavaScript and hands
 * everything else (longer strings, any non-ASCII character, `encodeInto`) to the runtime's own.
 *
 * Why: React's streaming server renderer (the edge build that Workers use) encodes every piece of
 * markup separately — each tag name, attribute name, class string and text node — about 5,000
 * `encode` calls for a list page. On workerd each call crosses into the runtime and allocates an
 * ArrayBuffer outside the JS heap, which made text encoding about half of the page's render CPU.
 * Up to 64 bytes V8 keeps a Uint8Array on its own heap, so the JS loop is several times cheaper
 * there; past it, or for any non-ASCII text, the native encoder is used, so the bytes are always
 * exactly the runtime's UTF-8.
 *
 * Self-contained on purpose: its source text is injected into React's module (see below), where
 * nothing of this file is in scope.
 */
export class ShortAsciiTextEncoder {
  readonly encoding = "utf-8";
  #native = new TextEncoder();

  encode(input = ""): Uint8Array {
    const length = input.length;
    if (length > 64) return this.#native.encode(input);
    const bytes = new Uint8Array(length);
    for (let i = 0; i < length; i++) {
      const code = input.charCodeAt(i);
      if (code > 0x7f) return this.#native.encode(input);
      bytes[i] = code;
    }
    return bytes;
  }

  encodeInto(input: string, destination: Uint8Array) {
    return this.#native.encodeInto(input, destination);
  }
}

/** React's edge server build, production flavour: the renderer the Worker bundles. */
const REACT_DOM_SERVER_EDGE = /[\\/]react-dom[\\/]cjs[\\/]react-dom-server\.edge\.production\.js$/;
const ENCODER_CONSTRUCTION = "new TextEncoder()";

/**
 * Gives React's server renderer (and nothing else) the encoder above, by rewriting the one place
 * its module constructs a TextEncoder. If a React upgrade changes that line the build fails here,
 * rather than silently losing the speed-up.
 */
export function reactSsrTextEncoder(): Plugin {
  return {
    name: "e-arsip:react-ssr-text-encoder",
    apply: "build",
    transform(code, id) {
      if (!REACT_DOM_SERVER_EDGE.test(id)) return null;
      const occurrences = code.split(ENCODER_CONSTRUCTION).length - 1;
      if (occurrences !== 1) {
        this.error(`react-ssr-text-encoder: expected one "${ENCODER_CONSTRUCTION}" in ${id}, found ${occurrences}; review the plugin for this React version`);
      }
      return { code: code.replace(ENCODER_CONSTRUCTION, `new (${ShortAsciiTextEncoder.toString()})()`), map: null };
    },
  };
}
