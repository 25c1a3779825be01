import { afterEach, beforeEach, expect, vi } from "vitest";

/** A test that logs console.error fails: errors must be asserted, never just printed. */
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  expect(errors, "console.error was called").toEqual([]);
});
