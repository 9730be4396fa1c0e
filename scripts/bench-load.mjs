// `npm run bench:load` (and the second half of `npm run bench`): the figures
// of the server under load, against the production build with a throwaway DATA_DIR and a
// local SMTP server. Prints, asserts nothing:
// - accepted contact posts per second at 100 connections (the sustainable rate);
// - while 100 connections post: how long a verification mail takes from the
//   request to the SMTP server (p50, p99, max) and /healthz's latency;
// - 20 clients without keep-alive, each waiting for its answer: how many are
//   accepted and how fast, how many are shed (none should be);
// - at once, twice and four times the sustainable rate (an open loop, as a
//   crowd arrives): how many posts are accepted and how fast (p50, p99, max),
//   how many get a quick 503, client timeouts, /healthz on the site's port and
//   on PROBE_PORT; over kept-alive connections and with a new connection per
//   post (browsers behind a NAT, scripts, a flood open one per request);
// - the server's RSS before, at its peak and after.
// BENCH_SECONDS sets each phase's length. With two cores or more and
// `taskset`, the server runs on the first core and this load generator (with
// its SMTP server and probes) on the others, so the figures are the server's
// and not the generator's fight for the same cores; BENCH_PIN=0 shares them.
import { execFile, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

import { SMTPServer } from "smtp-server";

const PORT = Number(process.env.BENCH_PORT ?? 3998);
// The probes' own port (PROBE_PORT, docs/overload.md), asked beside the site's.
const PROBE_PORT = PORT + 1;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
/** The small crowd that must not be shed: each waits for its answer, none keeps its connection. */
const CLIENTS_WITHOUT_KEEP_ALIVE = 20;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 });

const percentile = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (value) => (Number.isNaN(value) ? "—" : `${Math.round(value)} ms`);

/** The SMTP server: how many mails arrived, and when each recipient's (last) mail did. */
async function startSmtp() {
  const arrivals = new Map();
  const delivered = { count: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        for (const rcpt of session.envelope.rcptTo) arrivals.set(rcpt.address, performance.now());
        delivered.count += 1;
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: server.server.address().port,
    arrivals,
    delivered,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** A client gives up after this long (a browser's patience, roughly): status 0, counted as a timeout. */
const CLIENT_TIMEOUT_MS = 30_000;

function post(pathname, body, { keepAlive = true } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: PORT,
        method: "POST",
        path: pathname,
        agent: keepAlive ? agent : false,
        timeout: CLIENT_TIMEOUT_MS,
        headers: {
          host: `nl.localhost:${PORT}`,
          "content-type": "application/json",
          ...(keepAlive ? {} : { connection: "close" }),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode, ms: performance.now() - started }));
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", (error) =>
      resolve({ status: 0, ms: performance.now() - started, timedOut: error.message === "timeout" }),
    );
    req.end(JSON.stringify(body));
  });
}

function get(pathname) {
  const started = performance.now();
  return new Promise((resolve) => {
    http
      .get(
        { host: "127.0.0.1", port: PORT, path: pathname, agent: false, headers: { host: `nl.localhost:${PORT}` } },
        (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode, ms: performance.now() - started }));
        },
      )
      .on("error", () => resolve({ status: 0, ms: performance.now() - started }));
  });
}

let sequence = 0;
const contact = (options) =>
  post(
    "/api/contact?locale=nl_nl",
    { name: "Lezer", email: `lezer${++sequence}@veldhaven-test.nl`, question: "Wanneer komt mijn krant?" },
    options,
  );

/**
 * Every 200 ms, /healthz, asked by curl in a process of its own, so the
 * figure is the server's and not this load generator's busy event loop.
 */
function watchHealth(port) {
  const seen = [];
  const probe = () =>
    execFile(
      "curl",
      [
        "-s",
        "-o",
        "/dev/null",
        "-w",
        "%{time_total}",
        "-H",
        `Host: nl.localhost:${PORT}`,
        `http://127.0.0.1:${port}/healthz`,
      ],
      (error, out) => {
        if (!error) seen.push(Number(out) * 1000);
      },
    );
  const timer = setInterval(probe, 200);
  return () => {
    clearInterval(timer);
    return seen;
  };
}

