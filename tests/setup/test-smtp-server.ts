import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: string };

/** A real SMTP server on loopback that records what it receives. */
export async function startSmtp(port = 0): Promise<{ server: SMTPServer; port: number; received: ReceivedMail[]; stop: () => Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address() as { port: number };
  return { server, port: address.port, received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A quoted-printable body as plain text (soft line breaks joined, =XX decoded). */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/(?:=[0-9A-F]{2})+/g, (match) => Buffer.from(match.replace(/=/g, ""), "hex").toString("utf8"));
}
