// `npm run bench:intent`: what the pages that hydrate cost a
// visitor before and after they show intent, in a real Chromium against the
// production build with a throwaway DATA_DIR. For each page: the JavaScript
// as sent (bytes on the wire) until the network is idle with no interaction;
// what the first intent adds (focus moving into the form, or the pointer on
// the report button); and, with Chromium throttled as Lighthouse's mobile
// profile (4 × CPU slowdown, 1.6 Mbit/s, 150 ms round trip), the time from
// that intent until the page is enhanced (React runs it: `data-hydrated`;
// a form's own code: `data-enhanced`). Prints figures; asserts nothing.
import { chromium } from "@playwright/test";

import { startProductionServer } from "./lib/production-server.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3996);
const server = startProductionServer(PORT, "bench-intent");

/** [label, host, path, intent]; `{campaign}` is the newest ad of that country. */
const PAGES = [
  ["home", "nl.localhost", "/nl", "form"],
  ["about", "be.localhost", "/fr/about", "key"],
  ["access form", "nl.localhost", "/nl/privacy-rights/access", "form"],
  ["objection step 1", "be.localhost", "/fr/privacy-rights/direct-marketing/brands", "form"],
  ["an ad", "be.localhost", "/nl/political-ads/{campaign}", "report"],
  ["report an ad", "be.localhost", "/nl/political-ads/{campaign}/report", "form"],
];

const THROTTLED = {
  cpu: 4,
  network: {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  },
};

/** What a visitor does that says they are about to use the page. */
async function showIntent(page, intent) {
  if (intent === "form") await page.locator("main form input:not([type=hidden]), main form textarea").first().focus();
  else if (intent === "report")
    await page
      .getByRole("button", { name: /Meld deze advertentie|Signaler cette publicité/ })
      .or(page.getByRole("link", { name: /Meld deze advertentie|Signaler cette publicité/ }))
      .first()
      .hover();
  else await page.keyboard.press("Shift");
}

/** Whether the page is what a visitor who started using it gets: React runs it, and its form's code (if any) has come. */
const enhanced = () =>
  !("__reactRouterContext" in window) ||
  (document.documentElement.hasAttribute("data-hydrated") &&
    !document.querySelector(".app-public-form:not([data-enhanced])"));

async function measure(browser, url, intent, throttled) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  if (throttled) {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLED.cpu });
    await cdp.send("Network.emulateNetworkConditions", THROTTLED.network);
  }
  const scripts = new Map();
  cdp.on("Network.responseReceived", ({ requestId, type }) => type === "Script" && scripts.set(requestId, 0));
  cdp.on(
    "Network.loadingFinished",
    ({ requestId, encodedDataLength }) => scripts.has(requestId) && scripts.set(requestId, encodedDataLength),
  );
  const sent = () => [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0) / 1024;
  await page.goto(url, { waitUntil: "networkidle" });
  const before = { kb: sent(), files: scripts.size, enhanced: await page.evaluate(enhanced) };
  const start = Date.now();
  await showIntent(page, intent);
  await page.waitForFunction(enhanced, undefined, { timeout: 60_000 });
  const toEnhanced = Date.now() - start;
  await page.waitForLoadState("networkidle");
  const after = { kb: sent(), files: scripts.size };
  await context.close();
  return { before, after, toEnhanced };
}

try {
  await server.waitUntilUp();
  const newest = {};
  for (const country of ["NL", "BE"]) {
    const { body } = await server.get(
      `${country.toLowerCase()}.localhost`,
      `/api/campaign-items?countryCode=${country}`,
    );
    newest[country] = JSON.parse(body).campaignItems[0]?.id;
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  console.log(
    'JavaScript as sent (KB/files) until the network is idle without interaction, then after the first intent; "enhanced already": React ran the page before any intent.',
  );
  console.log(
    "Intent → enhanced: unthrottled, and throttled as Lighthouse's mobile profile (4 × CPU, 1.6 Mbit/s, 150 ms; the median of three runs).\n",
  );
  console.log(
    `${"page".padEnd(18)} ${"before intent".padStart(14)} ${"after intent".padStart(14)} ${"intent→enhanced".padStart(16)} ${"throttled".padStart(10)}  intent`,
  );
  for (const [label, host, rawPath, intent] of PAGES) {
    const url = `http://${host}:${PORT}${rawPath.replace("{campaign}", newest[host.startsWith("be") ? "BE" : "NL"])}`;
    const fast = await measure(browser, url, intent, false);
    // One throttled run varies by ±300 ms on this machine: the median of three.
    const slowRuns = [];
    for (let run = 0; run < 3; run++) slowRuns.push((await measure(browser, url, intent, true)).toEnhanced);
    const slow = { toEnhanced: slowRuns.sort((a, b) => a - b)[1] };
    const kb = ({ kb, files }) => `${kb.toFixed(1)} KB/${files}`;
    console.log(
      `${label.padEnd(18)} ${kb(fast.before).padStart(14)} ${kb(fast.after).padStart(14)} ${`${fast.toEnhanced} ms`.padStart(16)} ${`${slow.toEnhanced} ms`.padStart(10)}  ${intent}${fast.before.enhanced ? " (enhanced already)" : ""}`,
    );
  }
  await browser.close();
} finally {
  server.stop();
}
