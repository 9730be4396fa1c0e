// `npm run bench:faults`: what an attacker and an operator would try, against
// the production build with a throwaway DATA_DIR (SQLite). Prints figures,
// asserts nothing:
//  1. 60 uploads of 2 MB at once to one request (its cap is 100 MB): how many
//     were taken, how many refused, what the request holds, any 5xx;
//  2. the server killed (SIGKILL) in the middle of a 25 MB upload: what is
//     left after the restart, what an officer would see, and what the
//     retention run clears;
//  3. a register import of 20,000 ads killed in the middle: what the register
//     holds afterwards (all or nothing), the database's integrity, and the
//     import run again.
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";

import Database from "better-sqlite3";

import { addOfficer, benchEnv, exchange, openRequest, signIn, startServer } from "./lib/bench-server.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3995);
const OFFICER = "faults-officer@veldhaven-test.nl";
const { dataDir, host, env } = benchEnv(PORT, "bench-faults-");
const call = (options) => exchange(PORT, host, options);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const sqlite = () => new Database(path.join(dataDir, "app.sqlite"));

/** One multipart post of a PDF of `mb` megabytes, made as it is sent, `delayMs` between megabytes. */
function upload(cookie, reference, mb, { delayMs = 0, onMegabyte = () => {} } = {}) {
  const boundary = `faults${randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="scan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = mb * 1024 * 1024;
  const body = Readable.from(
    (async function* () {
      yield head;
      yield Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(1024 * 1024 - 9)]);
      for (let sent = 1; sent < mb; sent++) {
        onMegabyte(sent);
        if (delayMs) await sleep(delayMs);
        yield randomBytes(1024 * 1024);
      }
      yield tail;
    })(),
  );
  return call({
    method: "POST",
    pathname: `/nl/internal-privacy-rights/requests/${reference}/files`,
    headers: {
      cookie,
      accept: "application/json",
      origin: `http://${host}`,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": String(head.length + size + tail.length),
    },
    body,
  });
}

addOfficer(env, OFFICER);
let server = await startServer(PORT, host, env);
try {
  const cookie = await signIn(PORT, host, OFFICER);

  // 1. Sixty uploads at once.
  const crowded = await openRequest(PORT, host, dataDir, "faults-crowd@veldhaven-test.nl");
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: 60 }, () => upload(cookie, crowded, 2).catch((error) => ({ status: 0, body: String(error) }))),
  );
  const seconds = (performance.now() - started) / 1000;
  const byStatus = {};
  for (const answer of answers) byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
  const taken = answers
    .filter((answer) => answer.status === 200)
    .reduce((sum, answer) => sum + JSON.parse(answer.body).stored.length, 0);
  let db = sqlite();
  const held = db
    .prepare(
      "select count(*) as files, coalesce(sum(size), 0) as bytes from request_file f join privacy_request r on r.id = f.request_id where r.reference = ? and f.status = 'STORED'",
    )
    .get(crowded);
  db.close();
  console.log(`1. 60 uploads of 2 MB at once to one request (cap 100 MB), ${seconds.toFixed(1)} s:`);
  console.log(
    `   answers ${JSON.stringify(byStatus)}; files taken ${taken}; the request holds ${held.files} files, ${(held.bytes / 1024 / 1024).toFixed(1)} MB`,
  );

  // 2. The server killed in the middle of an upload.
  const interrupted = await openRequest(PORT, host, dataDir, "faults-kill@veldhaven-test.nl");
  let killedAt = 0;
  const victim = server;
  const broken = upload(cookie, interrupted, 25, {
    delayMs: 40,
    onMegabyte: (sent) => {
      if (sent === 10 && !killedAt) {
        killedAt = sent;
        victim.kill("SIGKILL");
      }
    },
  }).then(
    (answer) => `answered ${answer.status}`,
    (error) => `connection ${error.code ?? error.message}`,
  );
  const clientSaw = await broken;
  await new Promise((resolve) =>
    victim.exitCode !== null || victim.signalCode ? resolve() : victim.once("exit", resolve),
  );
  db = sqlite();
  const afterCrash = db
    .prepare(
      "select f.status, count(*) as n, coalesce(sum((select count(*) from file_chunk c where c.file_id = f.id)), 0) as chunks from request_file f join privacy_request r on r.id = f.request_id where r.reference = ? group by f.status",
    )
    .all(interrupted);
  db.close();
  server = await startServer(PORT, host, env);
  const cookieAgain = await signIn(PORT, host, OFFICER);
  const page = await call({
    pathname: `/nl/internal-privacy-rights/requests/${interrupted}`,
    headers: { cookie: cookieAgain },
  });
  const shown = (page.body.match(/scan\.pdf/g) ?? []).length;
  // An hour later (the rule's age), the retention run.
  db = sqlite();
  db.prepare("update request_file set created_at = ? where status = 'UPLOADING'").run(
    new Date(Date.now() - 2 * 3_600_000).toISOString(),
  );
  db.close();
  const report = JSON.parse(
    execFileSync(path.join("node_modules", ".bin", "tsx"), ["scripts/retention.ts"], { env, encoding: "utf8" }),
  );
  db = sqlite();
  const orphans = db
    .prepare(
      "select count(*) as n from file_chunk c left join request_file f on f.id = c.file_id where f.id is null or f.status = 'UPLOADING'",
    )
    .get().n;
  db.close();
  console.log(`2. server killed (SIGKILL) after ${killedAt} of 25 MB of an upload: the client saw ${clientSaw}`);
  console.log(
    `   in the database after the crash: ${JSON.stringify(afterCrash)}; after the restart the officer's page names the file ${shown} time(s) (HTTP ${page.status})`,
  );
  console.log(
    `   retention run: ${report.deletedFiles} unfinished upload(s) deleted; chunks left of unfinished uploads: ${orphans}`,
  );
} finally {
  server.kill("SIGTERM");
}

