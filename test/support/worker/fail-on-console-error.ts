import { afterEach, beforeEach, vi, type MockInstance } from "vitest";

/**
 * Any console.error during a test fails it: the Worker logs only what went wrong (an unhandled
 * exception, a 500). A test that provokes an error on purpose calls `allowConsoleError()` and
 * asserts on the returned spy instead.
 */
let spy: MockInstance<typeof console.error> | undefined;
let allowed = false;

beforeEach(() => {
  allowed = false;
  spy = vi.spyOn(console, "error");
});

afterEach(() => {
  const calls = spy?.mock.calls ?? [];
  spy?.mockRestore();
  spy = undefined;
  if (!allowed && calls.length > 0) {
    const logged = calls.map((args) => args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(" "));
    throw new Error(`console.error was called during the test:\n${logged.join("\n")}`);
  }
});

/** Expect console.error in this test: it is silenced and the spy is returned for assertions. */
export function allowConsoleError(): MockInstance<typeof console.error> {
  if (!spy) throw new Error("allowConsoleError() must be called inside a test");
  allowed = true;
  spy.mockImplementation(() => {});
  return spy;
}
