// `npm run bench:faults` (second part): the SMTP server misbehaving under the
// production build (mail must never stop), with a throwaway DATA_DIR (SQLite) and an SMTP
// server this script controls. Prints, asserts nothing. For each fault: the
// contact messages acknowledged during it, how long after SMTP's return the
// last of them arrived (or how many had not after 60 s), and duplicates by
// Message-ID:
//  1. SMTP not up when the server starts;  2. down for 1 s;  3. down for 5 s;
//  4. 451 to every sender for 5 s;  5. 554 to every sender for 5 s;
//  6. a third of the messages hang after DATA (never answered): mails/s
//     meanwhile, then the SMTP server restarts;
//  7. one recipient refused with 550: how often it was tried in 30 s;
//  8. greylisting: ten new recipients answered 451 at RCPT TO, then, once
//     each was refused, twenty verification mails behind them: how soon the
//     twenty arrived, how often the greylisted were tried meanwhile, and,
//     once the server accepts them, how soon they arrived (after their own
//     backoff).
import net from "node:net";

import { SMTPServer } from "smtp-server";

import { benchEnv, exchange, startServer } from "./lib/bench-server.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3994);
const GIVE_UP_MS = 60_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Recipients the SMTP server greylists while `greylist.on`: 451 at RCPT TO. */
const greylist = { on: false, addresses: new Set() };

