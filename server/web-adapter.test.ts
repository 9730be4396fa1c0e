/**
 * Express ↔ web Request/Response for the page cache (server/web-adapter.ts,
 * the Request made by node-fetch-server): what React Router reads of
 * a request, the abort of a render whose client left, and what is sent back.
 */
import http from "node:http";
import type net from "node:net";

import express from "express";
import { afterEach, describe, expect, it } from "vitest";

import { request } from "../tests/setup/spawn-server";
import { sendWebResponse, webRequest } from "./web-adapter";

let server: http.Server | undefined;

/** An Express app on a free port of loopback. */
async function listen(app: express.Express): Promise<number> {
  server = http.createServer(app);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as net.AddressInfo).port;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

describe("the web Request of a page", () => {
  it("has the request's URL, method and headers, or the URL it is rendered from", async () => {
    const seen: Request[] = [];
    const app = express();
    app.use((req, res) => {
      seen.push(webRequest(req, res), webRequest(req, res, new URL("http://nl.localhost/nl/about")));
      res.end();
    });
    const port = await listen(app);
    await request(port, {
      method: "HEAD",
      path: "/nl/about?utm_source=x",
      host: "NL.localhost:8080",
      headers: { Cookie: "a=1", "Accept-Language": "nl" },
    });
    const [own, other] = seen;
    expect(own.url).toBe("http://nl.localhost:8080/nl/about?utm_source=x");
    expect(other.url).toBe("http://nl.localhost/nl/about");
    for (const made of [own, other]) {
      expect(made.method).toBe("HEAD");
      expect(made.headers.get("cookie")).toBe("a=1");
      expect(made.headers.get("accept-language")).toBe("nl");
      expect(made.headers.get("host")).toBe("NL.localhost:8080");
    }
  });

  it("is aborted when the client leaves before the answer, and not once the answer is sent", async () => {
    const signals: AbortSignal[] = [];
    let answered: AbortSignal[] = [];
    let arrived: () => void = () => {};
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    const app = express();
    app.get("/slow", (req, res) => {
      signals.push(webRequest(req, res).signal, webRequest(req, res, new URL("http://nl.localhost/other")).signal);
      arrived();
    });
    app.get("/quick", (req, res) => {
      answered = [webRequest(req, res).signal, webRequest(req, res, new URL("http://nl.localhost/other")).signal];
      res.end("done");
    });
    const port = await listen(app);
    const leaving = http.get({
      host: "127.0.0.1",
      port,
      path: "/slow",
      headers: { Host: "nl.localhost" },
      agent: false,
    });
    leaving.on("error", () => {});
    await arrival;
    const aborted = signals.map((signal) => new Promise((resolve) => signal.addEventListener("abort", resolve)));
    leaving.destroy();
    await Promise.all(aborted);
    expect(signals.map((signal) => signal.aborted)).toEqual([true, true]);

    expect((await request(port, { path: "/quick" })).body).toBe("done");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered.map((signal) => signal.aborted)).toEqual([false, false]);
  });
});

describe("a web Response sent through Express", () => {
  const page = () =>
    new Response(
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("<p>one</p>"));
          controller.enqueue(new TextEncoder().encode("<p>two</p>"));
          controller.close();
        },
      }),
      {
        status: 404,
        headers: [
          ["Content-Type", "text/html"],
          ["Content-Security-Policy", "script-src 'self' 'sha256-x'"],
          ["Set-Cookie", "a=1"],
          ["Set-Cookie", "b=2"],
        ],
      },
    );

  it("keeps the status, every cookie and the page's own policy, and streams the body (none for HEAD)", async () => {
    const app = express();
    app.use((req, res) => {
      res.setHeader("Content-Security-Policy", "default-src 'self'");
      void sendWebResponse(res, page());
    });
    const port = await listen(app);
    const answer = await request(port, { path: "/nl/missing" });
    expect(answer.status).toBe(404);
    expect(answer.headers["set-cookie"]).toEqual(["a=1", "b=2"]);
    expect(answer.headers["content-security-policy"]).toBe("script-src 'self' 'sha256-x'");
    expect(answer.body).toBe("<p>one</p><p>two</p>");
    const head = await request(port, { method: "HEAD", path: "/nl/missing" });
    expect([head.status, head.body]).toEqual([404, ""]);
  });
});
