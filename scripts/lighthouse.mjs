// `npm run lighthouse`: Lighthouse (mobile, its default throttling) on the six
// public page types (home, document, phone, access form, ad list, ad) and three more that hydrate on the visitor's first intent, against the production build with a throwaway DATA_DIR,
// in Debian's Chromium (CHROMIUM_PATH). Prints the four category scores and
// every audit that kept a page below 100; writes no reports.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

import { startProductionServer } from "./lib/production-server.mjs";

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3998);
const base = (host) => `http://${host}.localhost:${PORT}`;

const server = startProductionServer(PORT, "lighthouse");

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
  ],
});

/** What the largest paint was, to know what to make appear sooner. */
function lcpElement(lhr) {
  const node = lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node;
  return node ? `${node.selector} ${node.snippet.slice(0, 120)}` : "?";
}

try {
  await server.waitUntilUp();
  // A first page from a server that just started can miss Lighthouse's first load (a run scored 0): warm it.
  await server.get("nl.localhost", "/nl");
  // The newest Belgian ad.
  const newestAd = JSON.parse((await server.get("be.localhost", "/api/campaign-items?countryCode=BE")).body)
    .campaignItems[0].id;
  const pages = [
    ["home", `${base("nl")}/nl`],
    ["document", `${base("nl")}/nl/document/privacy-policy`],
    ["comparison", `${base("be")}/fr/document/privacy-policy/compare`],
    ["phone", `${base("be")}/fr/phone`],
    ["access form", `${base("nl")}/nl/privacy-rights/access`],
    ["ad list", `${base("be")}/nl/political-ads`],
    ["ad", `${base("be")}/nl/political-ads/${newestAd}`],
    // More pages that hydrate on the visitor's first intent, beside the home, access form and ad above.
    ["about", `${base("be")}/fr/about`],
    ["objection", `${base("be")}/fr/privacy-rights/direct-marketing/brands`],
    ["report an ad", `${base("be")}/nl/political-ads/${newestAd}/report`],
  ];
  const categories = ["performance", "accessibility", "best-practices", "seo"];
  console.log(
    `${"page".padEnd(14)} ${categories.map((name) => name.slice(0, 12).padStart(13)).join("")}  FCP / LCP / TBT / CLS`,
  );
  // LIGHTHOUSE_ONLY=ad,home runs those pages only.
  const only = process.env.LIGHTHOUSE_ONLY ? process.env.LIGHTHOUSE_ONLY.split(",") : null;
  for (const [label, url] of pages.filter(([label]) => !only || only.includes(label))) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: categories,
    });
    const lhr = result.lhr;
    const scores = categories
      .map((name) => String(Math.round((lhr.categories[name].score ?? 0) * 100)).padStart(13))
      .join("");
    const metric = (id) => lhr.audits[id]?.displayValue ?? "?";
    console.log(
      `${label.padEnd(14)} ${scores}  ${metric("first-contentful-paint")} / ${metric("largest-contentful-paint")} / ${metric("total-blocking-time")} / ${metric("cumulative-layout-shift")}`,
    );
    for (const name of categories) {
      for (const ref of lhr.categories[name].auditRefs) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
          console.log(
            `${"".padEnd(16)}${name}: ${ref.id} (${Math.round(audit.score * 100)}) ${audit.displayValue ?? ""}`,
          );
          if (ref.id === "largest-contentful-paint") console.log(`${"".padEnd(18)}element: ${lcpElement(lhr)}`);
        }
      }
    }
  }
} finally {
  await chrome.kill();
  server.stop();
}