/** An SMTP server on `port` whose behaviour `mode` can change: "ok", "451", "554", "hang-third". */
async function smtpOn(port, mode) {
  const received = [];
  const rcptTries = new Map();
  let arrivals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 200,
    onMailFrom(_address, _session, callback) {
      if (mode.value === "451" || mode.value === "554")
        return callback(Object.assign(new Error("not now"), { responseCode: Number(mode.value) }));
      callback();
    },
    onRcptTo(address, _session, callback) {
      rcptTries.set(address.address, (rcptTries.get(address.address) ?? 0) + 1);
      if (address.address.startsWith("onbekend"))
        return callback(Object.assign(new Error("5.1.1 Mailbox does not exist"), { responseCode: 550 }));
      if (greylist.on && greylist.addresses.has(address.address))
        return callback(Object.assign(new Error("4.7.1 Greylisted, please try again later"), { responseCode: 451 }));
      callback();
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk) => (raw += chunk.toString()));
      stream.on("end", () => {
        arrivals += 1;
        // Takes the message and never answers: it has not accepted it.
        if (mode.value === "hang-third" && arrivals % 3 === 0) return;
        received.push({
          at: performance.now(),
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(","),
          id: /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? "",
        });
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { received, rcptTries, stop: () => new Promise((resolve) => server.close(resolve)) };
}

let sequence = 0;
async function post(host, count, to = () => `lezer${++sequence}@veldhaven-test.nl`) {
  const answers = await Promise.all(
    Array.from({ length: count }, () =>
      exchange(PORT, host, {
        method: "POST",
        pathname: "/api/contact?locale=nl_nl",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Lezer", email: to(), question: "Wanneer komt mijn krant?" }),
      }),
    ),
  );
  return answers.filter((answer) => answer.status === 201).length;
}

/** Waits until `expected` distinct messages arrived, or GIVE_UP_MS; what it saw. */
async function arrival(smtp, expected, since) {
  const deadline = performance.now() + GIVE_UP_MS;
  while (new Set(smtp.received.map((mail) => mail.id)).size < expected && performance.now() < deadline) await sleep(50);
  await sleep(1500);
  const ids = smtp.received.map((mail) => mail.id);
  const distinct = new Set(ids).size;
  const last = Math.max(...smtp.received.map((mail) => mail.at));
  const when =
    distinct >= expected
      ? `all ${expected} within ${((last - since) / 1000).toFixed(1)} s of SMTP's return`
      : `${distinct} of ${expected} after ${GIVE_UP_MS / 1000} s`;
  return `${when}; duplicates ${ids.length - distinct}`;
}

const smtpPort = await freePort();
const { host, env } = benchEnv(PORT, "bench-mail-faults-");
const mode = { value: "ok" };
const server = await startServer(PORT, host, {
  ...env,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  RATE_LIMIT_PER_HOUR: "100000",
});
try {
  // 1. Not up at start.
  const atStart = await post(host, 20);
  await sleep(3000);
  let smtp = await smtpOn(smtpPort, mode);
  console.log(
    `1. SMTP not up at start (3 s), ${atStart} acknowledged: ${await arrival(smtp, atStart, performance.now())}`,
  );

  // 2–3. Down for a while mid-flow.
  for (const downMs of [1000, 5000]) {
    await smtp.stop();
    const during = await post(host, 20);
    await sleep(downMs);
    smtp = await smtpOn(smtpPort, mode);
    console.log(
      `${downMs === 1000 ? 2 : 3}. SMTP down for ${downMs / 1000} s, ${during} acknowledged meanwhile: ${await arrival(smtp, during, performance.now())}`,
    );
  }

  // 4–5. Refusing every sender for 5 s.
  for (const code of ["451", "554"]) {
    await smtp.stop();
    smtp = await smtpOn(smtpPort, mode);
    mode.value = code;
    const refused = await post(host, 20);
    await sleep(5000);
    mode.value = "ok";
    console.log(
      `${code === "451" ? 4 : 5}. SMTP answering ${code} to every sender for 5 s, ${refused} acknowledged: ${await arrival(smtp, refused, performance.now())}`,
    );
  }

  // 6. A third hang after DATA.
  await smtp.stop();
  smtp = await smtpOn(smtpPort, mode);
  mode.value = "hang-third";
  const started = performance.now();
  const many = await post(host, 200);
  await sleep(15_000);
  const answered = smtp.received.length;
  const rate = answered / ((performance.now() - started) / 1000);
  mode.value = "ok";
  const earlier = [...smtp.received];
  await smtp.stop();
  smtp = await smtpOn(smtpPort, mode);
  smtp.received.unshift(...earlier);
  console.log(
    `6. a third of ${many} messages hang after DATA: ${answered} answered in 15 s (${rate.toFixed(1)} mails/s); after the SMTP server's restart: ${await arrival(smtp, many, performance.now())}`,
  );

  // 7. One recipient refused for good: the contact form's notification goes to the team, so a privacy request's verification mail.
  const bounced = await exchange(PORT, host, {
    method: "POST",
    pathname: "/api/privacy-rights/request",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ flowType: "RIGHT_OF_ACCESS", email: "onbekend@veldhaven-test.nl" }),
  });
  await sleep(30_000);
  console.log(
    `7. a recipient refused with 550 (request ${bounced.status}): tried ${smtp.rcptTries.get("onbekend@veldhaven-test.nl") ?? 0} time(s) in 30 s`,
  );

  // 8. Greylisting: the oldest mails' recipients answer 451; the mail behind them must not wait.
  await smtp.stop();
  smtp = await smtpOn(smtpPort, mode);
  const greyAddresses = Array.from({ length: 10 }, (_, n) => `grijs${n}@veldhaven-test.nl`);
  greyAddresses.forEach((address) => greylist.addresses.add(address));
  greylist.on = true;
  const request = (email) =>
    exchange(PORT, host, {
      method: "POST",
      pathname: "/api/privacy-rights/request",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ flowType: "RIGHT_OF_ACCESS", email }),
    });
  const greyQueued = (await Promise.all(greyAddresses.map(request))).filter((answer) => answer.status === 201).length;
  const greyTries = () => greyAddresses.reduce((sum, address) => sum + (smtp.rcptTries.get(address) ?? 0), 0);
  // The twenty come once every greylisted mail has been refused once: queued behind refusals, as in real life.
  for (
    const until = performance.now() + 10_000;
    greyAddresses.some((address) => !smtp.rcptTries.get(address)) && performance.now() < until;
  )
    await sleep(20);
  const goodAddresses = Array.from({ length: 20 }, (_, n) => `welkom${n}@veldhaven-test.nl`);
  const goodSince = performance.now();
  const goodQueued = (await Promise.all(goodAddresses.map(request))).filter((answer) => answer.status === 201).length;
  const arrivedFor = (addresses) => smtp.received.filter((mail) => addresses.includes(mail.to));
  const deadline = performance.now() + GIVE_UP_MS;
  while (arrivedFor(goodAddresses).length < goodQueued && performance.now() < deadline) await sleep(50);
  const good = arrivedFor(goodAddresses);
  const goodWhen =
    good.length >= goodQueued
      ? `all ${goodQueued} within ${((Math.max(...good.map((mail) => mail.at)) - goodSince) / 1000).toFixed(1)} s of their requests`
      : `${good.length} of ${goodQueued} after ${GIVE_UP_MS / 1000} s`;
  console.log(
    `8. ten greylisted recipients (451 at RCPT TO, ${greyQueued} queued) ahead of ${goodQueued} verification mails: ${goodWhen}; the greylisted tried ${greyTries()} time(s) meanwhile`,
  );
  greylist.on = false;
  const acceptedSince = performance.now();
  const greyDeadline = performance.now() + GIVE_UP_MS;
  while (arrivedFor(greyAddresses).length < greyQueued && performance.now() < greyDeadline) await sleep(50);
  await sleep(1500);
  const grey = arrivedFor(greyAddresses);
  const greyDistinct = new Set(grey.map((mail) => mail.id)).size;
  const greyWhen =
    greyDistinct >= greyQueued
      ? `all ${greyQueued} within ${((Math.max(...grey.map((mail) => mail.at)) - acceptedSince) / 1000).toFixed(1)} s of being accepted (their own backoff)`
      : `${greyDistinct} of ${greyQueued} after ${GIVE_UP_MS / 1000} s`;
  console.log(
    `   once the server accepts them: ${greyWhen}; tried ${greyTries()} time(s) in all; duplicates ${grey.length - greyDistinct + good.length - new Set(good.map((mail) => mail.id)).size}`,
  );
  await smtp.stop();
} finally {
  server.kill("SIGTERM");
}
