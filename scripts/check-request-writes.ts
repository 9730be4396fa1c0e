// A request's rows are written only from app/services/privacy-request/
// (scripts/lib/request-writes.ts says how this is read). Prints each write
// found elsewhere and exits 1. Part of `npm run lint`.
import { requestWritesOutside } from "./lib/request-writes";

const writes = requestWritesOutside(process.cwd());
for (const write of writes) {
  console.error(
    `${write.file}:${write.line}: ${write.how} ${write.table}: a request's rows are written only from app/services/privacy-request/ (call a function there)`,
  );
}
if (writes.length > 0) process.exit(1);
console.log("A request's rows are written only from app/services/privacy-request/");
