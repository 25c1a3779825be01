import { spawn } from "node:child_process";
import { childProcessEnv } from "../../../scripts/child-env.ts";
import { projectRoot } from "../../../scripts/ops/sql.ts";

/** How a script ended and what it printed. */
export type ScriptRun = { code: number | null; stdout: string; stderr: string };

/**
 * Run `args` (a script and its arguments) with this Node from the project root (or `cwd`), as an
 * operator would; `stdin`, when given, is its whole input (else it has none).
 */
export function runScript(args: string[], stdin?: string, cwd = projectRoot): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd,
      env: childProcessEnv(projectRoot),
      stdio: [stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin?.end(stdin);
  });
}
