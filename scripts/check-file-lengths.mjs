// Issue 22: no file in app/ or server/ over 300 lines, so a module stays small
// enough to read whole. Prints each file over the limit and exits 1.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const LIMIT = 300;
const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "app", "server"], { encoding: "utf8" })
  .split("\n")
  .filter(Boolean);
const tooLong = files
  .map((file) => ({ file, lines: readFileSync(file, "utf8").split("\n").length - 1 }))
  .filter(({ lines }) => lines > LIMIT);
for (const { file, lines } of tooLong) console.error(`${file}: ${lines} lines (at most ${LIMIT})`);
if (tooLong.length > 0) process.exit(1);
console.log(`${files.length} files in app/ and server/, none over ${LIMIT} lines`);
