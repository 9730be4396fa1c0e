// No module in app/ or server/ over 300 lines, so a module stays small enough
// to read whole. A unit test beside its module may run to 400: it lists cases,
// and splitting one behaviour's cases over two files hides what is covered.
// A test's recorded snapshots (__snapshots__/) are output it compares, not
// code to read, and are not counted. Prints each file over its limit and exits 1.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const MODULE_LIMIT = 300;
const TEST_LIMIT = 400;
const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "app", "server"], {
  encoding: "utf8",
})
  .split("\n")
  .filter((file) => file && !file.includes("/__snapshots__/"));
const limitOf = (file) => (/\.test\.tsx?$/.test(file) ? TEST_LIMIT : MODULE_LIMIT);
const tooLong = files
  .map((file) => ({ file, lines: readFileSync(file, "utf8").split("\n").length - 1 }))
  .filter(({ file, lines }) => lines > limitOf(file));
for (const { file, lines } of tooLong) console.error(`${file}: ${lines} lines (at most ${limitOf(file)})`);
if (tooLong.length > 0) process.exit(1);
console.log(
  `${files.length} files in app/ and server/, no module over ${MODULE_LIMIT} lines and no test over ${TEST_LIMIT}`,
);
