// `npm run bench`: every public page type beside a static asset of the same
// server, against the production build with a throwaway DATA_DIR.
// For each: requests per second at 10 connections and its ratio to the static
// asset, from the page cache and rendered every time by a second
// server with PAGE_CACHE_SECONDS=0; p50 and p99 latency at 50 connections;
// the JavaScript the page asks for at once (files, gzip KB) and what its
// modules fetch at the visitor's first intent (a form's code, the report
// dialog: "+ later"); and
// the JavaScript a real Chromium downloads, as sent, until the
// network is idle. Prints figures; asserts nothing (speed goals are checked
// here, not in tests). BENCH_SECONDS sets each run's length.
import os from "node:os";
import { gzipSync } from "node:zlib";

import { chromium } from "@playwright/test";
import autocannon from "autocannon";

import { startProductionServer } from "./lib/production-server.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3999);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);

/** [label, host, path]; `{campaign}` is the newest ad of that country. */
const PAGES = [
  ["home", "nl.localhost", "/nl"],
  ["document", "nl.localhost", "/nl/document/privacy-policy"],
  ["about", "be.localhost", "/fr/about"],
  ["phone", "be.localhost", "/fr/phone?type=radio"],
  ["search", "be.localhost", "/nl/search?q=bewaartermijn"],
  ["privacy-rights", "nl.localhost", "/nl/privacy-rights"],
  ["access form", "nl.localhost", "/nl/privacy-rights/access"],
  ["objection step 1", "be.localhost", "/fr/privacy-rights/direct-marketing/brands"],
  ["forgotten overview", "nl.localhost", "/nl/privacy-rights/forgotten-overview"],
  ["placeholder", "nl.localhost", "/nl/privacy-rights/push-notifications"],
  ["ad list", "nl.localhost", "/nl/political-ads"],
  ["ad list, filtered", "be.localhost", "/fr/political-ads?period=PAST_YEAR&text=climat"],
  ["ad", "be.localhost", "/nl/political-ads/{campaign}"],
  ["report an ad", "be.localhost", "/nl/political-ads/{campaign}/report"],
  ["not found", "nl.localhost", "/nl/bestaat-niet"],
];
const CALLS = [
  ["plain-HTML call", "nl.localhost", "/api/plainhtml/cookie-policy?locale=nl_nl"],
  ["ad register call", "be.localhost", "/api/campaign-items?countryCode=BE&period=PAST_30_DAYS"],
];

const server = startProductionServer(PORT, "bench");
const uncachedServer = startProductionServer(PORT + 1, "bench-uncached", { PAGE_CACHE_SECONDS: "0" });
const { get } = server;

/** JavaScript as a browser downloads it (bytes on the wire, compressed as sent) until the network is idle. */
async function javascriptInBrowser(browser, host, urlPath) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const scripts = new Map();
  cdp.on("Network.responseReceived", ({ requestId, type }) => type === "Script" && scripts.set(requestId, 0));
  cdp.on(
    "Network.loadingFinished",
    ({ requestId, encodedDataLength }) => scripts.has(requestId) && scripts.set(requestId, encodedDataLength),
  );
  await page.goto(`http://${host}:${PORT}${urlPath}`, { waitUntil: "networkidle" });
  await context.close();
  return { files: scripts.size, kb: [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0) / 1024 };
}

/**
 * The scripts a page loads at once (script src, module preloads, what the
 * inline module imports and preloads), and the code its modules fetch afterwards: a form's module
 * after hydration, the report dialog on intent (Vite's dynamic-import
 * dependency lists).
 */
async function javascriptOf(host, html) {
  const urls = new Set();
  for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(src);
  for (const [, href] of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) urls.add(href);
  for (const [, href] of html.matchAll(/<link\b[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g)) urls.add(href);
  // What the inline module imports, and preloads once the page is painted (app/utils/hydrate-after-paint.server.ts).
  for (const [, list] of html.matchAll(/for \(const href of (\[[^\]]*\])\)/g))
    for (const src of JSON.parse(list)) urls.add(src);
  for (const [, src] of html.matchAll(/import\("([^"]+\.js)"\)/g)) urls.add(src);
  const later = new Set();
  let gzipBytes = 0;
  for (const url of urls) {
    const { body } = await get(host, url);
    gzipBytes += gzipSync(body).length;
    const deps = /m\.f=\[([^\]]*)\]/.exec(body)?.[1] ?? "";
    for (const [, file] of deps.matchAll(/"([^"]+\.js)"/g)) if (!urls.has(`/${file}`)) later.add(`/${file}`);
  }
  let laterBytes = 0;
  for (const url of later) laterBytes += gzipSync((await get(host, url)).body).length;
  return { files: urls.size, gzipKb: gzipBytes / 1024, laterKb: laterBytes / 1024 };
}

