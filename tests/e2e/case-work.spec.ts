/**
 * The privacy team's day, with JavaScript on and off. An officer
 * gives a request to an agent, who finds it under "my requests" and writes a
 * note that the person never sees (status page, mails); the search finds the
 * request by the person's address without the address in any URL; several
 * requests are given to someone at once from the list.
 */
import { request } from "../setup/spawn-server";
import { expect, expectAxeClean, layoutIsCss, siteUrl, test } from "./fixtures";
import { horizontalOverflow, setTextSize } from "./reflow";
import { mailsTo, mailTo, sql } from "./shared-server-data";
import { addStaff, signInAsStaff, uniqueStaffEmail } from "./staff-fixtures";

test.describe.configure({ timeout: 180_000 });

const port = () => Number(process.env.E2E_PORT);
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Open and verified; `dueAt` decides where the list (soonest due first) shows it. */
async function openRequest(email: string, dueAt = new Date(Date.now() + 20 * 86_400_000)): Promise<string> {
  const made = await request(port(), {
    method: "POST",
    path: "/api/privacy-rights/request",
    host: `nl.localhost:${port()}`,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      flowType: "RIGHT_OF_ACCESS",
      email,
      language: "nl",
      userMessage: "Welke gegevens hebben jullie?",
    }),
  });
  expect(made.status).toBe(201);
  const { reference } = JSON.parse(made.body) as { reference: string };
  sql(
    "update privacy_request set state = 'OPEN', verified_at = ?, due_at = ? where reference = ?",
    new Date().toISOString(),
    dueAt.toISOString(),
    reference,
  );
  return reference;
}

