/**
 * `npm test` refuses to rebuild build/ while `npm start` serves it: start-local.ts marks the
 * build as served for as long as `wrangler dev` runs, and the first step of `npm test` checks
 * the mark (a stale one, whose process is gone, does not count).
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { childProcessEnv } from "../../scripts/child-env.ts";
import { projectRoot } from "../../scripts/ops/sql.ts";
import { markServing, servingPid, unmarkServing } from "../../scripts/serving-marker.ts";

const refuse = () =>
  spawnSync(process.execPath, ["scripts/serving-marker.ts", "--refuse"], { cwd: projectRoot, env: childProcessEnv(projectRoot), encoding: "utf8" });

// Never touch the mark of an `npm start` really running on this machine.
describe.skipIf(servingPid() !== null)("npm test while npm start serves the build", () => {
  it("refuses with the reason while the build is served, and runs once it is not", () => {
    markServing();
    try {
      expect(servingPid()).toBe(process.pid);
      const refused = refuse();
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(`npm start is serving the production build (pid ${process.pid})`);
    } finally {
      unmarkServing();
    }
    expect(servingPid()).toBeNull();
    expect(refuse().status).toBe(0);
  });
});