/** /healthz on the site's port and on the probes' own, every 200 ms each. */
function watchProbes() {
  const site = watchHealth(PORT);
  const own = watchHealth(PROBE_PORT);
  return () => {
    const [onSite, onOwn] = [site(), own()];
    return (
      `/healthz             p50 ${ms(percentile(onSite, 50))}, p99 ${ms(percentile(onSite, 99))}` +
      `; on PROBE_PORT p50 ${ms(percentile(onOwn, 50))}, p99 ${ms(percentile(onOwn, 99))}`
    );
  };
}

/** The server's resident memory (MB), read from /proc. */
function rssOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** `connections` clients posting back to back for `seconds` (a closed loop). */
async function closedLoop(connections, seconds, options) {
  const until = performance.now() + seconds * 1000;
  const answers = [];
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        answers.push(await contact(options));
      }
    }),
  );
  return answers;
}

/** The next phase starts on a server that has caught up: /healthz quick again. */
async function caughtUp() {
  for (let i = 0; i < 100 && (await get("/healthz")).ms > 50; i++)
    await new Promise((resolve) => setTimeout(resolve, 100));
}

/** Posts arriving at `rate` per second whatever the server does (an open loop). */
async function openLoop(rate, seconds, options) {
  const pending = [];
  const started = performance.now();
  let sent = 0;
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      const due = Math.floor(((performance.now() - started) / 1000) * rate);
      for (; sent < due; sent++) pending.push(contact(options));
      if (performance.now() - started >= seconds * 1000) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  return Promise.all(pending);
}

const smtp = await startSmtp();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-load-"));
const cores = os.cpus().length;
const pinned = process.env.BENCH_PIN !== "0" && cores >= 2 && fs.existsSync("/usr/bin/taskset");
if (pinned) execFileSync("taskset", ["-pc", `1-${cores - 1}`, String(process.pid)]);
const serverCommand = pinned ? ["taskset", "-c", "0", process.execPath] : [process.execPath];
const server = spawn(serverCommand[0], [...serverCommand.slice(1), "build/server.js"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(PORT),
    PROBE_PORT: String(PROBE_PORT),
    DATA_DIR: dataDir,
    LOG_LEVEL: "error",
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_POLL_INTERVAL_MS: "1000",
    // The bench is one client address: the limits per address are not what it measures.
    RATE_LIMIT_PER_HOUR: "100000",
    PRIVACY_RATE_LIMIT_PER_HOUR: "100000",
  },
  stdio: ["ignore", "ignore", "inherit"],
});

