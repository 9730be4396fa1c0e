/**
 * What a security probe of the production build found, each with its
 * reproduction. Server behaviour, independent of the browser: runs once, in
 * the "js" project. Requests go to 127.0.0.1 with a Host header, as the probe's did.
 */
import { rawExchange, request, spawnServer, type SpawnedServer } from "../setup/spawn-server";
import { expect, test } from "./fixtures";
import { readable } from "./soft-hyphens";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server behaviour: runs once");

const port = () => Number(process.env.E2E_PORT);
const sameOrigin = () => ({ Origin: `http://nl.localhost:${port()}` });
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const CONTACT = "form=contact&name=Lotte&email=lotte%40veldhaven-test.nl&question=Welke+gegevens%3F";

function postContactForm(body: string, headers: Record<string, string> = {}) {
  return request(port(), {
    method: "POST",
    path: "/nl?index",
    headers: { ...FORM, ...sameOrigin(), ...headers },
    body,
  });
}

test.describe("a post with many fields", () => {
  test("64,000 repeated fields do not stall the server: /healthz answers meanwhile", async () => {
    const body = `${CONTACT}${"&a=1".repeat(64_000)}`;
    const post = postContactForm(body);
    const started = Date.now();
    const health = await request(port(), { path: "/healthz" });
    const healthMs = Date.now() - started;
    expect(health.status).toBe(200);
    expect(healthMs, "the event loop stayed free").toBeLessThan(1000);
    // 256 KB is more than any form holds: refused before it is read.
    expect((await post).status).toBe(413);
  });

  test("a post under the size limit with fields the form does not have is refused, and the form is shown again", async () => {
    const unexpected = await postContactForm(`${CONTACT}${"&a=1".repeat(15_000)}`);
    expect(unexpected.status).toBe(400);
    expect(unexpected.body).toContain('id="contact"');
    expect(readable(unexpected.body)).toContain("Dit formulier bevat gegevens die we niet verwachtten.");
    // The visitor's answers come back (declared fields only).
    expect(unexpected.body).toContain('value="Lotte"');

    const repeated = await postContactForm(`${CONTACT}${"&name=x".repeat(9_000)}`);
    expect(repeated.status).toBe(413);
    expect(readable(repeated.body)).toContain("Dit formulier bevat gegevens die we niet verwachtten.");
    expect(repeated.headers.location).toBeUndefined();
  });

  test("form posts have a tighter body limit than the JSON API", async () => {
    const padding = "x".repeat(100_000);
    const form = await postContactForm(`${CONTACT}&question=${padding}`);
    expect(form.status).toBe(413);
    const json = await request(port(), {
      method: "POST",
      path: "/api/contact?locale=nl_nl",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Lotte", email: "lotte@veldhaven-test.nl", question: padding }),
    });
    // Read and validated: the question is too long, not the body too big.
    expect(json.status).toBe(400);
    expect(JSON.parse(json.body).error).toBe("VALIDATION");
  });
});

test.describe("input the forms refuse", () => {
  test("a NUL byte in the name is a field error, in the form and in the API", async () => {
    const form = await postContactForm("form=contact&name=Lot%00te&email=lotte%40veldhaven-test.nl&question=Vraag");
    expect(form.status).toBe(400);
    expect(readable(form.body)).toContain("Gebruik hier geen tabs, regeleinden of andere onzichtbare tekens");
    const api = await request(port(), {
      method: "POST",
      path: "/api/contact?locale=fr_be",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "Lot\u0000te\r\nBcc: x@evil.example",
        email: "lotte@veldhaven-test.be",
        question: "Q",
      }),
    });
    expect(api.status).toBe(400);
    expect(JSON.parse(api.body).fields.name).toEqual([
      "N'utilisez pas ici de tabulations, de retours à la ligne ou d'autres caractères invisibles",
    ]);
  });

  test("a honeypot that is anything but one empty value counts as filled", async () => {
    const api = (extra: Record<string, unknown>) =>
      request(port(), {
        method: "POST",
        path: "/api/contact?locale=nl_nl",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Lotte", email: "lotte@veldhaven-test.nl", question: "Vraag", ...extra }),
      });
    expect((await api({ website: { a: 1 } })).status).toBe(400);
    expect((await api({ website: ["spam"] })).status).toBe(400);
    expect((await api({ website: "" })).status).toBe(201);
    const form = await postContactForm(`${CONTACT}&website=&website=spam`);
    expect(form.status).toBeGreaterThanOrEqual(400);
    expect(form.headers.location).toBeUndefined();
  });
});

