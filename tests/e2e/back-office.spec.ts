/**
 * The back office as privacy officers use it, with JavaScript on
 * and off: filter and open requests, every action with its mail, the overdue
 * marker, export; ad reports and their outcome mail; the suppression feed a
 * marketing system reads; and every back-office page and call refusing an
 * agent and an anonymous visitor.
 */
import { RIGHT_TYPES } from "~/domain/rights";

import { request } from "../setup/spawn-server";
import { expect, expectAxeClean, layoutIsCss, onlyWithJavaScript, siteUrl, test } from "./fixtures";
import { mailTo, sql } from "./shared-server-data";
import { registerItems } from "./site-pages";
import { soft } from "./soft-hyphens";
import { addStaff, signInAsStaff, uniqueStaffEmail } from "./staff-fixtures";

// Long journeys and sweeps: ~15 s on two idle cores, up to 53 s on one
// (pinned with taskset). A limit that fits a machine three times slower.
test.describe.configure({ timeout: 180_000 });

const FEED_TOKEN = "e2e-marketing-system-token-0123456789abcdef";
const port = () => Number(process.env.E2E_PORT);
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function postJson(pathname: string, body: unknown, host: "nl" | "be" = "nl") {
  const answer = await request(port(), {
    method: "POST",
    path: pathname,
    host: `${host}.localhost:${port()}`,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: answer.status, json: JSON.parse(answer.body) as Record<string, string> };
}

/**
 * A verified access request: made through the public call, then confirmed the
 * way the link does (OPEN, due one month later), with `dueAt` set to the
 * moment a test needs (our clock).
 */
async function openRequest(email: string, dueAt: Date): Promise<string> {
  const made = await postJson("/api/privacy-rights/request", {
    flowType: "RIGHT_OF_ACCESS",
    email,
    language: "nl",
    userMessage: "Welke gegevens hebben jullie?",
  });
  expect(made.status).toBe(201);
  sql(
    "update privacy_request set state = 'OPEN', verified_at = ?, due_at = ? where reference = ?",
    new Date().toISOString(),
    dueAt.toISOString(),
    made.json.reference,
  );
  return made.json.reference;
}

let officer: string;
test.beforeEach(async () => {
  // An account of its own per test: adding an existing one resets it and ends its sessions.
  officer = uniqueStaffEmail("officer");
  await addStaff(officer, "officer");
});

test("requests: filter, the overdue marker, open one, start, extend (mailed), complete; the trail of each step", async ({
  page,
}) => {
  const subject = `inzage-${unique()}@veldhaven-test.nl`;
  // Our clock: this request was due yesterday.
  const reference = await openRequest(subject, new Date(Date.now() - 86_400_000));
  await signInAsStaff(page, officer);
  await page.getByRole("navigation", { name: "Backoffice" }).getByRole("link", { name: "Privacyaanvragen" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacyaanvragen");
  await page.getByLabel("Zoek op referentie").fill(reference.toLowerCase());
  await page.getByLabel("Alleen aanvragen die te laat zijn").check();
  await page.getByRole("button", { name: "Filteren" }).click();
  await expect(page).toHaveURL(/overdue=on/);
  await expect(page.getByRole("status").filter({ hasText: "1 aanvraag" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: reference });
  await expect(row.getByText("Te laat")).toBeVisible();
  await expectAxeClean(page);

  await row.getByRole("link", { name: reference }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Aanvraag ${reference}`);
  // The detail page has its own title, not the list's.
  await expect(page).toHaveTitle(new RegExp(`^Aanvraag ${reference} \\| `));
  await expect(page.getByText(subject)).toBeVisible();
  await expectAxeClean(page);

  const start = page.getByRole("region", { name: "In behandeling nemen" });
  await start.getByLabel("Notitie (optioneel)").fill("Gegevens opvragen bij de abonnementenadministratie.");
  await start.getByRole("button", { name: "In behandeling nemen" }).click();
  await expect(page.getByTestId("banner")).toContainText("De aanvraag is in behandeling genomen.");
  await expect(page.locator("header").getByText(soft(/In behandeling/))).toBeVisible();

  const extend = page.getByRole("region", { name: "Termijn verlengen" });
  await extend.getByRole("button", { name: "Termijn verlengen" }).click();
  // Each message says what to do, and the title says something went wrong.
  await expect(extend.getByText("Kies met hoeveel maanden je de termijn verlengt").first()).toBeVisible();
  await expect(extend.getByText("Geef een reden op voor de verlenging").first()).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^Fout: .*${reference}`));
  await extend.getByRole("radio", { name: "2 maanden" }).check();
  await extend
    .getByLabel("Reden (we mailen die naar de betrokkene)")
    .fill("Je gegevens staan in drie systemen; die zoeken we zorgvuldig na.");
  await extend.getByRole("button", { name: "Termijn verlengen" }).click();
  await expect(page.getByTestId("banner")).toContainText("De termijn is verlengd en de betrokkene is gemaild.");
  await expect(
    page.getByRole("region", { name: "Termijn verlengen" }).getByText("De termijn is al eens verlengd"),
  ).toBeVisible();
  // No longer overdue: due two months after yesterday.
  await expect(page.locator("header").getByText("Te laat")).toHaveCount(0);
  const extensionMail = await mailTo(subject, "drie systemen");
  expect(extensionMail).toContain(reference);

  const complete = page.getByRole("region", { name: "Afronden" });
  await complete.getByLabel("Wat is er gedaan?").fill("Overzicht van de gegevens per post verstuurd.");
  await complete.getByRole("button", { name: "Afronden" }).click();
  await expect(page.getByTestId("banner")).toContainText("De aanvraag is afgerond.");
  await expect(page.getByText("In deze status is er niets meer te doen.")).toBeVisible();
  const history = page.locator(".app-history");
  for (const step of ["Ingediend", "In behandeling genomen", "Termijn verlengd", "Afgerond"])
    await expect(history.getByText(step, { exact: true })).toBeVisible();
  await expect(history).toContainText(officer);
  expect(
    sql<{ action: string; actor_id: string | null }>(
      "select action, actor_id from audit_event where request_id = (select id from privacy_request where reference = ?) order by seq",
      reference,
    ).map((event) => event.action),
  ).toEqual(["SUBMITTED", "STARTED", "EXTENDED", "COMPLETED"]);
});

test("the list's right filter offers every right of the table and finds a portability request and a restriction by theirs", async ({
  page,
}) => {
  const made = new Map<string, string>();
  for (const [flowType, fields] of [
    ["DATA_PORTABILITY", { delivery: "PERSON" }],
    ["RESTRICTION_OF_PROCESSING", { ground: "LEGAL_CLAIM", concerns: "Mijn abonnementsgegevens." }],
  ] as const) {
    const answer = await postJson("/api/privacy-rights/request", {
      flowType,
      email: `${flowType.toLowerCase()}-${unique()}@veldhaven-test.nl`,
      language: "nl",
      ...fields,
    });
    expect(answer.status).toBe(201);
    made.set(flowType, answer.json.reference);
  }
  await signInAsStaff(page, officer);
  await page.goto(siteUrl("nl", "/nl/internal-privacy-rights/requests"));
  const filter = page.getByLabel("Soort aanvraag");
  // The rights and "every right".
  await expect(filter.locator("option")).toHaveCount(RIGHT_TYPES.length + 1);
  const labels = { DATA_PORTABILITY: "Overdraagbaarheid", RESTRICTION_OF_PROCESSING: "Beperking" } as const;
  for (const [flowType, reference] of made) {
    // Found under its own right; under the other one, the same reference finds nothing.
    for (const [right, label] of Object.entries(labels)) {
      await filter.selectOption({ label });
      await page.getByLabel("Zoek op referentie").fill(reference);
      await page.getByRole("button", { name: "Filteren" }).click();
      await expect(page).toHaveURL(new RegExp(`rightType=${right}`));
      await expect(page.getByRole("row").filter({ hasText: reference })).toHaveCount(right === flowType ? 1 : 0);
      if (right === flowType) await expect(page.getByRole("row").filter({ hasText: reference })).toContainText(label);
    }
  }
});

test("reject with a reason mailed to the data subject; a second officer's late action is refused, not applied twice", async ({
  page,
  browser,
}) => {
  const subject = `verwijder-${unique()}@veldhaven-test.nl`;
  const reference = await openRequest(subject, new Date(Date.now() + 20 * 86_400_000));
  await signInAsStaff(page, officer);
  await page.goto(siteUrl("nl", `/nl/internal-privacy-rights/requests/${reference}`));
  // Another officer's tab, opened before the rejection.
  const other = await browser.newContext({ javaScriptEnabled: false });
  const otherPage = await other.newPage();
  await otherPage.context().addCookies(await page.context().cookies());
  await otherPage.goto(siteUrl("nl", `/nl/internal-privacy-rights/requests/${reference}`));

  const reject = page.getByRole("region", { name: "Afwijzen" });
  await reject.getByRole("button", { name: "Afwijzen" }).click();
  await expect(reject.getByText("Geef een reden op voor de weigering").first()).toBeVisible();
  await reject
    .getByLabel("Reden (we mailen die naar de betrokkene)")
    .fill("We konden niet vaststellen dat dit account van jou is.");
  await reject.getByRole("button", { name: "Afwijzen" }).click();
  await expect(page.getByTestId("banner")).toContainText("De aanvraag is afgewezen en de betrokkene is gemaild.");
  const mail = await mailTo(subject, "niet vaststellen");
  expect(mail).toContain("Autoriteit Persoonsgegevens");

  const complete = otherPage.getByRole("region", { name: "Afronden" });
  await complete.getByLabel("Wat is er gedaan?").fill("Toch afgerond.");
  await complete.getByRole("button", { name: "Afronden" }).click();
  await expect(otherPage.getByText("Dat kan niet (meer) in deze status.").first()).toBeVisible();
  await other.close();
  expect(sql<{ state: string }>("select state from privacy_request where reference = ?", reference)).toEqual([
    { state: "REJECTED" },
  ]);
});

test("the export is the filtered list as CSV", onlyWithJavaScript("a download: once is enough"), async ({ page }) => {
  const subject = `export-${unique()}@veldhaven-test.nl`;
  const reference = await openRequest(subject, new Date(Date.now() + 86_400_000));
  await signInAsStaff(page, officer);
  await page.goto(siteUrl("nl", `/nl/internal-privacy-rights/requests?text=${reference}`));
  const link = page.getByRole("link", { name: "Exporteer als CSV" });
  await expect(link).toHaveAttribute("href", `/nl/internal-privacy-rights/requests/export?text=${reference}`);
  const csv = await page.evaluate(
    async (href) => {
      const answer = await fetch(href);
      return {
        type: answer.headers.get("content-type"),
        disposition: answer.headers.get("content-disposition"),
        text: await answer.text(),
      };
    },
    (await link.getAttribute("href"))!,
  );
  expect(csv.type).toBe("text/csv; charset=utf-8");
  expect(csv.disposition).toMatch(/^attachment; filename="privacy-requests-/);
  const lines = csv.text
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe("reference,rightType,state,country,locale,email,createdAt,verifiedAt,dueAt,overdue");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${reference},RIGHT_OF_ACCESS,OPEN,NL,nl_nl,${subject}`);
});

test("ad reports: filter, open with the ad, review, close with an outcome mailed to the reporter", async ({ page }) => {
  const [ad] = await registerItems(page.request, "be");
  const reporter = `melder-${unique()}@veldhaven-test.nl`;
  const made = await postJson(
    "/api/political-ad-complaint",
    {
      name: "Lotte Lezer",
      email: reporter,
      explanation: "Geen betaler vermeld.",
      reason: "ALCOHOL_DRUGS_SEX",
      campaignId: ad.id,
      locale: "nl_be",
    },
    "be",
  );
  expect(made.status).toBe(201);
  const reference = made.json.reference;
  await signInAsStaff(page, officer);
  await page.goto(siteUrl("nl", "/nl/internal-privacy-rights/ad-reports"));
  await page.getByLabel("Reden").selectOption({ label: "Alcohol, drugs of seks" });
  await page.getByLabel("Land").selectOption({ label: "België" });
  await page.getByRole("button", { name: "Filteren" }).click();
  await expect(page).toHaveURL(/reason=ALCOHOL_DRUGS_SEX/);
  await page.getByRole("link", { name: reference }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Melding ${reference}`);
  await expect(page).toHaveTitle(new RegExp(`^Melding ${reference} \\| `));
  await expect(page.getByRole("link", { name: ad.id })).toBeVisible();
  await expect(page.getByText(ad.sponsorName)).toBeVisible();
  await expectAxeClean(page);

  await page.getByRole("button", { name: "Beoordeling starten" }).click();
  await expect(page.getByTestId("banner")).toContainText("De beoordeling is gestart.");
  await page
    .getByLabel("Uitkomst (we mailen die naar de melder)")
    .fill("De adverteerder heeft de advertentie aangepast; de betaler staat er nu bij.");
  await page.getByRole("button", { name: "Afsluiten en melder informeren" }).click();
  await expect(page.getByTestId("banner")).toContainText("De melding is afgesloten en de melder is gemaild.");
  await expect(page.locator(".app-history")).toContainText("Beoordeling gestart");
  const mail = await mailTo(reporter, "de betaler staat er nu bij");
  expect(mail).toContain(reference);
});

test(
  "every back-office page and call refuses an agent and an anonymous visitor",
  onlyWithJavaScript("server answers: once is enough"),
  async ({ page, browser }) => {
    // An agent has a list of their own requests and the search; every other page is officers'.
    const pages = [
      "/nl/internal-privacy-rights/requests/PR-0000-0000",
      "/nl/internal-privacy-rights/ad-reports",
      "/nl/internal-privacy-rights/ad-reports/PA-0000-0000",
      "/nl/internal-privacy-rights/systems",
      "/nl/internal-privacy-rights/reports",
    ];
    const downloads = [
      "/nl/internal-privacy-rights/requests/export",
      "/nl/internal-privacy-rights/ad-reports/export",
      "/nl/internal-privacy-rights/suppressions/export",
    ];
    // Anonymous: pages go to the login page, downloads answer 401.
    for (const pathname of [...pages, "/nl/internal-privacy-rights/requests", "/nl/internal-privacy-rights/search"]) {
      await page.goto(siteUrl("nl", pathname));
      await expect(page, pathname).toHaveURL(siteUrl("nl", "/nl/internal-privacy-rights/login"));
    }
    await page.goto(siteUrl("nl", "/nl/internal-privacy-rights/login"));
    const anonymous = await page.evaluate(
      (urls) => Promise.all(urls.map((url) => fetch(url).then((answer) => answer.status))),
      downloads,
    );
    expect(anonymous).toEqual([401, 401, 401]);

    // An agent: 403 with an explanation, downloads and posts 403.
    const agent = `agent-${unique()}@veldhaven-test.nl`;
    await addStaff(agent, "agent");
    const context = await browser.newContext();
    const agentPage = await context.newPage();
    await signInAsStaff(agentPage, agent);
    const agentNav = agentPage.getByRole("navigation", { name: "Backoffice" });
    await expect(agentNav.getByRole("link")).toHaveText(["Mijn aanvragen", "Zoeken", "Klant uitschrijven"]);
    for (const pathname of pages) {
      const answer = await agentPage.goto(siteUrl("nl", pathname));
      expect(answer?.status(), pathname).toBe(403);
      await expect(agentPage.getByRole("heading", { level: 1 })).toHaveText("Geen toegang");
    }
    await expectAxeClean(agentPage);
    const forbidden = await agentPage.evaluate(
      (urls) => Promise.all(urls.map((url) => fetch(url).then((answer) => answer.status))),
      downloads,
    );
    expect(forbidden).toEqual([403, 403, 403]);
    const posted = await agentPage.evaluate(() =>
      fetch("/nl/internal-privacy-rights/requests/PR-0000-0000", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "form=request-reject&reason=x",
      }).then((answer) => answer.status),
    );
    expect(posted).toBe(403);
    // Nor may an agent change the register of systems.
    const systemPosted = await agentPage.evaluate(() =>
      fetch("/nl/internal-privacy-rights/systems", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "form=system-save&id=hack&name=x&channel=manual&active=yes",
      }).then((answer) => answer.status),
    );
    expect(systemPosted).toBe(403);
    // The 403 page keeps the staff bar: who is signed in, sign-out, and the way back to the form.
    await agentPage.goto(siteUrl("nl", pages[1]));
    await expect(agentPage.getByText(`Aangemeld als ${agent}`)).toBeVisible();
    await expect(agentPage.getByRole("link", { name: "Naar het uitschrijfformulier" })).toHaveAttribute(
      "href",
      "/nl/internal-privacy-rights/direct-marketing",
    );
    await agentPage.getByRole("button", { name: "Afmelden" }).click();
    await expect(agentPage).toHaveURL(/internal-privacy-rights\/login/);
    await context.close();
  },
);

test(
  "the suppression feed: 401 without or with a wrong token; since and the cursor give every row exactly once",
  onlyWithJavaScript("server answers: once is enough"),
  async () => {
    const feed = (query: string, token?: string) =>
      request(port(), {
        path: `/api/internal/suppressions${query}`,
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      }).then((answer) => ({
        status: answer.status,
        headers: answer.headers,
        json: JSON.parse(answer.body) as {
          suppressions: Array<{
            brandKey: string;
            channel: string;
            identifier: string;
            requestReference: string;
            createdAt: string;
          }>;
          nextCursor: string | null;
        },
      }));
    expect((await feed("")).status).toBe(401);
    expect((await feed("", "wrong-token-wrong-token-wrong-token-00")).status).toBe(401);
    expect((await feed("")).headers["www-authenticate"]).toBe('Bearer realm="suppressions"');

    // Two objections without e-mail, executed at once: 5 + 3 brand keys × phone.
    const since = new Date(Date.now() - 1000).toISOString();
    const phoneA = `+3161${String(Date.now()).slice(-7)}`;
    const phoneB = `+3162${String(Date.now()).slice(-7)}`;
    const keys = ["ademruimte", "baardwerk", "bitbuurt", "fietsvrij", "koffervol"];
    expect(
      (await postJson("/api/privacy-rights/request", { flowType: "OBJECTION", brands: keys, phoneNumber: phoneA }))
        .status,
    ).toBe(201);
    expect(
      (
        await postJson("/api/privacy-rights/request", {
          flowType: "OBJECTION",
          brands: keys.slice(0, 3),
          phoneNumber: phoneB,
        })
      ).status,
    ).toBe(201);
    const expected = sql<{ n: number }>(
      "select count(*) as n from marketing_suppression where created_at > ? and country = 'nl'",
      since,
    )[0].n;
    expect(expected).toBeGreaterThanOrEqual(8);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer = await feed(
        `?since=${encodeURIComponent(since)}&country=NL&limit=3${cursor ? `&cursor=${cursor}` : ""}`,
        FEED_TOKEN,
      );
      expect(answer.status).toBe(200);
      expect(answer.json.suppressions.length).toBeLessThanOrEqual(3);
      seen.push(...answer.json.suppressions.map((item) => `${item.brandKey}|${item.channel}|${item.identifier}`));
      cursor = answer.json.nextCursor;
      pages += 1;
    } while (cursor && pages < 50);
    expect(pages).toBeGreaterThan(2);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(expected);
    expect(seen).toContain(`ademruimte|PHONE|${phoneA}`);
    expect(seen).toContain(`bitbuurt|PHONE|${phoneB}`);
    expect((await feed("?cursor=not-a-cursor", FEED_TOKEN)).status).toBe(400);
    expect((await feed("?since=yesterday", FEED_TOKEN)).status).toBe(400);
  },
);

test(
  "the back office fits a 320 px screen and 200 % text without sideways scrolling",
  layoutIsCss,
  async ({ page }) => {
    const reference = await openRequest(`smal-${unique()}@veldhaven-test.nl`, new Date(Date.now() - 86_400_000));
    await signInAsStaff(page, officer);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    for (const [width, scale] of [
      [320, 1],
      [1280, 2],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      if (scale !== 1) {
        const cdp = await page.context().newCDPSession(page);
        await cdp.send("Page.setFontSizes", { fontSizes: { standard: 16 * scale, fixed: 13 * scale } });
      }
      for (const pathname of [
        "/nl/internal-privacy-rights/requests?overdue=on",
        `/nl/internal-privacy-rights/requests/${reference}`,
        "/nl/internal-privacy-rights/ad-reports",
      ]) {
        await page.goto(siteUrl("nl", pathname));
        expect(await overflow(), `${pathname} at ${width} px, text ×${scale}`).toBeLessThanOrEqual(0);
      }
    }
  },
);
