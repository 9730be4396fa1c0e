import fs from "node:fs/promises";
import path from "node:path";

import nodemailer from "nodemailer";
import type { Logger } from "pino";

import { loggableUrl } from "~/utils/log-redaction";

import type { OutboxRow } from "./outbox.server";
import { smtpPool, type SmtpPoolOptions } from "./smtp-pool.server";

/** Delivers one message; throws when delivery failed (the outbox retries). */
export type MailTransport = {
  describe: string;
  send: (message: OutboxRow, from: string) => Promise<void>;
  /**
   * During an outage: whether mail could go again, asked of the server
   * itself, never by sending a message (whose recipient may refuse it for
   * reasons of its own). Throws while it could not.
   */
  probe: () => Promise<void>;
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

/** Builds the raw message and its envelope, as nodemailer would send it. */
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });

/**
 * Real SMTP (`SMTP_URL`, smtp:// or smtps://, with credentials in the URL),
 * over a pool of `connections` kept open: a new connection per
 * message (TCP, greeting, TLS, AUTH) limited the worker to about 20 mails/s.
 * A failed send is not tried again here: the outbox decides (retry with
 * backoff, give up on a bounce, pause during an outage).
 */
export function smtpTransport(
  url: string,
  options: { connections?: number } & Partial<SmtpPoolOptions> = {},
): MailTransport {
  const connections = options.connections ?? 4;
  const pool = smtpPool(url, { ...options, connections });
  return {
    describe: `SMTP ${new URL(url).host}, ${connections} connections`,
    send: async (message, from) => {
      const built = await composer.sendMail(mailOptions(message, from));
      await pool.send({ from: built.envelope.from || from, to: built.envelope.to }, built.message as Buffer);
    },
    probe: () => pool.probe(),
    // Closes the idle connections now, the busy ones once their message is done.
    close: () => pool.close(),
  };
}

const LINK = /https?:\/\/[^\s<>"]+/g;

/**
 * The embedded default: every message becomes `DATA_DIR/mail/<id>.eml`, and
 * its id, kind and links are logged, so the product works offline. Recipient
 * and subject stay out of the log: they may name a person; a link's token
 * too: the link to click is in the file, not in the log.
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
    probe: async () => {
      await fs.mkdir(directory, { recursive: true });
      await fs.access(directory, fs.constants.W_OK);
    },
    close: () => transporter.close(),
  };
}