// 3. A register import killed in the middle (no server needed: the command writes the database itself).
const rows = Array.from({ length: 20_000 }, (_, index) => ({
  id: `NL-FAULT-${String(index).padStart(5, "0")}`,
  country: "NL",
  status: "RUNNING",
  channel: index % 2 ? "PRINT" : "DIGITAL",
  sponsorName: `Lijst ${index}`,
  publicationStartDate: "2026-10-01",
  fundingOriginType: "PRIVATE",
  fundingRegion: "EU",
  campaignContextType: "GEMEENTERAAD",
}));
const file = path.join(dataDir, "register.json");
fs.writeFileSync(file, JSON.stringify(rows));
const count = () => {
  const db = sqlite();
  try {
    return db.prepare("select count(*) as n from campaign_item where id like 'NL-FAULT-%'").get().n;
  } finally {
    db.close();
  }
};
// Detached, so a kill reaches tsx's own node process too (the process group).
const importCommand = () =>
  spawn(path.join("node_modules", ".bin", "tsx"), ["scripts/campaigns.ts", "import", file], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
const forget = () => {
  const db = sqlite();
  db.prepare("delete from campaign_item_version where campaign_id like 'NL-FAULT-%'").run();
  db.prepare("delete from campaign_item where id like 'NL-FAULT-%'").run();
  db.close();
};
const timed = performance.now();
await new Promise((resolve) => importCommand().on("exit", resolve));
const fullSeconds = (performance.now() - timed) / 1000;
const afterKills = [];
for (const share of [0.4, 0.55, 0.7, 0.85, 0.95]) {
  forget();
  const killedImport = importCommand();
  await sleep(fullSeconds * 1000 * share);
  process.kill(-killedImport.pid, "SIGKILL");
  await new Promise((resolve) => killedImport.on("exit", resolve));
  await sleep(200);
  afterKills.push(`${Math.round(share * 100)} %: ${count()}`);
}
const afterKill = afterKills.join(", ");
const integrity = (() => {
  const check = sqlite();
  try {
    return check.pragma("integrity_check", { simple: true });
  } finally {
    check.close();
  }
})();
const again = performance.now();
const output = execFileSync(path.join("node_modules", ".bin", "tsx"), ["scripts/campaigns.ts", "import", file], {
  env,
  encoding: "utf8",
}).trim();
console.log(
  `3. an import of 20,000 ads takes ${fullSeconds.toFixed(1)} s; killed (SIGKILL, whole process group) at a share of that, the register holds (${afterKill}) of them; integrity_check: ${integrity}`,
);
console.log(
  `   run again (${((performance.now() - again) / 1000).toFixed(1)} s): "${output.replace(file, "register.json")}"; the register holds ${count()}`,
);