test("an officer assigns, the agent finds it under theirs and notes; the person never sees the note; the search finds by address", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  const officer = uniqueStaffEmail("officer");
  const agent = uniqueStaffEmail("agent");
  await addStaff(officer, "officer");
  await addStaff(agent, "agent");
  const person = `persoon-${unique()}@veldhaven-test.nl`;
  const reference = await openRequest(person);
  const notMine = await openRequest(`ander-${unique()}@veldhaven-test.nl`);

  // The officer finds it by the person's address: a POST, so the address is in no URL.
  await signInAsStaff(page, officer);
  await page.getByRole("navigation", { name: "Backoffice" }).getByRole("link", { name: "Zoeken" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Zoeken");
  await page.getByRole("button", { name: "Zoeken", exact: true }).click();
  await expect(page.locator(".app-error-summary")).toContainText(
    "Vul een referentie, e-mailadres, telefoonnummer of advertentie-id in",
  );
  // By keyboard alone: Enter sends, Tab reaches the result, Enter opens it.
  // The count's live region is on the page before the search, so that a screen reader hears it fill.
  const count = page.locator("[role=status]#case-search-count");
  await expect(count).toBeEmpty();
  if (javaScriptEnabled) await count.evaluate((region) => region.setAttribute("data-before-search", ""));
  const term = page.getByLabel("Referentie, e-mailadres, telefoonnummer of advertentie-id");
  await term.fill(person.toUpperCase());
  await page.keyboard.press("Enter");
  await expect(count).toHaveText("1 zaak gevonden");
  if (javaScriptEnabled) await expect(count).toHaveAttribute("data-before-search");
  // The title says what was found (never the term: titles go into the history); with JavaScript, focus on the results.
  await expect(page).toHaveTitle("Zoeken: 1 zaak gevonden | Veldhaven Media");
  if (javaScriptEnabled) await expect(page.getByRole("heading", { level: 2, name: "Gevonden" })).toBeFocused();
  expect(page.url()).not.toContain("persoon-");
  expect(page.url()).not.toContain("%40");
  if (javaScriptEnabled) {
    // The same search again finds as many: the region empties while it searches and says the count again.
    await count.evaluate((region) => {
      const heard: string[] = [];
      new MutationObserver(() => heard.push((region.textContent ?? "").replaceAll("\u00ad", ""))).observe(region, {
        childList: true,
        characterData: true,
        subtree: true,
      });
      Object.assign(window, { heardInRegion: heard });
    });
    await term.press("Enter");
    const heard = () => page.evaluate(() => (window as unknown as { heardInRegion: string[] }).heardInRegion);
    await expect
      .poll(async () => ({ emptied: (await heard()).includes(""), last: (await heard()).at(-1) }))
      .toEqual({ emptied: true, last: "1 zaak gevonden" });
    await expect(page.getByRole("heading", { level: 2, name: "Gevonden" })).toBeFocused();
  }
  await expectAxeClean(page);
  const hit = page.getByRole("link", { name: reference });
  for (let step = 0; step < 40 && !(await hit.evaluate((link) => link === document.activeElement)); step += 1)
    await page.keyboard.press("Tab");
  await expect(hit).toBeFocused();
  await page.keyboard.press("Enter");

  // Given to the agent: the trail says who to whom, the agent is mailed.
  await expect(page.getByRole("heading", { level: 1 })).toContainText(reference);
  await expect(page.getByText("Nog niemand is eigenaar van deze zaak.")).toBeVisible();
  await page.getByLabel("Nieuwe eigenaar").selectOption(agent);
  await page.getByRole("button", { name: "Toewijzen", exact: true }).click();
  await expect(page.getByTestId("banner")).toContainText("De eigenaar is gewijzigd.");
  await expect(page.locator("#owner ~ p").first()).toContainText(agent);
  await expect(page.locator(".app-history").last()).toContainText(`— → ${agent}`);
  const assigned = await mailTo(agent, reference);
  expect(assigned).toContain(`/nl/internal-privacy-rights/requests/${reference}`);

  // The agent: only their own, and a note.
  const context = await browser.newContext();
  const agentPage = await context.newPage();
  await signInAsStaff(agentPage, agent);
  await agentPage.getByRole("navigation", { name: "Backoffice" }).getByRole("link", { name: "Mijn aanvragen" }).click();
  await expect(agentPage.getByRole("status").filter({ hasText: "1 aanvraag" })).toBeVisible();
  await expect(agentPage.getByRole("link", { name: notMine })).toHaveCount(0);
  await agentPage.getByRole("link", { name: reference }).click();
  await expect(agentPage.getByRole("region", { name: "Afronden" })).toHaveCount(0);
  const note = `Belde terug op ${unique()}; stuurt een kopie van zijn klantkaart.`;
  await agentPage.getByRole("button", { name: "Notitie toevoegen" }).click();
  await expect(agentPage.locator(".app-error-summary")).toContainText("Schrijf een notitie");
  await agentPage.getByLabel("Nieuwe notitie").fill(note);
  await agentPage.getByRole("button", { name: "Notitie toevoegen" }).click();
  await expect(agentPage.getByTestId("banner")).toContainText("De notitie is toegevoegd.");
  await expect(agentPage.getByText(note)).toBeVisible();
  await expectAxeClean(agentPage);
  await agentPage.setViewportSize({ width: 320, height: 640 });
  await setTextSize(agentPage, 2);
  expect(await horizontalOverflow(agentPage)).toBeNull();
  const forbidden = await agentPage.goto(siteUrl("nl", `/nl/internal-privacy-rights/requests/${notMine}`));
  expect(forbidden?.status()).toBe(403);
  await context.close();

  // The person asks where the request stands: the status page, and every mail, without the note.
  await page.goto(siteUrl("nl", "/nl/privacy-rights/status"));
  await page.getByLabel("Referentie").fill(reference);
  await page.getByLabel("E-mailadres").fill(person);
  await page.getByRole("button", { name: "Stuur mij een link" }).click();
  const statusMail = await mailTo(person, "status/view?token=");
  await page.goto(/https?:\/\/\S+\/privacy-rights\/status\/view\?token=[A-Za-z0-9_-]{43}/.exec(statusMail)![0]);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(reference);
  expect(await page.locator("body").innerText()).not.toContain("klantkaart");
  expect(mailsTo(person).some((mail) => mail.includes("klantkaart"))).toBe(false);
  expect(mailsTo(agent).some((mail) => mail.includes("klantkaart") || mail.includes(person))).toBe(false);
});

test("the list: mine, nobody's, and several given to someone at once", async ({ page }) => {
  const officer = uniqueStaffEmail("officer");
  const agent = uniqueStaffEmail("agent");
  await addStaff(officer, "officer");
  await addStaff(agent, "agent");
  // Due long ago, so they head the list of nobody's requests, whatever else the shared database holds.
  const longAgo = new Date(Date.UTC(2001, 0, 1));
  const references = [
    await openRequest(`bulk-${unique()}@veldhaven-test.nl`, longAgo),
    await openRequest(`bulk-${unique()}@veldhaven-test.nl`, longAgo),
  ];
  await signInAsStaff(page, officer);
  await page.goto(siteUrl("nl", `/nl/internal-privacy-rights/requests?owner=none&text=${references[0]}`));
  await expect(page.getByRole("status").filter({ hasText: "1 aanvraag" })).toBeVisible();
  await page.goto(siteUrl("nl", "/nl/internal-privacy-rights/requests?owner=none"));
  // Nothing ticked: the form says so and does nothing; the summary leads to the first box, each box says it.
  await page.getByLabel("Toewijzen aan één medewerker").check();
  await page.getByRole("button", { name: "Uitvoeren" }).click();
  const noneTicked = page.locator(".app-error-summary").getByRole("link", { name: /Vink minstens één aanvraag aan/ });
  await expect(noneTicked).toBeVisible();
  await expect(page).toHaveTitle(/^Fout: Privacyaanvragen/);
  const boxes = page.getByRole("checkbox", { name: /selecteren$/ });
  expect(await noneTicked.getAttribute("href")).toBe(`#${await boxes.first().getAttribute("id")}`);
  for (const box of await boxes.all()) {
    await expect(box).toHaveAttribute("aria-invalid", "true");
    await expect(box).toHaveAccessibleDescription(/Vink minstens één aanvraag aan/);
  }
  // Ticked, no owner chosen: refused, and the ticks are still there (also after a post without JavaScript).
  for (const reference of references) await page.getByLabel(`${reference} selecteren`).check();
  await page.getByRole("button", { name: "Uitvoeren" }).click();
  await expect(page.locator(".app-error-summary")).toContainText("Kies een medewerker, of niemand");
  for (const reference of references) await expect(page.getByLabel(`${reference} selecteren`)).toBeChecked();
  await expect(boxes.first()).not.toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Toewijzen aan één medewerker").check();
  await page.getByLabel("Nieuwe eigenaar").selectOption(agent);
  await page.getByRole("button", { name: "Uitvoeren" }).click();
  await expect(page.getByTestId("banner")).toContainText("2 aanvragen zijn toegewezen.");
  await page.goto(siteUrl("nl", `/nl/internal-privacy-rights/requests?owner=${encodeURIComponent(agent)}`));
  await expect(page.getByRole("status").filter({ hasText: "2 aanvragen" })).toBeVisible();
  for (const reference of references)
    await expect(page.getByRole("row").filter({ hasText: reference })).toContainText(agent);
  // Extended at once, the owner select left at its prompt as a browser sends it.
  for (const reference of references) await page.getByLabel(`${reference} selecteren`).check();
  await page.getByLabel("De termijn verlengen, met één reden voor allemaal").check();
  await page.getByLabel("2 maanden").check();
  await page.getByLabel("Reden (we mailen die naar de betrokkene)").fill("We doorzoeken drie systemen.");
  await page.getByRole("button", { name: "Uitvoeren" }).click();
  await expect(page.getByTestId("banner")).toContainText(
    "De termijn van 2 aanvragen is verlengd en elke aanvrager is gemaild.",
  );
  expect(
    sql<{ n: number }>(
      "select count(*) as n from audit_event e join privacy_request r on r.id = e.request_id where e.action = 'EXTENDED' and r.reference in (?, ?)",
      ...references,
    )[0].n,
  ).toBe(2);
  await expectAxeClean(page);
  await page.setViewportSize({ width: 320, height: 640 });
  await setTextSize(page, 2);
  expect(await horizontalOverflow(page)).toBeNull();
  expect(
    sql<{ n: number }>(
      "select count(*) as n from audit_event where action = 'ASSIGNED' and note like ?",
      `%→ ${agent}`,
    )[0].n,
  ).toBe(2);
});

test(
  "keyboard alone: every control of the new pages is reached by Tab, shows its ring and is never under the sticky header",
  layoutIsCss,
  async ({ page }) => {
    const officer = uniqueStaffEmail("keys");
    await addStaff(officer, "officer");
    await signInAsStaff(page, officer);
    const problems: string[] = [];
    for (const url of [
      siteUrl("nl", "/nl/internal-privacy-rights/search"),
      siteUrl("nl", "/nl/internal-privacy-rights/requests?owner=none"),
      siteUrl("nl", "/nl/internal-privacy-rights/reports"),
      siteUrl("be", "/fr/privacy-rights/figures"),
    ]) {
      await page.setViewportSize({ width: 390, height: 640 });
      await page.goto(url);
      const seen = new Set<string>();
      for (let step = 0; step < 200; step += 1) {
        await page.keyboard.press("Tab");
        const focused = await page.evaluate(() => {
          const element = document.activeElement;
          if (!element || element === document.body) return null;
          const box = element.getBoundingClientRect();
          const header = document.querySelector(".app-header");
          const headerBottom =
            header && getComputedStyle(header).position === "sticky" && !header.contains(element)
              ? header.getBoundingClientRect().bottom
              : 0;
          const style = getComputedStyle(element);
          return {
            name: `${element.tagName.toLowerCase()}#${element.id} ${(element.textContent ?? "").trim().slice(0, 30)} [${Array.from(element.parentNode?.children ?? []).indexOf(element)}]`,
            ring: (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none",
            // Above the header's edge and painted under it (the skip link sits over the header on purpose).
            covered:
              box.top < headerBottom - 1 &&
              (() => {
                const painted = document.elementFromPoint(box.left + 2, Math.max(0, box.top) + 2);
                return painted !== null && !element.contains(painted) && header!.contains(painted);
              })(),
            outside: box.bottom <= 0 || box.top >= window.innerHeight,
          };
        });
        if (!focused || seen.has(focused.name)) break;
        seen.add(focused.name);
        if (!focused.ring) problems.push(`${url}: no focus ring on ${focused.name}`);
        if (focused.covered) problems.push(`${url}: ${focused.name} under the header`);
        if (focused.outside) problems.push(`${url}: ${focused.name} not scrolled into view`);
      }
      expect(seen.size, url).toBeGreaterThan(5);
    }
    expect(problems).toEqual([]);
  },
);
