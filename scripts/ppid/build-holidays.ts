/**
 * `npm run ppid:holidays [-- --check]`: regenerates app/domain/ppid/national-holidays.ts (the
 * national holidays the PPID's working-day clock skips) from the date-holidays library. The
 * same library version gives the same bytes; `--check` writes nothing and fails when the file
 * differs. Run it after upgrading date-holidays, or to extend LAST_YEAR.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { HOLIDAYS_MODULE, holidaysModule } from "./national-holidays.ts";

const out = fileURLToPath(HOLIDAYS_MODULE);
const generated = holidaysModule();
if (process.argv.includes("--check")) {
  if (readFileSync(out, "utf8") !== generated) {
    console.error(`${out} differs from what date-holidays gives: run npm run ppid:holidays`);
    process.exit(1);
  }
  console.log(`${out} is up to date`);
} else {
  writeFileSync(out, generated);
  console.log(`wrote ${out}`);
}
