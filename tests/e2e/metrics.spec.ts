/**
 * The Prometheus endpoint. It answers only with the operators'
 * bearer token (and not at all without one configured), on the site's port
 * and the probe port, and its figures follow what happened: requests by
 * route and status class, page-cache hits, failed staff sign-ins, privacy
 * requests per state, the outbox.
 */
import { freePort, request, spawnServer, type SpawnedServer } from "../setup/spawn-server";
import { expect, test } from "./fixtures";

// Scrapes and requests, no browser: once is enough (and saves this file's own server in the no-js project).
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server behaviour: runs once");

const TOKEN = "e2e-metrics-token-0123456789abcdef0123456789";
let server: SpawnedServer;
let probePort: number;

test.beforeAll(async () => {
  probePort = await freePort();
  server = await spawnServer({ METRICS_TOKEN: TOKEN, PROBE_PORT: String(probePort), PAGE_CACHE_SECONDS: "60" });
});
test.afterAll(async () => server?.stop());

const scrape = (port: number, headers: Record<string, string> = {}, host = `127.0.0.1:${port}`) =>
  request(port, { path: "/metrics", host, headers });
const withToken = { Authorization: `Bearer ${TOKEN}` };

/** The value of one series in the exposition text, 0 when absent. */
function value(text: string, series: string): number {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

test("/metrics refuses a scrape without the token, answers with it on both ports, whatever the host", async () => {
  const attempts: Array<Record<string, string>> = [
    {},
    { Authorization: "Bearer wrong-token" },
    { Authorization: TOKEN },
  ];
  for (const headers of attempts) {
    const refused = await scrape(server.port, headers);
    expect(refused.status, JSON.stringify(headers)).toBe(401);
    expect(refused.headers["www-authenticate"]).toContain("Bearer");
    expect(refused.body).not.toContain("http_request_duration_seconds");
  }
  for (const port of [server.port, probePort]) {
    const answer = await scrape(port, withToken);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toContain("text/plain");
    expect(answer.headers["cache-control"]).toBe("no-store");
    for (const name of [
      "process_cpu_user_seconds_total",
      "nodejs_eventloop_lag_seconds",
      "outbox_pending_mails",
      "outbox_oldest_pending_age_seconds",
      'privacy_requests{state="OPEN"}',
      "privacy_requests_overdue",
    ]) {
      expect(answer.body, name).toContain(name);
    }
  }
});

test("the figures follow what happened: requests by route, cache hits, failed sign-ins, requests per state", async () => {
  const before = (await scrape(server.port, withToken)).body;
  const host = `nl.localhost:${server.port}`;
  for (let i = 0; i < 3; i++) expect((await request(server.port, { path: "/nl/about", host })).status).toBe(200);
  expect((await request(server.port, { path: "/nl/no-such-page", host })).status).toBe(404);
  const login = await request(server.port, {
    method: "POST",
    path: "/nl/internal-privacy-rights/login",
    host,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: `http://${host}` },
    body: new URLSearchParams({
      form: "staff-login",
      email: "nobody@veldhaven-test.nl",
      password: "Not-the-password-42",
    }).toString(),
  });
  expect(login.status).toBeGreaterThanOrEqual(400);
  const made = await request(server.port, {
    method: "POST",
    path: "/api/privacy-rights/request",
    host,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ flowType: "RIGHT_OF_ACCESS", email: `metrics-${Date.now()}@veldhaven-test.nl` }),
  });
  expect(made.status).toBe(201);

  const after = (await scrape(server.port, withToken)).body;
  const grew = (series: string) => value(after, series) - value(before, series);
  expect(grew('http_request_duration_seconds_count{route="about",method="GET",status_class="2xx"}')).toBe(3);
  expect(
    grew('http_request_duration_seconds_count{route="api-privacy-request",method="POST",status_class="2xx"}'),
  ).toBe(1);
  expect(grew('page_cache_requests_total{result="hit"}')).toBeGreaterThanOrEqual(2);
  expect(grew('staff_sign_in_failures_total{reason="INVALID"}')).toBe(1);
  expect(grew('privacy_requests{state="AWAITING_VERIFICATION"}')).toBe(1);
  expect(after).toMatch(/page_render_duration_seconds_count\{route="about"\} [1-9]/);
});

test("a server without METRICS_TOKEN has no /metrics", async () => {
  const port = Number(process.env.E2E_PORT);
  expect((await request(port, { path: "/metrics", headers: withToken })).status).toBe(404);
});
