import { describe, expect, it } from "vitest";
import { reactSsrTextEncoder, ShortAsciiTextEncoder } from "../../vite-plugins/react-ssr-text-encoder.ts";

const native = new TextEncoder();
const fast = new ShortAsciiTextEncoder();

describe("ShortAsciiTextEncoder", () => {
  const samples = [
    "",
    " ",
    '="',
    "class",
    "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2",
    "x".repeat(64),
    "x".repeat(65),
    "a".repeat(500),
    "Surat Keputusan Rektor",
    "Tanggal: 23 November 2026 — pukul 09.00",
    "é",
    "ascii then ü",
    "emoji 📄 dokumen",
    "lone surrogate \ud800 here",
    "\u007f\u0080",
    "\0nul",
  ];
  it.each(samples)("encodes %j to the same bytes as the runtime's TextEncoder", (input) => {
    expect([...fast.encode(input)]).toEqual([...native.encode(input)]);
  });

  it("encodes no argument as empty and reports utf-8", () => {
    expect(fast.encode().byteLength).toBe(0);
    expect(fast.encoding).toBe("utf-8");
  });

  it("returns a fresh array each call (React keeps the chunks it encodes)", () => {
    const first = fast.encode("abc");
    const second = fast.encode("abc");
    expect(first).not.toBe(second);
    expect(first.buffer).not.toBe(second.buffer);
  });

  it("delegates encodeInto to the runtime", () => {
    const target = new Uint8Array(8);
    expect(fast.encodeInto("héllo", target)).toEqual(native.encodeInto("héllo", new Uint8Array(8)));
    expect([...target.subarray(0, 6)]).toEqual([...native.encode("héllo")]);
  });

  it("still works when its source text is evaluated on its own, as the build injects it", () => {
    const Injected = new Function(`return (${ShortAsciiTextEncoder.toString()});`)() as typeof ShortAsciiTextEncoder;
    expect([...new Injected().encode("<div class=\"x\">ü</div>")]).toEqual([...native.encode("<div class=\"x\">ü</div>")]);
  });
});

describe("reactSsrTextEncoder plugin", () => {
  type Transform = (this: { error: (message: string) => never }, code: string, id: string) => { code: string } | null;
  const transform = reactSsrTextEncoder().transform as unknown as Transform;
  const context = { error: (message: string): never => { throw new Error(message); } };
  const reactId = "/x/node_modules/react-dom/cjs/react-dom-server.edge.production.js";

  it("replaces React's one TextEncoder construction", () => {
    const result = transform.call(context, "var textEncoder = new TextEncoder();\nfunction f() {}", reactId);
    expect(result?.code).toContain("var textEncoder = new (class ShortAsciiTextEncoder");
    expect(result?.code).not.toContain("new TextEncoder();\nfunction");
  });

  it("leaves every other module alone", () => {
    expect(transform.call(context, "var e = new TextEncoder();", "/x/node_modules/hono/dist/index.js")).toBeNull();
  });

  it("fails the build when React's module no longer matches", () => {
    expect(() => transform.call(context, "var textEncoder = createEncoder();", reactId)).toThrow(/expected one "new TextEncoder\(\)"/);
  });
});
