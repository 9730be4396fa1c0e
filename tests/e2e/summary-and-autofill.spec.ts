/**
 * Issue 25, items 1, 2, 3 and 9, as a screen reader user meets them: an
 * error found before a submit is in a polite live region that was on the
 * page before it (read once, not on each keystroke); the error summary is
 * read in full when it takes the focus (an alert inside it, as GOV.UK
 * Frontend has), with and without JavaScript; after a staff send that
 * answered 401 the focus is on the notice, every time; and the staff
 * unsubscribe form, whose fields are the customer's on the phone, never
 * offers the staff member's own name, address, phone or e-mail, while the
 * public form with the same blocks keeps its autofill tokens.
 */
import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { expect, siteUrl, test } from "./fixtures";
import { addStaff, signInAsStaff, uniqueStaffEmail } from "./staff-fixtures";

const SUMMARIES = [
  {
    host: "nl" as const,
    path: "/nl",
    send: "Verstuur",
    title: "Er is een probleem",
    items: ["Naam: Dit veld is verplicht", "E-mailadres: Dit veld is verplicht", "Je vraag: Dit veld is verplicht"],
  },
  { host: "be" as const, path: "/fr", send: "Envoyer", title: "Il y a un problème" },
];

for (const summaryCase of SUMMARIES) {
  test(`the focused error summary holds an alert with its title and every error (${summaryCase.path})`, async ({ page }) => {
    await page.goto(siteUrl(summaryCase.host, summaryCase.path));
    await page.locator("form#contact").getByRole("button", { name: summaryCase.send }).click();
    const summary = page.locator(".app-error-summary");
    await expect(summary).toBeFocused();
    const alert = summary.getByRole("alert");
    await expect(alert).toHaveCount(1);
    await expect(alert.getByRole("heading", { level: 2 })).toHaveText(summaryCase.title);
    // The whole list is inside the alert, so it is read, not only the heading.
    await expect(alert.getByRole("listitem")).toHaveCount(await summary.getByRole("listitem").count());
    await expect(alert.getByRole("listitem")).toHaveCount(3);
    if (summaryCase.items) await expect(alert.getByRole("link")).toHaveText(summaryCase.items);
  });
}

/** The autocomplete attribute of every text input inside the ticked channel blocks. */
async function channelAutocomplete(page: Page): Promise<Record<string, string | null>> {
  for (const channel of ["Telefoon", "E-mail", "Post"]) await page.getByRole("checkbox", { name: channel, exact: true }).check();
  return page.locator(".app-channels input:not([type=checkbox]):not([type=hidden])").evaluateAll((inputs) =>
    Object.fromEntries(inputs.map((input) => [input.getAttribute("name"), input.getAttribute("autocomplete")])),
  );
}

test("the staff unsubscribe form never autofills the staff member's own details; the public objection keeps its tokens", async ({ page }) => {
  const staffEmail = uniqueStaffEmail("autofill");
  addStaff(staffEmail);
  await signInAsStaff(page, staffEmail);
  await page.goto(siteUrl("nl", "/nl/internal-privacy-rights/direct-marketing"));
  const staffForm = await channelAutocomplete(page);
  expect(Object.keys(staffForm).length).toBeGreaterThanOrEqual(7);
  for (const [name, token] of Object.entries(staffForm)) expect(token, name).toBe("off");

  await page.goto(siteUrl("nl", "/nl/privacy-rights/direct-marketing/brands"));
  await page.getByRole("checkbox", { name: "Alle merken" }).check();
  await page.getByRole("button", { name: "Volgende stap", exact: true }).click();
  await expect(page).toHaveURL(/communication-types$/);
  const publicForm = await channelAutocomplete(page);
  expect(publicForm).toMatchObject({
    phoneNumber: "tel",
    email: "email",
    "userInfo.firstName": "section-postal given-name",
    "userInfo.lastName": "section-postal family-name",
    "userInfo.address.postalCode": "section-postal postal-code",
  });
});

/** Counts changes inside an element from now on (what a live region would announce). */
async function watchChanges(page: Page, selector: string) {
  await page.locator(selector).evaluate((region) => {
    const counted = region as HTMLElement & { changes?: number };
    counted.changes = 0;
    new MutationObserver((records) => (counted.changes! += records.length)).observe(region, { childList: true, subtree: true, characterData: true });
  });
  return () => page.locator(selector).evaluate((region) => (region as HTMLElement & { changes?: number }).changes ?? 0);
}

test("errors found while typing or on leaving a field appear in a polite live region that was already there, once", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "errors before a submit come from the browser's validation");
  await page.goto(siteUrl("nl", "/nl/about"));
  const form = page.locator("form#contact");
  const emailRegion = form.locator(".app-field", { has: page.getByLabel("E-mailadres") }).locator('[aria-live="polite"]');
  await expect(emailRegion).toHaveCount(1);
  await expect(emailRegion).toHaveText("");
  await page.getByLabel("E-mailadres").fill("lotte@");
  await page.getByLabel("E-mailadres").press("Tab");
  await expect(emailRegion).toHaveText(/Gelieve een correct e-mailadres in te vullen/);
  await expect(page.getByLabel("E-mailadres")).toHaveAttribute("aria-describedby", /contact-email-error/);

  // Required text, checked on each input: the message appears once and is not rewritten while the visitor types on.
  const question = page.getByLabel("Je vraag");
  const questionRegion = form.locator(".app-field", { has: question }).locator('[aria-live="polite"]');
  await question.fill("x");
  await question.press("Backspace");
  await expect(questionRegion).toHaveText(/Dit veld is verplicht/);
  const changes = await watchChanges(page, `form#contact .app-field:has(#${await question.getAttribute("id")}) [aria-live="polite"]`);
  await question.pressSequentially("   ");
  await expect(questionRegion).toHaveText(/Dit veld is verplicht/);
  expect(await changes()).toBe(0);
});

/** Ends every session of the account, as 31 minutes without a request would. */
function letSessionsIdle(email: string) {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, "app.sqlite"));
  try {
    db.prepare("update staff_session set last_seen_at = ? where email = ?").run(new Date(Date.now() - 31 * 60_000).toISOString(), email);
  } finally {
    db.close();
  }
}

test("a staff send that answers 401 puts the focus on the notice, the second time too", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without JavaScript the answer is a new page, read from the top");
  const staffEmail = uniqueStaffEmail("notice");
  addStaff(staffEmail);
  await signInAsStaff(page, staffEmail);
  await page.goto(siteUrl("nl", "/nl/internal-privacy-rights/direct-marketing"));
  await page.getByRole("checkbox", { name: "Alle merken" }).check();
  await page.getByRole("checkbox", { name: "Telefoon", exact: true }).check();
  await page.getByLabel("Telefoonnummer").fill(`+316${String(Date.now()).slice(-8)}`);
  letSessionsIdle(staffEmail);
  const notice = page.getByRole("alert").filter({ hasText: /Je bent niet aangemeld, of je sessie is verlopen\./ });
  for (let attempt = 1; attempt <= 2; attempt++) {
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      page.getByRole("button", { name: "Klant uitschrijven" }).click(),
    ]);
    expect(answer.status()).toBe(401);
    await expect(notice, `attempt ${attempt}`).toBeFocused();
  }
});
