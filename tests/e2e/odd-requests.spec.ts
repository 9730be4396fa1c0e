/**
 * Requests a probe sent that no browser sends (a method
 * Node's fetch refuses, a request target that is not a path, a query that
 * names a built-in, a page number beyond any list) are client errors, or
 * the answer the HTTP standard gives: never a 500, never an error-level
 * line with a stack in the log. Against a server of their own, whose log the
 * test reads. Server behaviour: runs once, in the "js" project.
 */
import { rawExchange, request, spawnServer, type SpawnedServer } from "../setup/spawn-server";
import { expect, test } from "./fixtures";
import { addStaff, STAFF_PASSWORD } from "./staff-fixtures";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server behaviour: runs once");

let server: SpawnedServer;
test.beforeAll(async () => {
  server = await spawnServer();
});
test.afterAll(async () => {
  await server?.stop();
});

const host = () => `nl.localhost:${server.port}`;
/** The status of a raw exchange (0 when the server sent nothing). */
const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d{3}) /.exec(text)?.[1] ?? 0);
const linesFor = (id: string) =>
  server.logLines().filter((line) => (line.req as { id?: string } | undefined)?.id === id);
/** Error-level lines (pino: 50 error, 60 fatal), whichever request they belong to. */
const errorLines = () => server.logLines().filter((line) => Number(line.level) >= 50);

/**
 * Sends one raw request with a request id, and checks the answer and the log.
 * `logged: false`: a request Node's HTTP parser itself refuses (400, closed),
 * which never reaches the app and its log.
 */
async function expectClientAnswer(requestLine: string, id: string, { extraHeaders = "", logged = true } = {}) {
  const { text } = await rawExchange(
    server.port,
    `${requestLine}\r\nHost: ${host()}\r\nX-Request-Id: ${id}\r\n${extraHeaders}Connection: close\r\n\r\n`,
  );
  const status = statusOf(text);
  expect(status, `${requestLine}: an answer`).toBeGreaterThanOrEqual(200);
  expect(status, `${requestLine}: never a server error`).toBeLessThan(500);
  if (logged)
    await expect.poll(() => linesFor(id).length, { message: `${requestLine}: its log line` }).toBeGreaterThan(0);
  expect(
    linesFor(id).filter((line) => line.err),
    `${requestLine}: no error object`,
  ).toEqual([]);
  expect(
    Math.max(...linesFor(id).map((line) => Number(line.level))),
    `${requestLine}: warn at most`,
  ).toBeLessThanOrEqual(40);
  expect(errorLines(), `${requestLine}: no error-level line`).toEqual([]);
  expect(server.output(), `${requestLine}: no stack`).not.toMatch(/\n\s+at /);
  return { status, text };
}

test("TRACE answers 405 with the methods the page allows", async () => {
  const { status, text } = await expectClientAnswer("TRACE /nl HTTP/1.1", "odd-trace-0001");
  expect(status).toBe(405);
  expect(text).toMatch(/\r\nAllow: GET, HEAD\r\n/i);
  // Other methods a page does not take are refused the same way.
  expect((await expectClientAnswer("PROPFIND /nl HTTP/1.1", "odd-propfind-0001")).status).toBe(405);
  expect((await expectClientAnswer("TRACE /api/contact HTTP/1.1", "odd-trace-0002")).text).toMatch(
    /\r\nAllow: GET, HEAD, POST\r\n/i,
  );
  // A method Node does not know is refused by its parser.
  expect((await expectClientAnswer("TRACK /nl HTTP/1.1", "odd-track-0001", { logged: false })).status).toBe(400);
});

test("an absolute-form request target is read as RFC 9112 says: its own host decides", async () => {
  // Another host than ours: the country cannot be determined.
  const foreign = await expectClientAnswer("GET http://evil.example/nl HTTP/1.1", "odd-absolute-0001");
  expect(foreign.status).toBe(400);
  expect(foreign.text).not.toContain("evil.example");
  // Our own host: the page.
  const own = await expectClientAnswer(`GET http://${host()}/nl/about HTTP/1.1`, "odd-absolute-0002");
  expect(own.status).toBe(200);
  expect(own.text).toContain("<h1");
  // Another scheme, user information, no leading slash: refused.
  expect((await expectClientAnswer("GET ftp://nl.localhost/nl HTTP/1.1", "odd-absolute-0003")).status).toBe(400);
  expect((await expectClientAnswer(`GET http://user:secret@${host()}/nl HTTP/1.1`, "odd-absolute-0004")).status).toBe(
    400,
  );
  expect((await expectClientAnswer("GET nl/about HTTP/1.1", "odd-absolute-0005", { logged: false })).status).toBe(400);
});