/** Everything as a browser asks for it: compressed. */
async function load(host, urlPath, connections, port = PORT) {
  return autocannon({
    url: `http://127.0.0.1:${port}${urlPath}`,
    headers: { host: `${host}:${PORT}`, "accept-encoding": "gzip, br" },
    connections,
    duration: DURATION,
  });
}

const STATIC_LABEL = "static asset (JS)";
const pad = (value, width) => String(value).padStart(width);

try {
  await server.waitUntilUp();
  await uncachedServer.waitUntilUp();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const newest = {};
  for (const country of ["NL", "BE"]) {
    const { body } = await get(`${country.toLowerCase()}.localhost`, `/api/campaign-items?countryCode=${country}`);
    newest[country] = JSON.parse(body).campaignItems[0]?.id;
  }
  const resolve = (host, urlPath) => urlPath.replace("{campaign}", newest[host.startsWith("be") ? "BE" : "NL"]);

  const home = await get("nl.localhost", "/nl");
  // React Router's client entry: the asset every hydrated page loads.
  const asset = /import\("(\/assets\/entry\.client-[^"]+\.js)"\)/.exec(home.body)?.[1];
  const rows = [
    [STATIC_LABEL, "nl.localhost", asset, false],
    ...PAGES.map((row) => [...row, true]),
    ...CALLS.map((row) => [...row, false]),
  ];

  console.log(
    `${DURATION} s per run, ${os.cpus().length} cores, server and load generator on one machine; "uncached": a second server with PAGE_CACHE_SECONDS=0.`,
  );
  console.log(
    `${"what".padEnd(22)} ${pad("req/s@10", 9)} ${pad("× static", 8)} ${pad("uncached", 8)} ${pad("× static", 8)} ${pad("p50@50", 7)} ${pad("p99@50", 7)} ${pad("JS files", 8)} ${pad("JS gz KB", 8)} ${pad("+ later", 7)} ${pad("browser JS", 14)}  path`,
  );
  let staticRate = 0;
  for (const [label, host, rawPath, isPage] of rows) {
    const urlPath = resolve(host, rawPath);
    const at10 = await load(host, urlPath, 10);
    const at50 = await load(host, urlPath, 50);
    if (!staticRate) staticRate = at10.requests.average;
    const uncached = isPage ? (await load(host, urlPath, 10, PORT + 1)).requests.average : null;
    const js = isPage ? await javascriptOf(host, (await get(host, urlPath)).body) : null;
    const inBrowser = isPage ? await javascriptInBrowser(browser, host, urlPath) : null;
    const errors = at10.non2xx + at50.non2xx;
    console.log(
      `${label.padEnd(22)} ${pad(at10.requests.average.toFixed(0), 9)} ${pad((at10.requests.average / staticRate).toFixed(2), 8)} ${pad(uncached === null ? "" : uncached.toFixed(0), 8)} ${pad(uncached === null ? "" : (uncached / staticRate).toFixed(2), 8)} ${pad(at50.latency.p50, 7)} ${pad(at50.latency.p99, 7)} ${pad(js ? js.files : "", 8)} ${pad(js ? js.gzipKb.toFixed(1) : "", 8)} ${pad(js?.laterKb ? js.laterKb.toFixed(1) : "", 7)} ${pad(inBrowser ? `${inBrowser.kb.toFixed(1)} KB/${inBrowser.files}` : "", 14)}  ${host}${urlPath}` +
        (errors && label !== "not found" ? `  (${errors} non-2xx)` : ""),
    );
  }
  await browser.close();
} finally {
  server.stop();
  uncachedServer.stop();
}
