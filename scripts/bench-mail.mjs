// `npm run bench:mail`: how fast the production build's mail worker drains
// its outbox (the goal: at least 200 mails/s per instance). A local SMTP
// server that accepts everything and counts messages by Message-ID; the
// server (build/server.js) with a throwaway DATA_DIR, SMTP_URL pointing at
// it and its default pool and concurrency; BENCH_MAILS messages (default
// 2000) written straight into its SQLite outbox, as a burst of forms would
// leave them. Prints mails drained, seconds, mails/s, duplicates (by
// Message-ID) and how long the server took to stop afterwards. Asserts nothing.
// Another script can reuse benchMailDrain().
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

import Database from "better-sqlite3";
import { SMTPServer } from "smtp-server";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Accepts every message; counts arrivals per Message-ID and connections. */
async function startCountingSmtp() {
  const arrivals = new Map();
  let connections = 0;
  let lastArrival = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    disableReverseLookup: true,
    closeTimeout: 500,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onData(stream, _session, callback) {
      // The headers come first; the Message-ID is among them.
      let head = "";
      stream.on("data", (chunk) => {
        if (head.length < 4096) head += chunk.toString("latin1");
      });
      stream.on("end", () => {
        const messageId = /^Message-ID:\s*<([^@>]+)@/im.exec(head)?.[1] ?? "none";
        arrivals.set(messageId, (arrivals.get(messageId) ?? 0) + 1);
        lastArrival = performance.now();
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: server.server.address().port,
    arrivals,
    connections: () => connections,
    lastArrival: () => lastArrival,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The production build on `port` with a throwaway DATA_DIR, sending to `smtpPort`. */
async function startServer(port, smtpPort, env) {
  if (!fs.existsSync("build/server.js")) throw new Error("Run `npm run build` first.");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-mail-"));
  const child = spawn(process.execPath, ["build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_POLL_INTERVAL_MS: "200",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
  for (let i = 0; i < 150; i++) {
    // Until the server listens (migrations done), the connection is refused: try again.
    if (
      await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    ) {
      return { dataDir, child, exited };
    }
    await sleep(100);
  }
  child.kill("SIGTERM");
  throw new Error("server did not start");
}

/** `mails` pending contact notifications, as the app queues them (priority 2: normal). */
function queueMails(dataDir, mails) {
  const db = new Database(path.join(dataDir, "app.sqlite"));
  db.pragma("busy_timeout = 5000");
  const insert = db.prepare(`insert into outbox
    (id, kind, priority, recipient, reply_to, subject, text_body, html_body, status, attempts, next_attempt_at, locked_until, last_error, created_at, sent_at)
    values (?, 'contact-notification', 2, ?, ?, ?, ?, ?, 'pending', 0, ?, null, null, ?, null)`);
  const text =
    "Via het contactformulier is een nieuw bericht binnengekomen. Beantwoord het binnen 5 werkdagen.\n\n".repeat(6);
  const html = `<!doctype html><html lang="nl"><body>${"<p>Via het contactformulier is een nieuw bericht binnengekomen.</p>".repeat(12)}</body></html>`;
  const ids = [];
  db.transaction(() => {
    for (let n = 0; n < mails; n++) {
      const id = randomUUID();
      const now = new Date().toISOString();
      insert.run(
        id,
        "klantenservice@veldhavenmedia.nl",
        `lezer${n}@veldhaven-test.nl`,
        `Nieuw contactbericht van Lezer ${n}`,
        text,
        html,
        now,
        now,
      );
      ids.push(id);
    }
  })();
  return {
    ids,
    sentCount: () => db.prepare("select count(*) as n from outbox where status = 'sent'").get().n,
    close: () => db.close(),
  };
}

/**
 * Queues `mails` messages in a fresh server's outbox and times the drain.
 * Resolves with the figures; `env` adds to the server's environment
 * (MAIL_CONCURRENCY, SMTP_POOL_CONNECTIONS …).
 */
export async function benchMailDrain({ mails = 2000, port = 3997, env = {}, timeoutSeconds = 300 } = {}) {
  const smtp = await startCountingSmtp();
  const server = await startServer(port, smtp.port, env);
  try {
    const outbox = queueMails(server.dataDir, mails);
    const started = performance.now();
    const deadline = started + timeoutSeconds * 1000;
    while (smtp.arrivals.size < mails && performance.now() < deadline) await sleep(20);
    const seconds = (smtp.lastArrival() - started) / 1000;
    // Time for a duplicate to show, and for the last messages to be marked sent.
    await sleep(1500);
    const delivered = outbox.ids.filter((id) => smtp.arrivals.has(id)).length;
    const duplicates = [...smtp.arrivals.values()].reduce((sum, count) => sum + count - 1, 0);
    const markedSent = outbox.sentCount();
    outbox.close();
    const stopStarted = performance.now();
    server.child.kill("SIGTERM");
    const exitCode = await server.exited;
    return {
      mails,
      delivered,
      seconds,
      mailsPerSecond: delivered / seconds,
      duplicates,
      markedSent,
      smtpConnections: smtp.connections(),
      stopSeconds: (performance.now() - stopStarted) / 1000,
      exitCode,
    };
  } finally {
    server.child.kill("SIGTERM");
    await Promise.race([server.exited, sleep(10_000)]);
    await smtp.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await benchMailDrain({
    mails: Number(process.env.BENCH_MAILS ?? 2000),
    port: Number(process.env.BENCH_PORT ?? 3997),
  });
  console.log(`Mail outbox drain, production build, SQLite, local SMTP server, ${os.cpus().length} cores:`);
  console.log(`  drained        ${figures.delivered} of ${figures.mails} mails (${figures.markedSent} marked sent)`);
  console.log(`  time           ${figures.seconds.toFixed(2)} s from queued to the last one at the SMTP server`);
  console.log(`  rate           ${figures.mailsPerSecond.toFixed(0)} mails/s`);
  console.log(`  duplicates     ${figures.duplicates} (by Message-ID)`);
  console.log(`  SMTP           ${figures.smtpConnections} connections opened`);
  console.log(`  stop           exit ${figures.exitCode} ${figures.stopSeconds.toFixed(2)} s after SIGTERM`);
}
