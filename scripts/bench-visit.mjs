// `npm run bench:visit`: a realistic visit replayed in Chromium,
// with and without JavaScript, against the production build with a
// throwaway DATA_DIR: land on the home page, read two documents, send the
// contact form, read three more pages (about, the terms of use, home). Prints, for each answer that made a
// page (a document, or with JavaScript a client-side navigation's data),
// whether the page cache gave it (X-Cache HIT or MISS) or it was rendered for
// this visitor (no X-Cache), and the share served from the cache. Asserts
// nothing.
import { chromium } from "@playwright/test";

import { startProductionServer } from "./lib/production-server.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3997);
const server = startProductionServer(PORT, "bench-visit");
const site = (path) => `http://nl.localhost:${PORT}${path}`;

/** The visit: each step a page the visitor reaches, by a link where a visitor would click one. */
async function visit(page) {
  await page.goto(site("/nl"));
  await page.goto(site("/nl/document/privacy-policy"));
  await page.goto(site("/nl/document/cookie-policy"));
  await page.goto(site("/nl"));
  await page.getByLabel("Naam").fill("Bench Bezoeker");
  await page.getByLabel("E-mailadres").fill("bench.bezoeker@veldhaven-test.nl");
  await page.getByLabel("Je vraag").fill("Hoe lang bewaren jullie mijn gegevens?");
  await page.getByRole("button", { name: "Verstuur" }).click();
  await page.getByTestId("banner").waitFor();
  const menu = page.getByRole("navigation", { name: "Hoofdmenu" });
  const footer = page.getByRole("contentinfo");
  for (const [where, name, path] of [
    [menu, "Over ons", "/nl/about"],
    [footer, "Gebruiksvoorwaarden", "/nl/document/terms-of-use"],
    [menu, "Home", "/nl"],
  ]) {
    await where.getByRole("link", { name, exact: true }).click();
    await page.waitForURL(site(path));
    await page.waitForLoadState("networkidle");
  }
}

try {
  await server.waitUntilUp();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  console.log("A visit: home, two documents, home with the contact form sent, about, the terms of use, home.");
  for (const javaScriptEnabled of [false, true]) {
    // A first visitor fills the cache, as the site's other visitors would have.
    for (const round of ["warm-up", "measured"]) {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      const answers = [];
      page.on("response", (response) => {
        const { pathname } = new URL(response.url());
        const method = response.request().method();
        if (
          method === "GET" &&
          (response.request().resourceType() === "document" || pathname.endsWith(".data")) &&
          response.status() === 200
        ) {
          answers.push({ path: pathname, cache: response.headers()["x-cache"] ?? "rendered" });
        }
      });
      await visit(page);
      await page.waitForLoadState("networkidle");
      await context.close();
      if (round === "warm-up") continue;
      const fromCache = answers.filter((answer) => answer.cache !== "rendered").length;
      console.log(
        `\n${javaScriptEnabled ? "with JavaScript" : "without JavaScript"}: ${fromCache} of ${answers.length} page answers from the cache (${((100 * fromCache) / answers.length).toFixed(0)} %)`,
      );
      for (const answer of answers) console.log(`  ${answer.cache.padEnd(8)} ${answer.path}`);
    }
  }
  await browser.close();
} finally {
  server.stop();
}
