/**
 * A clean stop with mail queued. SIGTERM while the outbox holds
 * messages and the SMTP server is slow: the process finishes the messages it
 * is sending, gives back the rest and exits 0 within 10 s; after a restart
 * every message is delivered exactly once (counted by Message-ID). Server
 * behaviour: runs once, in the "js" project.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { SMTPServer } from "smtp-server";

import { request, spawnServer } from "../setup/spawn-server";
import { expect, test } from "./fixtures";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server behaviour: runs once");
test.setTimeout(60_000);

/** An SMTP server that takes `delayMs` to accept each message and counts them by Message-ID. */
async function slowSmtp() {
  const deliveries: string[] = [];
  const state = { delayMs: 400 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () =>
        setTimeout(() => {
          deliveries.push(/^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? "none");
          callback();
        }, state.delayMs),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return { port, deliveries, state, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test("SIGTERM with mail queued: exit 0 within 10 s; after a restart each message is delivered exactly once", async () => {
  const smtp = await slowSmtp();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shutdown-mail-"));
  const env = {
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_POLL_INTERVAL_MS: "200",
    LOG_LEVEL: "warn",
  };
  try {
    const first = await spawnServer(env);
    const MESSAGES = 40;
    const posted = await Promise.all(
      Array.from({ length: MESSAGES }, (_, n) =>
        request(first.port, {
          method: "POST",
          path: "/api/contact?locale=nl_nl",
          localAddress: `127.0.1.${n + 1}`,
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            name: `Lezer ${n}`,
            email: `lezer${n}@veldhaven-test.nl`,
            question: "Wanneer verschijnt de krant?",
          }),
        }).then((answer) => answer.status),
      ),
    );
    expect(posted).toEqual(Array(MESSAGES).fill(201));
    // Stop while messages are being sent.
    await expect.poll(() => smtp.deliveries.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const exited = new Promise<number | null>((resolve) => first.child.on("exit", (code) => resolve(code)));
    const stoppedAt = Date.now();
    first.child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    const beforeRestart = smtp.deliveries.length;
    expect(beforeRestart).toBeLessThan(MESSAGES);

    smtp.state.delayMs = 0;
    const second = await spawnServer(env);
    try {
      await expect.poll(() => new Set(smtp.deliveries).size, { timeout: 20_000 }).toBe(MESSAGES);
      // Time for a duplicate to show, if one were coming.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(smtp.deliveries).toHaveLength(MESSAGES);
    } finally {
      await second.stop();
    }
  } finally {
    await smtp.stop();
  }
});
