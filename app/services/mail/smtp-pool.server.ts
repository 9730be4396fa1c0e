import net from "node:net";

import { parseConnectionUrl } from "nodemailer/lib/shared/index.js";
// The files themselves: Node does not resolve a folder in an ES module import.
import SMTPConnection from "nodemailer/lib/smtp-connection/index.js";

import { SLOW_SEND_MS } from "./send-health.server";

/**
 * How long each phase may take. RFC 5321 §4.5.3.2 gives an
 * MTA minutes per reply; a submission relay answers in milliseconds, and a
 * reply that has not come in 20 s (a scanning relay takes seconds) is a hung server: the connection is closed
 * and the message retried, no earlier, so a slow but working server is not
 * sent the message twice.
 */
export type SmtpTimeouts = { connectMs: number; greetingMs: number; replyMs: number };
const TIMEOUTS: SmtpTimeouts = { connectMs: 10_000, greetingMs: 10_000, replyMs: 20_000 };

export type SmtpPoolOptions = {
  /** Connections kept for sends that go at the usual pace (SMTP_POOL_CONNECTIONS). */
  connections: number;
  /** A send that takes longer stops counting against `connections` (SLOW_SEND_MS). */
  slowAfterMs?: number;
  /** Open connections at most, slow ones included (eight times `connections`). */
  maxConnections?: number;
  /** A connection is renewed after this many messages. */
  maxMessages?: number;
  timeouts?: SmtpTimeouts;
};

export type SmtpPool = {
  send: (envelope: { from: string; to: string[] }, raw: Buffer) => Promise<void>;
  /** Opens a connection (greeting, EHLO, TLS, login) and has one command answered; throws as a failed connect does. */
  probe: () => Promise<void>;
  close: () => void;
  /** Connections open now (for tests and the bench). */
  openConnections: () => number;
};

type Lane = {
  connection: SMTPConnection;
  sent: number;
  broken: boolean;
  /** Fails the send in progress: nodemailer reports a dropped connection as an event, not to the send's callback. */
  failCurrent?: (error: Error) => void;
};

/**
 * A pool of SMTP connections over nodemailer's own SMTPConnection (it speaks
 * the protocol: EHLO, STARTTLS, AUTH, pipelining). Ours, not nodemailer's
 * SMTPPool, for two reasons a fault run found:
 * - SMTPPool never frees the slot of a connection that failed before its
 *   greeting when the socket is supplied (as ours is, for Nagle): after a
 *   few connection errors it sent nothing until a restart;
 * - a message whose server hangs held one of its fixed connections for the
 *   whole timeout, so a server that hangs on some messages starved the rest.
 * Here every connection that fails is dropped from the count in one place,
 * and a send slower than `slowAfterMs` gives its place to a new connection
 * (up to `maxConnections`), so hung messages do not hold the pool.
 */
