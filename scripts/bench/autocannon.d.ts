// The slice of autocannon 9 the benchmark uses (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    /** How often (ms) it samples its counters, and checks whether `duration` is up (default 1000). */
    sampleInt?: number;
    pipelining?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
  };

  export type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    statusCodeStats: Record<string, { count: number }>;
    requests: { total: number; average: number; sent: number };
    latency: { mean: number; p50: number; p97_5: number; p99: number; max: number };
    throughput: { total: number; average: number };
  };

  export type Instance = EventEmitter & PromiseLike<Result> & { stop(): void };

  function autocannon(options: Options): Instance;
  export default autocannon;
}
