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

/** Samples a process's RSS every `intervalMs` until stopped; also reads its VmHWM at the end. */
export function sampleMemory(pid: number, intervalMs = 100) {
  const reset = resetPeak(pid);
  const before = memoryOf(pid).rss;
  let peak = before;
  let samples = 0;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, memoryOf(pid).rss);
      samples++;
    } catch {
      /* process gone: the caller notices */
    }
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      const end = memoryOf(pid);
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

/**
 * CPU use over a window, in cores: the whole machine, this process (load generator) + workerd,
 * and everybody else.
 */
export function cpuWindow(workerdPid: number) {
  const start = { machine: machineTicks(), self: ticks("self"), workerd: ticks(workerdPid) };
  const cores = cpus().length;
  return {
    stop() {
      const machine = machineTicks();
      const elapsed = (machine.all - start.machine.all) / cores; // ticks of wall time per core
      if (elapsed <= 0) return { machine: 0, bench: 0, workerd: 0, others: 0, seconds: 0 };
      const self = ticks("self") - start.self;
      const workerd = ticks(workerdPid) - start.workerd;
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

export const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
