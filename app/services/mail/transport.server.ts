import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
// The file itself: Node does not resolve a folder in an ES module import.
import SMTPPool from "nodemailer/lib/smtp-pool/index.js";
import type { Logger } from "pino";
import { loggableUrl } from "~/utils/log-redaction";
import type { OutboxRow } from "./outbox.server";
import { openSmtpSocket } from "./smtp-socket.server";

/** Delivers one message; throws when delivery failed (the outbox retries). */
export type MailTransport = {
  describe: string;
  send: (message: OutboxRow, from: string) => Promise<void>;
  close: () => void;
};

/**
 * Header values are single lines: a control character that slipped into a
 * subject (a visitor's name) must not start a header of its own or reach the
 * mail raw. Control characters (`\p{Cc}`: U+0000–U+001F, U+007F–U+009F) are
 * named by their Unicode category, so the pattern itself holds none.
 */
export function headerText(value: string): string {
  return value.replace(/[\p{Cc}\u2028\u2029]+/gu, " ");
}

function mailOptions(message: OutboxRow, from: string) {
  return {
    from,
    to: message.recipient,
    replyTo: message.reply_to ?? undefined,
    subject: headerText(message.subject),
    text: message.text_body,
    html: message.html_body,
    messageId: `<${message.id}@veldhavenmedia.local>`,
  };
}

/**
 * Real SMTP (`SMTP_URL`, smtp:// or smtps://, with credentials in the URL),
 * over a pool of `connections` kept open (issue 24): a new connection per
 * message (TCP, greeting, TLS, AUTH) limited the worker to about 20 mails/s.
 * A connection is renewed after `maxMessages`, the pool's default of 100 being
 * low for a burst. A message whose connection closes mid-send is tried once
 * more on another one, then fails to the outbox, which retries with backoff:
 * the pool's default would retry it without end and hold its send forever.
 */
export function smtpTransport(url: string, options: { connections?: number } = {}): MailTransport {
  const connections = options.connections ?? 4;
  // The pool itself: createTransport({ url, pool: true, … }) keeps only what
  // the URL says and would open a connection per message. `maxRequeues` is
  // an option of the pool that its types do not name.
  const poolOptions: SMTPPool.Options & { maxRequeues: number } = {
    url,
    pool: true,
    maxConnections: connections,
    maxMessages: 1000,
    maxRequeues: 1,
    getSocket: openSmtpSocket(url, 10_000),
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
  const pool = new SMTPPool(poolOptions);
  const transporter = nodemailer.createTransport(pool);
  return {
    describe: `SMTP ${new URL(url).host}, ${connections} connections`,
    send: async (message, from) => {
      await transporter.sendMail(mailOptions(message, from));
    },
    // Closes the idle connections now, the busy ones once their message is done.
    close: () => transporter.close(),
  };
}

const LINK = /https?:\/\/[^\s<>"]+/g;

/**
 * The embedded default: every message becomes `DATA_DIR/mail/<id>.eml`, and
 * its id, kind and links are logged, so the product works offline. Recipient
 * and subject stay out of the log: they may name a person; a link's token
 * too (issue 23): the link to click is in the file, not in the log.
 */
export function fileTransport(directory: string, logger: Logger): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    describe: `files in ${directory}`,
    send: async (message, from) => {
      const info = await transporter.sendMail(mailOptions(message, from));
      await fs.mkdir(directory, { recursive: true });
      const file = path.join(directory, `${message.created_at.replace(/[:.]/g, "-")}-${message.id}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      logger.info(
        { mailId: message.id, kind: message.kind, links: (message.text_body.match(LINK) ?? []).map(loggableUrl), file },
        "mail written to file",
      );
    },
    close: () => transporter.close(),
  };
}
