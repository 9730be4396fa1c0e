import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: string; messageId: string };

export type SmtpOptions = {
  /**
   * Runs when a message has arrived, before the server accepts it: a slow
   * server waits here, a hanging one returns a promise that never settles,
   * a refusing one throws (the client gets a 4xx/5xx).
   */
  beforeAccept?: (mail: ReceivedMail) => Promise<void> | void;
  /** Runs at MAIL FROM and RCPT TO: throw an error with a `responseCode` to refuse. */
  onMailFrom?: (address: string) => void;
  onRcptTo?: (address: string) => void;
};

/** An error smtp-server answers with `code` (4xx: try later; 5xx: refused for good). */
export const smtpRefusal = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

/** Runs a hook in smtp-server's callback style: a throw becomes the refusal. */
function answer(
  hook: ((address: string) => void) | undefined,
  address: string,
  callback: (error?: Error | null) => void,
) {
  try {
    hook?.(address);
    callback();
  } catch (error) {
    callback(error as Error);
  }
}

/** The Message-ID header of a raw message ("<id@host>"), or "" when it has none. */
export const messageIdOf = (raw: string) => /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? "";

/**
 * A real SMTP server on loopback that records what it accepted, in order.
 * `stop()` ends connections still open after a moment (a pooled client keeps
 * them open; a hanging message holds one) instead of the library's 30 s.
 */
export async function startSmtp(
  port = 0,
  options: SmtpOptions = {},
): Promise<{
  server: SMTPServer;
  port: number;
  received: ReceivedMail[];
  connectionsOpened: () => number;
  stop: () => Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  let connectionsOpened = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 200,
    onConnect(_session, callback) {
      connectionsOpened += 1;
      callback();
    },
    onMailFrom(address, _session, callback) {
      answer(options.onMailFrom, address.address, callback);
    },
    onRcptTo(address, _session, callback) {
      answer(options.onRcptTo, address.address, callback);
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          messageId: messageIdOf(raw),
        };
        Promise.resolve(options.beforeAccept?.(mail)).then(
          () => {
            received.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address() as { port: number };
  return {
    server,
    port: address.port,
    received,
    connectionsOpened: () => connectionsOpened,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A quoted-printable body as plain text (soft line breaks joined, =XX decoded). */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/(?:=[0-9A-F]{2})+/g, (match) => Buffer.from(match.replace(/=/g, ""), "hex").toString("utf8"));
}
