/**
 * Linux /proc readings for the benchmark: the workerd child's memory, and how much CPU other
 * processes on the machine used while a scenario ran (other engineers' tests share the cores).
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";

/** The pid of the workerd process that Miniflare started as a child of this process (a live one not in `exclude`). */
export function findWorkerdPid(exclude: ReadonlySet<number> = new Set(), parent = process.pid): number {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const state = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
      if (ppid === parent && comm.startsWith("workerd") && state !== "Z" && !exclude.has(Number(entry))) found.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  if (found.length !== 1) throw new Error(`Expected one workerd child of ${parent}, found ${found.length}`);
  return found[0]!;
}

/** VmRSS and VmHWM of a process, in bytes. */
export function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
}

/** Reset the peak-RSS counter (VmHWM) of a process we own; false if the kernel refuses. */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

/** RSS and VmHWM of several processes together (one workerd per Miniflare; `wrangler dev` may run more). */
function memoryOfAll(pids: readonly number[]): { rss: number; hwm: number } {
  return pids.map(memoryOf).reduce((sum, m) => ({ rss: sum.rss + m.rss, hwm: sum.hwm + m.hwm }), { rss: 0, hwm: 0 });
}

/**
 * Samples the RSS of a process (or the sum over several) every `intervalMs` until stopped; also
 * reads VmHWM at the end (for several, the sum of their peaks: an upper bound of the joint peak).
 */
export function sampleMemory(pid: number | readonly number[], intervalMs = 100) {
  const pids = typeof pid === "number" ? [pid] : pid;
  const reset = pids.map(resetPeak).every(Boolean);
  const before = memoryOfAll(pids).rss;
  let peak = before;
  let samples = 0;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, memoryOfAll(pids).rss);
      samples++;
    } catch {
      /* process gone: the caller notices */
    }
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      const end = memoryOfAll(pids);
      peak = Math.max(peak, end.rss);
      // VmHWM only covers this window when the reset worked.
      return { before, peak, hwm: reset ? end.hwm : null, samples };
    },
  };
}

const ticks = (pid: number | "self") => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]); // utime + stime
};

const machineTicks = () => {
  const [cpu] = readFileSync("/proc/stat", "utf8").split("\n");
  const values = cpu!.trim().split(/\s+/).slice(1).map(Number);
  const idle = values[3]! + values[4]!; // idle + iowait
  return { busy: values.slice(0, 8).reduce((a, b) => a + b, 0) - idle, all: values.slice(0, 8).reduce((a, b) => a + b, 0) };
};

const ticksOfAll = (pids: readonly number[]) => pids.reduce((sum, pid) => sum + ticks(pid), 0);

/**
 * CPU use over a window, in cores: the whole machine, this process (load generator) + workerd
 * (one process, or the sum over several), and everybody else.
 */
export function cpuWindow(workerdPid: number | readonly number[]) {
  const workerdPids = typeof workerdPid === "number" ? [workerdPid] : workerdPid;
  const start = { machine: machineTicks(), self: ticks("self"), workerd: ticksOfAll(workerdPids) };
  const cores = cpus().length;
  return {
    stop() {
      const machine = machineTicks();
      const elapsed = (machine.all - start.machine.all) / cores; // ticks of wall time per core
      if (elapsed <= 0) return { machine: 0, bench: 0, workerd: 0, others: 0, seconds: 0 };
      const self = ticks("self") - start.self;
      const workerd = ticksOfAll(workerdPids) - start.workerd;
      const busy = machine.busy - start.machine.busy;
      return {
        machine: busy / elapsed,
        bench: self / elapsed,
        workerd: workerd / elapsed,
        others: Math.max(0, busy - self - workerd) / elapsed,
        /** The window's wall time (the core shares above are of it). */
        seconds: elapsed / CLOCK_TICKS_PER_SECOND,
      };
    },
  };
}

/** Linux's USER_HZ: /proc times are in hundredths of a second. */
const CLOCK_TICKS_PER_SECOND = 100;

/** The live processes below `parent` (children, their children, ...) whose command name starts with `name`. */
export function descendantsNamed(parent: number, name: string): number[] {
  const children = new Map<number, { ppid: number; comm: string }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (rest[0] !== "Z") children.set(Number(entry), { ppid: Number(rest[1]), comm: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")) });
    } catch {
      /* gone meanwhile */
    }
  }
  const below = new Set([parent]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, { ppid }] of children) {
      if (below.has(ppid) && !below.has(pid)) {
        below.add(pid);
        grew = true;
      }
    }
  }
  return [...below].filter((pid) => pid !== parent && children.get(pid)!.comm.startsWith(name));
}

export const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