test("the asterisk form: OPTIONS * answers 200 with Allow, any other method 400", async () => {
  const options = await expectClientAnswer("OPTIONS * HTTP/1.1", "odd-asterisk-0001");
  expect(options.status).toBe(200);
  expect(options.text).toMatch(/\r\nAllow: GET, HEAD, POST, OPTIONS\r\n/i);
  expect((await expectClientAnswer("GET * HTTP/1.1", "odd-asterisk-0002")).status).toBe(400);
  // OPTIONS on a page says what the page takes.
  const page = await expectClientAnswer("OPTIONS /nl/document/privacy-policy HTTP/1.1", "odd-options-0001");
  expect(page.status).toBe(200);
  expect(page.text).toMatch(/\r\nAllow: GET, HEAD, OPTIONS\r\n/i);
  const form = await expectClientAnswer("OPTIONS /nl/privacy-rights/access HTTP/1.1", "odd-options-0002");
  expect(form.text).toMatch(/\r\nAllow: GET, HEAD, POST, OPTIONS\r\n/i);
});

test("the login page with ?sso= naming a built-in shows no problem notice", async () => {
  for (const [n, problem] of ["toString", "constructor", "__proto__", "hasOwnProperty"].entries()) {
    const { status, text } = await expectClientAnswer(
      `GET /nl/internal-privacy-rights/login?sso=${problem} HTTP/1.1`,
      `odd-sso-000${n}`,
    );
    expect(status).toBe(200);
    expect(text).not.toContain('class="app-notice app-notice--error"');
  }
  // The real problems still show.
  const failed = await request(server.port, { path: "/nl/internal-privacy-rights/login?sso=failed" });
  expect(failed.body).toContain('class="app-notice app-notice--error"');
});

test("officers' lists with a page number beyond any list answer, as the last page would", async () => {
  const email = `odd-officer-${Date.now().toString(36)}@veldhaven-test.nl`;
  await addStaff(email, "officer", { dataDir: server.dataDir });
  const signIn = await request(server.port, {
    method: "POST",
    path: "/nl/internal-privacy-rights/login",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: `http://${host()}` },
    body: new URLSearchParams({ form: "staff-login", email, password: STAFF_PASSWORD }).toString(),
  });
  expect(signIn.status).toBe(302);
  const cookie = signIn.headers["set-cookie"]!.map((value) => value.split(";")[0]).join("; ");
  let n = 0;
  for (const list of ["requests", "ad-reports"]) {
    for (const page of ["100000000000000000000", "9007199254740993", "1e400", "-5", "4294967296"]) {
      const { status } = await expectClientAnswer(
        `GET /nl/internal-privacy-rights/${list}?page=${page} HTTP/1.1`,
        `odd-page-${String(n++).padStart(4, "0")}`,
        { extraHeaders: `Cookie: ${cookie}\r\n` },
      );
      expect(status, `${list}?page=${page}`).toBe(200);
    }
  }
});

test("a client that half-closes its side once its request is sent still gets its answer", async () => {
  for (const path of [
    "/nl",
    "/nl/about",
    "/nl/privacy-rights",
    "/healthz",
    "/api/campaign-items?countryCode=NL",
    "/nl/bestaat-niet",
  ]) {
    const { text, closed } = await rawExchange(server.port, `GET ${path} HTTP/1.1\r\nHost: ${host()}\r\n\r\n`, 5000, {
      halfClose: true,
    });
    expect([path, statusOf(text)]).toEqual([path, path === "/nl/bestaat-niet" ? 404 : 200]);
    // The whole answer, then the server closes its side too.
    expect(closed).toBe(true);
  }
});
