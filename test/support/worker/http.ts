import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import worker from "../../../workers/app";
import { assertContract } from "./contract";
import { testEnv } from "./env";

/** A fresh value per call, unique across test files (they may share one D1 database). */
const fileTag = crypto.getRandomValues(new Uint32Array(1))[0]!.toString(36);
let counter = 0;
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${fileTag}-${counter}`;
}

/** The next client address: counted on from a random start (random per call collided now and then). */
let nextIp = crypto.getRandomValues(new Uint32Array(1))[0]! & 0x1ffff;

/**
 * A distinct client address per call, so the per-IP login throttle of one test never locks out
 * another and a test's audit rows by address are its own. 198.18.0.0/15 is the benchmarking
 * range: its low 17 bits count up, wrapping after 131,072 calls.
 */
export function uniqueIp(): string {
  const n = nextIp++ & 0x1ffff;
  return `198.${18 + (n >> 16)}.${(n >> 8) & 0xff}.${n & 0xff}`;
}

export const ORIGIN = "http://earsip.test";
export const HTTPS_ORIGIN = "https://earsip.test";

export type CallOptions = {
  method?: string;
  /** Sent as JSON with the matching content type. */
  json?: unknown;
  /** Sent as-is (a string is sent without a content type unless headers say otherwise). */
  body?: BodyInit;
  /** Cookie header, e.g. from `login()`. */
  cookie?: string;
  csrfToken?: string;
  /** Client address (CF-Connecting-IP); a fresh one when omitted. */
  ip?: string;
  https?: boolean;
  headers?: Record<string, string>;
};

/**
 * One request through the Worker's real fetch handler (the main module's default export). Every
 * `/api/v1` answer is checked against the OpenAPI document the Worker serves (contract.ts): an
 * answer the contract does not describe fails the test.
 */
export async function call(path: string, options: CallOptions = {}): Promise<Response> {
  const { url, init } = requestFor(path, options);
  const response = await exports.default.fetch(url, init);
  await assertContract(init.method ?? "GET", url, response);
  return response;
}

/**
 * `call()` with some bindings replaced (e.g. `{ MAX_UPLOAD_MB: "1" }`): the Worker's default
 * export invoked directly with the real D1/R2 bindings plus the overrides, since the test config
 * gives every test file the same bindings.
 */
export async function callWithEnv(overrides: Record<string, string>, path: string, options: CallOptions = {}): Promise<Response> {
  const { url, init } = requestFor(path, options);
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(url, init), { ...testEnv, ...overrides } as Env, ctx);
  await waitOnExecutionContext(ctx);
  await assertContract(init.method ?? "GET", url, response);
  return response;
}

function requestFor(path: string, options: CallOptions): { url: string; init: RequestInit } {
  const headers = new Headers(options.headers);
  if (!headers.has("cf-connecting-ip")) headers.set("cf-connecting-ip", options.ip ?? uniqueIp());
  if (options.cookie) headers.set("cookie", options.cookie);
  if (options.csrfToken !== undefined) headers.set("x-csrf-token", options.csrfToken);
  let body = options.body;
  if (options.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(options.json);
  }
  const url = `${options.https ? HTTPS_ORIGIN : ORIGIN}${path}`;
  return { url, init: { method: options.method ?? (body === undefined ? "GET" : "POST"), headers, body, redirect: "manual" } };
}

/** The `name=value` part of a Set-Cookie header, ready to send back as a Cookie header. */
export function cookieFrom(response: Response): string {
  const setCookie = response.headers.get("set-cookie");
  if (!setCookie) throw new Error(`No Set-Cookie on a ${response.status} response`);
  return setCookie.split(";")[0]!;
}

export type SignedIn = { cookie: string; csrfToken: string; ip: string; body: LoginBody };
export type LoginBody = {
  user: { role: string; name: string; userId: number; unitKerjaId: number | null };
  csrfToken: string;
};

/** POST /api/v1/auth/login and return what a browser would keep; fails unless it answers 200. */
export async function login(username: string, password: string, options: { ip?: string; https?: boolean } = {}): Promise<SignedIn> {
  const ip = options.ip ?? uniqueIp();
  const response = await call("/api/v1/auth/login", { json: { username, password }, ip, https: options.https });
  if (response.status !== 200) throw new Error(`login(${username}) answered ${response.status}: ${await response.text()}`);
  const body = await response.json<LoginBody>();
  return { cookie: cookieFrom(response), csrfToken: body.csrfToken, ip, body };
}
