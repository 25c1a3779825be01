/**
 * The memory of one Worker's V8 isolate, read through workerd's inspector (Chrome DevTools
 * Protocol `Runtime.getHeapUsage`): JS heap in use plus ArrayBuffer backing stores, which is
 * what counts against the 128 MB isolate limit in production. The workerd process RSS also
 * holds the local D1/R2 simulators and every other isolate, so it cannot tell the app apart.
 */
export type CpuProfileNode = {
  id: number;
  callFrame: { functionName: string; scriptId: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
};
export type CpuProfile = { nodes: CpuProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

type HeapUsage = { usedSize: number; totalSize: number; embedderHeapUsedSize?: number; backingStorageSize?: number };

/**
 * `path`: workerd's own inspector names each isolate; `wrangler dev`'s inspector proxy (Miniflare's)
 * serves its first Worker at `/ws`.
 */
export async function connectIsolate(inspectorUrl: URL, workerName: string, path = `/core:user:${workerName}`) {
  // An Origin header: the proxy refuses a connection without one (Node's WebSocket sends none; undici takes `headers`).
  const ws = new WebSocket(`ws://${inspectorUrl.host}${path}`, { headers: { origin: "http://localhost" } } as unknown as string[]);
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener("open", () => resolve(), { once: true });
    ws.addEventListener("error", () => reject(new Error(`inspector of ${workerName} refused the connection`)), { once: true });
  });
  let nextId = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  ws.addEventListener("message", (event) => {
    // Heap snapshot chunks (see `liveAfterGc`) are large and not needed: skip them unparsed.
    if (String(event.data).startsWith('{"method":"HeapProfiler.addHeapSnapshotChunk"')) return;
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) {
      waiting.get(message.id)?.(message.result);
      waiting.delete(message.id);
    }
  });
  const call = <T>(method: string, params?: Record<string, unknown>): Promise<T> =>
    new Promise((resolve) => {
      const id = ++nextId;
      waiting.set(id, resolve as (result: unknown) => void);
      ws.send(JSON.stringify({ id, method, ...(params ? { params } : {}) }));
    });

  /** JS heap in use + ArrayBuffer backing stores, in bytes. */
  const usage = async () => {
    const heap = await call<HeapUsage>("Runtime.getHeapUsage");
    return heap.usedSize + (heap.embedderHeapUsedSize ?? 0) + (heap.backingStorageSize ?? 0);
  };

  return {
    usage,
    /**
     * Samples `usage` every `intervalMs` until stopped. V8 collects garbage lazily (external
     * ArrayBuffer memory only triggers a GC after tens of MB), so the peak includes garbage;
     * `liveAfterGc` tells what is really held.
     */
    async sample(intervalMs = 100) {
      const before = await usage();
      const values: number[] = [before];
      let inFlight = false;
      const tick = async () => {
        if (inFlight) return;
        inFlight = true;
        try {
          values.push(await usage());
        } finally {
          inFlight = false;
        }
      };
      const timer = setInterval(() => void tick(), intervalMs);
      return {
        async stop() {
          clearInterval(timer);
          values.push(await usage());
          return { before, peak: Math.max(...values), samples: values.length };
        },
      };
    },
    /**
     * Live memory: a heap snapshot makes V8 run a full GC first (workerd's inspector does not
     * answer `HeapProfiler.collectGarbage`), then `usage` reads what survived. Pauses the
     * isolate for a few hundred ms.
     */
    async liveAfterGc() {
      await call("HeapProfiler.takeHeapSnapshot");
      return usage();
    },
    /**
     * A V8 CPU profile (`Profiler` domain) of this isolate while `during` runs, sampled every
     * `intervalUs` microseconds. Sampling inflates absolute times a little; the shares hold.
     */
    async cpuProfile<T>(during: () => PromiseLike<T>, intervalUs = 200): Promise<{ profile: CpuProfile; value: T }> {
      await call("Profiler.enable");
      await call("Profiler.setSamplingInterval", { interval: intervalUs });
      await call("Profiler.start");
      const value = await during();
      const { profile } = await call<{ profile: CpuProfile }>("Profiler.stop");
      await call("Profiler.disable");
      return { profile, value };
    },
    close: () => ws.close(),
  };
}
