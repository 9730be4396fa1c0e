import net from "node:net";

type SocketCallback = (error: Error | null, socketOptions?: { connection: net.Socket }) => void;

/**
 * Opens the SMTP pool's TCP connections with Nagle's algorithm off. nodemailer
 * writes a message's body and its closing dot separately; with Nagle on, the
 * dot waits for the server's delayed ACK, about 40 ms per message and
 * connection (90 mails/s over 4 connections instead of 1000 on loopback).
 * nodemailer has no option for it, only this hook (the one its proxy support
 * uses); it still does TLS (smtps, STARTTLS) over the socket given.
 */
export function openSmtpSocket(url: string, connectionTimeoutMs: number) {
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^\[(.*)\]$/, "$1");
  // nodemailer's defaults when the URL names no port.
  const port = Number(parsed.port) || (parsed.protocol === "smtps:" ? 465 : 587);
  return (_options: unknown, callback: SocketCallback) => {
    const socket = net.connect({ host, port, noDelay: true });
    const timer = setTimeout(() => socket.destroy(new Error(`Connection timeout to ${host}:${port}`)), connectionTimeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      callback(error);
    };
    socket.once("error", fail);
    socket.once("connect", () => {
      clearTimeout(timer);
      // From here on nodemailer listens for errors itself.
      socket.off("error", fail);
      callback(null, { connection: socket });
    });
  };
}