export function smtpPool(url: string, options: SmtpPoolOptions): SmtpPool {
  const { connections } = options;
  const slowAfterMs = options.slowAfterMs ?? SLOW_SEND_MS;
  // Each hung send holds its connection for a reply timeout: room for many keeps the rest flowing.
  const maxConnections = options.maxConnections ?? connections * 8;
  const maxMessages = options.maxMessages ?? 1000;
  const timeouts = options.timeouts ?? TIMEOUTS;
  const settings = parseConnectionUrl(url);
  const host = (settings.host ?? "localhost").replace(/^\[(.*)\]$/, "$1");
  // nodemailer's defaults when the URL names no port.
  const port = settings.port ?? (settings.secure ? 465 : 587);

  const idle: Lane[] = [];
  const waiting: Array<() => void> = [];
  let open = 0;
  /** Sends at the usual pace, and connections being opened for one. */
  let steady = 0;
  let closed = false;

  const hasRoom = () => idle.length > 0 || (steady < connections && open < maxConnections);
  const wakeWaiting = () => {
    while (waiting.length > 0 && (hasRoom() || closed)) waiting.shift()!();
  };

  const drop = (lane: Lane) => {
    if (lane.broken) return;
    lane.broken = true;
    open -= 1;
    const at = idle.indexOf(lane);
    if (at >= 0) idle.splice(at, 1);
    lane.connection.close();
    wakeWaiting();
  };

  /**
   * Opens a connection on a socket with Nagle's algorithm off: nodemailer
   * writes a message's body and its closing dot separately, and with Nagle
   * the dot waits for the server's delayed ACK (about 40 ms a message). The
   * socket is handed over while it connects, so a refused connection is
   * reported by nodemailer's own error path, like any other.
   */
  const connect = () =>
    new Promise<Lane>((resolve, reject) => {
      const connection = new SMTPConnection({
        ...settings,
        host,
        port,
        connection: net.connect({ host, port, noDelay: true }),
        connectionTimeout: timeouts.connectMs,
        greetingTimeout: timeouts.connectMs + timeouts.greetingMs,
        socketTimeout: timeouts.replyMs,
      });
      const lane: Lane = { connection, sent: 0, broken: false };
      let ready = false;
      const fail = (error: Error) => {
        lane.failCurrent?.(error);
        drop(lane);
        if (!ready) reject(error);
      };
      connection.on("error", fail);
      connection.once("end", () => fail(Object.assign(new Error("SMTP connection closed"), { code: "ECONNECTION" })));
      connection.connect(() => {
        const auth = settings.auth as SMTPConnection.Credentials | undefined;
        if (!auth?.user) {
          ready = true;
          resolve(lane);
          return;
        }
        connection.login(auth, (error) => {
          if (error) return fail(error);
          ready = true;
          resolve(lane);
        });
      });
    });

  /** No connection, no greeting, no login: the server's trouble, not the message's (send-health.server.ts). */
  const connectFailed = (error: unknown) =>
    Object.assign(error instanceof Error ? error : new Error(String(error)), { phase: "connect" });

  const acquire = async (): Promise<Lane> => {
    while (!hasRoom()) {
      if (closed) throw new Error("SMTP pool closed");
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    if (closed) throw new Error("SMTP pool closed");
    steady += 1;
    const reused = idle.pop();
    if (reused) return reused;
    open += 1;
    try {
      return await connect();
    } catch (error) {
      steady -= 1;
      wakeWaiting();
      throw connectFailed(error);
    }
  };

  /**
   * During an outage: is the server back? A connection of its own, past
   * the greeting, EHLO, TLS and login, and an RSET answered (nodemailer's
   * SMTPConnection has no NOOP; RSET is as harmless). No message is sent,
   * so no recipient's answer can keep the outage going. A connection that
   * passed joins the idle ones, for the mail that now goes.
   */
  const probe: SmtpPool["probe"] = async () => {
    if (closed) throw new Error("SMTP pool closed");
    open += 1;
    let lane: Lane;
    try {
      lane = await connect();
    } catch (error) {
      throw connectFailed(error);
    }
    try {
      await new Promise<void>((resolve, reject) => {
        lane.failCurrent = reject;
        lane.connection.reset((error) => (error ? reject(error) : resolve()));
      });
    } catch (error) {
      drop(lane);
      throw connectFailed(error);
    } finally {
      lane.failCurrent = undefined;
    }
    if (closed || lane.broken) drop(lane);
    else {
      idle.push(lane);
      wakeWaiting();
    }
  };

  const send: SmtpPool["send"] = async (envelope, raw) => {
    const lane = await acquire();
    let slow = false;
    const slowTimer = setTimeout(() => {
      slow = true;
      steady -= 1;
      wakeWaiting();
    }, slowAfterMs);
    try {
      await new Promise<void>((resolve, reject) => {
        lane.failCurrent = reject;
        lane.connection.send(envelope, raw, (error) => (error ? reject(error) : resolve()));
      });
      lane.sent += 1;
    } catch (error) {
      // A refused recipient leaves the session in a state we do not track: start afresh.
      drop(lane);
      throw error;
    } finally {
      clearTimeout(slowTimer);
      lane.failCurrent = undefined;
      if (!slow) steady -= 1;
      if (!lane.broken && (closed || lane.sent >= maxMessages)) drop(lane);
      if (!lane.broken) idle.push(lane);
      wakeWaiting();
    }
  };

  return {
    send,
    probe,
    close: () => {
      closed = true;
      for (const lane of [...idle]) drop(lane);
      wakeWaiting();
    },
    openConnections: () => open,
  };
}
