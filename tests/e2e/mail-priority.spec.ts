/**
 * Mail that keeps up. A verification link does not wait behind a
 * burst of notifications: with hundreds of contact notifications queued, a
 * privacy request's verification mail is delivered before the queue is
 * through. Server behaviour: runs once, in the "js" project.
 */
import { SMTPServer } from "smtp-server";

import { request, spawnServer } from "../setup/spawn-server";
import { expect, test } from "./fixtures";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server behaviour: runs once");
test.setTimeout(60_000);

test("a verification mail overtakes a burst of contact notifications", async () => {
  const deliveries: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      // A mail server that takes a moment per message, as real ones do.
      stream.on("end", () => setTimeout(() => (deliveries.push(session.envelope.rcptTo[0].address), callback()), 50));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;
  const server = await spawnServer({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_POLL_INTERVAL_MS: "200",
    RATE_LIMIT_PER_HOUR: "10000",
    LOG_LEVEL: "warn",
  });
  try {
    const BURST = 400;
    const post = (pathname: string, body: object) =>
      request(server.port, {
        method: "POST",
        path: pathname,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    // The burst, 50 at a time, as a crowd of visitors sends it.
    for (let start = 0; start < BURST; start += 50) {
      const statuses = await Promise.all(
        Array.from({ length: 50 }, (_, n) =>
          post("/api/contact?locale=nl_nl", {
            name: `Lezer ${start + n}`,
            email: `lezer${start + n}@veldhaven-test.nl`,
            question: "Klopt mijn abonnement?",
          }).then((a) => a.status),
        ),
      );
      expect(statuses.filter((status) => status !== 201)).toEqual([]);
    }
    expect(deliveries.length).toBeLessThan(BURST);
    const asked = await post("/api/privacy-rights/request", {
      flowType: "RIGHT_OF_ACCESS",
      email: "haast@veldhaven-test.nl",
    });
    expect(asked.status).toBe(201);

    await expect.poll(() => deliveries.includes("haast@veldhaven-test.nl"), { timeout: 15_000 }).toBe(true);
    const notificationsBefore = deliveries.indexOf("haast@veldhaven-test.nl");
    expect(notificationsBefore).toBeLessThan(BURST);
    // And the burst is delivered in full, once.
    await expect.poll(() => deliveries.length, { timeout: 30_000 }).toBe(BURST + 1);
  } finally {
    await server.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
});