test.describe("requests the server answers as client errors", () => {
  for (const host of ["nl.localhost:99999", "", "nl.localhost, evil.example"]) {
    test(`a malformed Host (${JSON.stringify(host)}) gets 400 'Cannot determine country'`, async () => {
      const { text } = await rawExchange(port(), `GET /nl HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(text).toMatch(/^HTTP\/1\.1 400 /);
      expect(text).toContain("Cannot determine country");
    });
  }

  for (const [host, path] of [
    ["nl", "/nl/document/constructor"],
    ["nl", "/nl/document/__proto__"],
    ["be", "/en/document/valueOf"],
    ["be", "/fr/document/hasOwnProperty"],
  ] as const) {
    test(`${host}: ${path} is an unknown document, not a redirect to a built-in`, async () => {
      const answer = await request(port(), { path, host: `${host}.localhost:${port()}` });
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toBe(`/${path.split("/")[1]}/not-found`);
    });
  }

  test("a post to a page without a form answers 405 without internal route names", async () => {
    for (const path of [
      "/nl",
      "/nl/document/privacy-policy",
      "/nl/document/privacy-policy.data",
      "/api/plainhtml/privacy-policy",
    ]) {
      const answer = await request(port(), {
        method: "POST",
        path,
        headers: { ...FORM, ...sameOrigin() },
        body: "a=1",
      });
      expect(answer.status, path).toBe(405);
      expect(answer.headers.allow).toBe("GET, HEAD");
      expect(answer.body).not.toMatch(/routes\/|action/);
    }
  });
});

test.describe("headers", () => {
  test("pages say how they may be cached; anything with the session cookie is private", async () => {
    const plain = await request(port(), { path: "/nl/about" });
    expect(plain.headers["cache-control"]).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
    expect(plain.headers.vary).toMatch(/\bCookie\b/);

    const invalid = await postContactForm("form=contact&name=&email=&question=");
    expect(invalid.status).toBe(400);
    expect(invalid.headers["cache-control"]).toBe("private, no-store");

    const sent = await postContactForm(CONTACT);
    expect(sent.status).toBe(302);
    expect(sent.headers["set-cookie"]?.[0]).toMatch(/^__session=/);
    expect(sent.headers["cache-control"]).toBe("private, no-store");

    const cookie = sent.headers["set-cookie"]![0].split(";")[0];
    const withBanner = await request(port(), { path: "/nl", headers: { Cookie: cookie } });
    expect(readable(withBanner.body)).toMatch(
      /class="app-banner app-banner--success"[^]*Jouw bericht is succesvol verzonden\./,
    );
    expect(withBanner.headers["cache-control"]).toBe("private, no-store");
    expect(withBanner.headers.vary).toMatch(/\bCookie\b/);
    expect(withBanner.headers.etag).toBeUndefined();
    // The page with the banner was not kept: the next visitor does not see it.
    const next = await request(port(), { path: "/nl" });
    expect(next.status).toBe(200);
    expect(next.body).not.toContain('class="app-banner app-banner--success"');
  });

  test("an anonymous page is kept, compressed, and revalidates with 304", async () => {
    const path = `/nl/search?q=cache-${Date.now()}`;
    const first = await request(port(), { path, host: `be.localhost:${port()}` });
    expect(first.status).toBe(200);
    expect(first.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers["x-cache"]).toBe("MISS");

    const second = await request(port(), { path, host: `be.localhost:${port()}` });
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.body).toBe(first.body);
    expect(second.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);

    const gzipped = await request(port(), {
      path,
      host: `be.localhost:${port()}`,
      headers: { "Accept-Encoding": "gzip" },
    });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");

    const revalidated = await request(port(), {
      path,
      host: `be.localhost:${port()}`,
      headers: { "If-None-Match": first.headers.etag! },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBe("");

    // Another host is another page: the .nl search is not the .be one.
    const otherHost = await request(port(), { path, host: `nl.localhost:${port()}` });
    expect(otherHost.headers["x-cache"]).toBe("MISS");

    // A cookie that changes nothing on this page (here one of our names, with nothing we can read) gets the kept page…
    const withCookie = await request(port(), {
      path,
      host: `be.localhost:${port()}`,
      headers: { Cookie: "__privacy=x; __session=y" },
    });
    expect(withCookie.headers["x-cache"]).toBe("HIT");
    expect(withCookie.body).toBe(first.body);
    // …a flash waiting to be shown gets a page rendered for that visitor alone.
    const cookie = (await postContactForm(CONTACT)).headers["set-cookie"]![0].split(";")[0];
    const personal = await request(port(), { path, host: `be.localhost:${port()}`, headers: { Cookie: cookie } });
    expect(readable(personal.body)).toContain("Jouw bericht is succesvol verzonden.");
    expect(personal.headers["cache-control"]).toBe("private, no-store");
    expect(personal.headers["x-cache"]).toBeUndefined();
    expect(personal.headers.etag).toBeUndefined();
  });

  test("an X-Forwarded-Proto from an untrusted client does not make the cookie Secure", async () => {
    const sent = await postContactForm(CONTACT, { "X-Forwarded-Proto": "https" });
    expect(sent.headers["set-cookie"]?.[0]).not.toMatch(/;\s*Secure/i);
  });

  test("the content security policy allows only our own styles and fonts; unused features are off", async () => {
    const answer = await request(port(), { path: "/nl" });
    const csp = answer.headers["content-security-policy"] as string;
    const directive = (name: string) =>
      csp
        .split(";")
        .find((part) => part.trim().startsWith(`${name} `))
        ?.trim();
    // Our own stylesheet file and nothing else: no inline style, no 'unsafe-inline'.
    expect(directive("style-src")).toBe("style-src 'self'");
    expect(directive("font-src")).toBe("font-src 'self'");
    expect(csp).not.toContain("https:");
    const policy = answer.headers["permissions-policy"] as string;
    for (const feature of ["camera", "microphone", "geolocation", "payment"]) {
      expect(policy).toContain(`${feature}=()`);
    }
  });

  test("only a well-formed X-Request-Id is echoed", async () => {
    const uuid = "3f1c2a9e-8b7d-4c6e-9a5f-1b2c3d4e5f60";
    expect(
      (await request(port(), { path: "/healthz", headers: { "X-Request-Id": uuid } })).headers["x-request-id"],
    ).toBe(uuid);
    for (const chosen of ["x", "a".repeat(100), "<script>alert(1)</script>", "id with spaces and more"]) {
      const echoed = (await request(port(), { path: "/healthz", headers: { "X-Request-Id": chosen } })).headers[
        "x-request-id"
      ];
      expect(echoed).not.toBe(chosen);
      expect(echoed).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

test.describe("behind a trusted proxy, with short timeouts and the log read", () => {
  let server: SpawnedServer;
  test.beforeAll(async () => {
    server = await spawnServer({ TRUST_PROXY: "1", HEADERS_TIMEOUT_MS: "1000", REQUEST_TIMEOUT_MS: "2000" });
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  const linesFor = (id: string) =>
    server.logLines().filter((line) => (line.req as { id?: string } | undefined)?.id === id);

  test("the session cookie is Secure when the proxy says the visitor used HTTPS", async () => {
    const post = (proto?: string) =>
      request(server.port, {
        method: "POST",
        path: "/nl?index",
        headers: {
          ...FORM,
          Origin: proto === "https" ? `https://nl.localhost:${server.port}` : `http://nl.localhost:${server.port}`,
          ...(proto ? { "X-Forwarded-Proto": proto } : {}),
        },
        body: CONTACT,
      });
    const overHttps = await post("https");
    expect(overHttps.status).toBe(302);
    expect(overHttps.headers["set-cookie"]?.[0]).toMatch(/;\s*Secure/i);
    const overHttp = await post();
    expect(overHttp.status).toBe(302);
    expect(overHttp.headers["set-cookie"]?.[0]).not.toMatch(/;\s*Secure/i);
  });

  // A page's post, and a client navigation's (.data), which React Router refuses with a bare "Bad Request".
  for (const [path, id] of [
    ["/nl?index", "probe-cross-origin-0001"],
    ["/nl/about.data", "probe-cross-origin-data-0001"],
  ]) {
    test(`a refused cross-origin post to ${path} is one warning without a stack`, async () => {
      const answer = await request(server.port, {
        method: "POST",
        path,
        headers: { ...FORM, Origin: "http://evil.example", "X-Request-Id": id },
        body: CONTACT,
      });
      expect(answer.status).toBe(400);
      await expect.poll(() => linesFor(id).length).toBe(1);
      const [line] = linesFor(id);
      expect(line.level).toBe(40);
      expect(line.reason).toBe("cross-origin action refused");
      expect(server.output()).not.toContain("does not match `origin` header");
      expect(server.logLines().some((logged) => logged.msg === "unhandled error")).toBe(false);
    });
  }

  test("a malformed Host is logged as a client error, with no stack trace", async () => {
    const id = "probe-bad-host-0001";
    const { text } = await rawExchange(
      server.port,
      `GET /nl HTTP/1.1\r\nHost: nl.localhost:99999\r\nX-Request-Id: ${id}\r\nConnection: close\r\n\r\n`,
    );
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    await expect.poll(() => linesFor(id).length).toBe(1);
    expect(linesFor(id)[0].level).toBe(40);
    expect(server.output()).not.toMatch(/Invalid URL|TypeError|\n\s+at /);
  });

  test("a client that announces a body and sends nothing is cut off", async () => {
    const { text, closed } = await rawExchange(
      server.port,
      `POST /nl?index HTTP/1.1\r\nHost: nl.localhost:${server.port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\n`,
      10_000,
    );
    expect(closed, "the server closed the connection").toBe(true);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
  });

  test("a client that never finishes its headers is cut off", async () => {
    const { closed } = await rawExchange(
      server.port,
      `GET /nl HTTP/1.1\r\nHost: nl.localhost:${server.port}\r\n`,
      10_000,
    );
    expect(closed).toBe(true);
  });
});
