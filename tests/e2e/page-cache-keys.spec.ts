/**
 * The page cache keys a page by the query parameters it reads
 * (server/cache-key.ts), so query strings it ignores (`?utm_source=…`,
 * `?zzz=1` … `?zzz=1000`) are one entry, not one each. Observed the honest
 * way, through X-Cache: the second spelling of a page is a HIT.
 */
import { request, spawnServer, type SpawnedServer } from "../setup/spawn-server";
import { expect, test } from "./fixtures";

// Process behaviour, independent of the browser: run once, in the "js" project.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server process test runs once");

let server: SpawnedServer;
test.beforeAll(async () => {
  // A cache of its own, empty at the start.
  server = await spawnServer({ PAGE_CACHE_SECONDS: "600", LOG_LEVEL: "warn" });
});
test.afterAll(async () => {
  await server.stop();
});

const get = (path: string, host?: string) => request(server.port, { path, host });

test("1,000 distinct unknown query strings on one page leave one cache entry", async () => {
  const first = await get("/nl/about?a=1");
  expect([first.status, first.headers["x-cache"]]).toEqual([200, "MISS"]);
  expect((await get("/nl/about?b=2")).headers["x-cache"]).toBe("HIT");

  const caches = new Set<string>();
  const bodies = new Set<string>();
  for (let batch = 0; batch < 20; batch++) {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => get(`/nl/about?zzz=${batch * 50 + i + 1}&utm_source=mail`)),
    );
    for (const answer of answers) {
      caches.add(`${answer.status} ${answer.headers["x-cache"]}`);
      bodies.add(answer.body);
    }
  }
  expect([...caches]).toEqual(["200 HIT"]);
  // Rendered from the address without them: no stray parameter in the page (the language links).
  expect(bodies.size).toBe(1);
  expect([...bodies][0]).not.toContain("zzz");
  expect((await get("/nl/about")).headers["x-cache"]).toBe("HIT");
});

test("a parameter the page reads is kept: one entry per value, whatever the order or the other parameters", async () => {
  const privacy = await get("/nl/search?q=bewaartermijn");
  expect([privacy.status, privacy.headers["x-cache"]]).toEqual([200, "MISS"]);
  const same = await get("/nl/search?utm_source=mail&q=bewaartermijn&fbclid=x");
  expect(same.headers["x-cache"]).toBe("HIT");
  expect(same.body).toBe(privacy.body);
  const other = await get("/nl/search?q=cookies");
  expect(other.headers["x-cache"]).toBe("MISS");
  expect(other.body).not.toBe(privacy.body);

  const filtered = await get("/nl/political-ads?text=x&period=PAST_YEAR");
  expect(filtered.headers["x-cache"]).toBe("MISS");
  expect((await get("/nl/political-ads?period=PAST_YEAR&gclid=1&text=x")).headers["x-cache"]).toBe("HIT");
  expect((await get("/nl/political-ads?period=PAST_YEAR")).headers["x-cache"]).toBe("MISS");
});

test("a client navigation's data request keeps React Router's _routes", async () => {
  const all = await get("/nl/privacy-rights.data?utm_source=x");
  expect([all.status, all.headers["x-cache"]]).toEqual([200, "MISS"]);
  const some = await get("/nl/privacy-rights.data?_routes=privacy-rights");
  expect([some.status, some.headers["x-cache"]]).toEqual([200, "MISS"]);
  expect(some.body).not.toBe(all.body);
  expect((await get("/nl/privacy-rights.data?x=1&_routes=privacy-rights")).headers["x-cache"]).toBe("HIT");
});

test("what is not kept is answered for the address asked: the language redirect carries the whole query on", async () => {
  const answer = await get("/search?q=cookies&utm_source=mail");
  expect(answer.status).toBe(302);
  expect(answer.headers.location).toBe("/nl/search?q=cookies&utm_source=mail");
});
