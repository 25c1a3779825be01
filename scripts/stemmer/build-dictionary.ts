/**
 * `npm run stemmer:dictionary [-- --dic FILE --aff FILE --out FILE --check]`: regenerates the
 * stemmer's root list (app/domain/search/dictionary/hunspell-id.ts) from LibreOffice's
 * Indonesian Hunspell dictionary, by default the files Debian's `hunspell-id` package installs.
 * The same files give the same bytes. `--check` writes nothing and fails when the file in the
 * repository differs from what the sources give.
 *
 * After a regeneration the stemmer's version changes (it follows the list's id), so the 30-minute
 * cron re-stems the stored vocabulary; nothing else needs doing.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { DICTIONARY_MODULE, dictionaryModule, HUNSPELL_ID_FILES, rootListOf } from "./hunspell-roots.ts";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(name);
  return index >= 0 && args[index + 1] ? args[index + 1]! : fallback;
};

// The .aff declares ISO-8859-1; reading both files as latin1 keeps every byte as it is.
const read = (path: string) => {
  try {
    return readFileSync(path, "latin1");
  } catch (error) {
    throw new Error(`cannot read ${path} (Debian: apt-get install hunspell-id): ${String(error)}`);
  }
};

const dic = read(option("--dic", HUNSPELL_ID_FILES.dic));
const aff = read(option("--aff", HUNSPELL_ID_FILES.aff));
const out = option("--out", fileURLToPath(DICTIONARY_MODULE));
const generated = dictionaryModule(dic, aff);
const list = rootListOf(dic, aff);
const summary = `${list.roots} roots (${list.withFamilies} with affix families); flags the .aff does not define, ignored: ${list.unknownFlags.join(" ") || "none"}`;

if (args.includes("--check")) {
  const current = readFileSync(out, "utf8");
  if (current !== generated) {
    console.error(`${out} differs from what the sources give: run npm run stemmer:dictionary`);
    process.exit(1);
  }
  console.log(`${out} is up to date: ${summary}`);
} else {
  writeFileSync(out, generated);
  console.log(`wrote ${out}: ${summary}`);
}
