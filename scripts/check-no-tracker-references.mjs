// Comments and test titles say why the code is so, in the domain's words: a
// reader does not know the tracker, so its numbers tell them nothing (the
// history is in git and in docs/decisions/). Prints each line that names an
// issue by its number and exits 1.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const FOLDERS = ["app", "server", "scripts", "tests", "server.ts"];
const TRACKER_REFERENCE = /\bissues? #?\d+/i;
const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", ...FOLDERS], {
  encoding: "utf8",
})
  .split("\n")
  .filter((file) => file && !/\.(png|jpe?g|gif|ico|pdf|zip|woff2?|ttf|eml|bin)$/i.test(file));
const found = [];
for (const file of files) {
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((line, index) => {
      if (TRACKER_REFERENCE.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
    });
}
for (const line of found) console.error(line);
if (found.length > 0) {
  console.error(`${found.length} lines name an issue by number: say the reason instead.`);
  process.exit(1);
}
console.log(`${files.length} files in ${FOLDERS.join(", ")}: none names an issue by number`);