try {
  for (let i = 0; i < 100 && (await get("/healthz")).status !== 200; i++)
    await new Promise((resolve) => setTimeout(resolve, 100));
  await get("/nl");
  const rss = { before: rssOf(server.pid), peak: 0 };
  const sampler = setInterval(() => (rss.peak = Math.max(rss.peak, rssOf(server.pid))), 250);
  console.log(
    pinned
      ? `${SECONDS} s per phase; the server on one core, the load generator, SMTP server and probes on the other ${cores - 1}.\n`
      : `${SECONDS} s per phase, ${cores} cores shared by the server, SMTP server and load generator.\n`,
  );

  // 1. Sustainable rate, and verification mails while 100 connections post.
  const asked = new Map();
  const verificationTimer = setInterval(() => {
    const email = `verificatie${asked.size + 1}@veldhaven-test.nl`;
    const at = performance.now();
    // Only a request the server took has a mail to wait for.
    post("/api/privacy-rights/request", { flowType: "RIGHT_OF_ACCESS", email }).then(
      (answer) => answer.status === 201 && asked.set(email, at),
    );
  }, 250);
  const probes = watchProbes();
  const answers = await closedLoop(100, SECONDS);
  clearInterval(verificationTimer);
  const probesUnderLoad = probes();
  const accepted = answers.filter((answer) => answer.status === 201);
  const sustainable = accepted.length / SECONDS;
  const queuedAfterLoad = accepted.length + asked.size - smtp.delivered.count;
  // Every verification mail in, then the latencies.
  for (let i = 0; i < 600 && [...asked.keys()].some((email) => !smtp.arrivals.has(email)); i++)
    await new Promise((resolve) => setTimeout(resolve, 100));
  const latencies = [...asked].map(([email, at]) => (smtp.arrivals.get(email) ?? NaN) - at);
  console.log("100 connections posting the contact call:");
  console.log(
    `  accepted             ${sustainable.toFixed(0)}/s (p50 ${ms(
      percentile(
        accepted.map((a) => a.ms),
        50,
      ),
    )}, p99 ${ms(
      percentile(
        accepted.map((a) => a.ms),
        99,
      ),
    )}), ${answers.length - accepted.length} not accepted`,
  );
  console.log(
    `  verification mails   ${latencies.length} sent during the load: request → SMTP p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(Math.max(...latencies))}`,
  );
  console.log(`  ${probesUnderLoad}`);

  // 2. The queue the burst left, drained.
  const drainStart = performance.now();
  const expected = accepted.length + asked.size;
  for (let i = 0; i < 6000 && smtp.delivered.count < expected; i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const drainSeconds = (performance.now() - drainStart) / 1000;
  console.log(
    `  mail                 ${queuedAfterLoad} still queued when the load stopped; ${smtp.delivered.count} of ${expected} delivered ${drainSeconds.toFixed(1)} s later (${(queuedAfterLoad / drainSeconds).toFixed(0)} mails/s)`,
  );

  // 3. 20 clients without keep-alive, each waiting for its answer before it asks again: below
  // capacity in number (20 requests at most in the server at once), nothing to shed.
  const few = await closedLoop(CLIENTS_WITHOUT_KEEP_ALIVE, SECONDS, { keepAlive: false });
  const fewOk = few.filter((answer) => answer.status === 201);
  const fewShed = few.filter((answer) => answer.status === 503).length;
  console.log(`\n${CLIENTS_WITHOUT_KEEP_ALIVE} clients, a new connection per post, each waiting for its answer:`);
  console.log(
    `  accepted (201)       ${fewOk.length} (${(fewOk.length / SECONDS).toFixed(0)}/s): p50 ${ms(
      percentile(
        fewOk.map((a) => a.ms),
        50,
      ),
    )}, p99 ${ms(
      percentile(
        fewOk.map((a) => a.ms),
        99,
      ),
    )}, max ${ms(Math.max(...fewOk.map((a) => a.ms)))}`,
  );
  console.log(
    `  shed (503)           ${fewShed} (${((100 * fewShed) / Math.max(1, few.length)).toFixed(1)} %); ${few.filter((answer) => answer.timedOut).length} client timeouts`,
  );
  await caughtUp();

  // 4. Once, twice and four times the sustainable rate, as an open loop (a crowd arrives whatever
  // the server does): over kept-alive connections, and with a new connection per post
  // (browsers behind a NAT, scripts, a flood open one per request).
  let acceptedInOverload = fewOk.length;
  for (const keepAlive of [true, false]) {
    for (const factor of [1, 2, 4]) {
      const rate = Math.round(factor * sustainable);
      const overloadProbes = watchProbes();
      const overload = await openLoop(rate, SECONDS, { keepAlive });
      const probesOverloaded = overloadProbes();
      const ok = overload.filter((answer) => answer.status === 201);
      const shed = overload.filter((answer) => answer.status === 503);
      const timedOut = overload.filter((answer) => answer.timedOut).length;
      const other = overload.length - ok.length - shed.length - timedOut;
      acceptedInOverload += ok.length;
      const okMs = ok.map((a) => a.ms);
      console.log(
        `\n${rate} posts/s arriving (${factor} × the sustainable rate), ${keepAlive ? "kept-alive connections" : "a new connection per post"}:`,
      );
      console.log(
        `  accepted (201)       ${ok.length} (${(ok.length / SECONDS).toFixed(0)}/s): p50 ${ms(percentile(okMs, 50))}, p99 ${ms(percentile(okMs, 99))}, max ${ms(Math.max(...okMs))}`,
      );
      console.log(
        `  shed (503)           ${shed.length}: p50 ${ms(
          percentile(
            shed.map((a) => a.ms),
            50,
          ),
        )}, p99 ${ms(
          percentile(
            shed.map((a) => a.ms),
            99,
          ),
        )}`,
      );
      console.log(
        `  client timeouts      ${timedOut} (gave up after ${CLIENT_TIMEOUT_MS / 1000} s)${other ? `; ${other} other answers or errors` : ""}`,
      );
      console.log(`  ${probesOverloaded}`);
      await caughtUp();
    }
  }

  // 5. Memory once the work is done.
  for (let i = 0; i < 1200 && smtp.delivered.count < expected + acceptedInOverload; i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  clearInterval(sampler);
  console.log(
    `\nserver RSS            before ${rss.before.toFixed(0)} MB, peak ${rss.peak.toFixed(0)} MB, after ${rssOf(server.pid).toFixed(0)} MB (10 s idle)`,
  );
} finally {
  server.kill("SIGTERM");
  await smtp.stop();
  agent.destroy();
}
