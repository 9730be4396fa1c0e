/**
 * On the contact form and the staff unsubscribe
 * form (announcements.spec.ts covers the live regions and the 401 notice):
 * the error summary is read in full when it takes the focus (an alert
 * inside it, as GOV.UK Frontend has), with and without JavaScript; and the
 * staff unsubscribe form, whose fields are the customer's on the phone,
 * never offers the staff member's own name, address, phone or e-mail, while
 * the public form with the same blocks keeps its autofill tokens.
 */
import type { Page } from "@playwright/test";

import { expect, inTurn, siteUrl, test } from "./fixtures";
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

for (const [turn, summaryCase] of SUMMARIES.entries()) {
  test(
    `the focused error summary holds an alert with its title and every error (${summaryCase.path})`,
    inTurn(turn),
    async ({ page }) => {
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
    },
  );
}

/** The autocomplete attribute of every text input inside the ticked channel blocks. */
async function channelAutocomplete(page: Page): Promise<Record<string, string | null>> {
  for (const channel of ["Telefoon", "E-mail", "Post"])
    await page.getByRole("checkbox", { name: channel, exact: true }).check();
  return page
    .locator(".app-channels input:not([type=checkbox]):not([type=hidden])")
    .evaluateAll((inputs) =>
      Object.fromEntries(inputs.map((input) => [input.getAttribute("name"), input.getAttribute("autocomplete")])),
    );
}

test("the staff unsubscribe form never autofills the staff member's own details; the public objection keeps its tokens", async ({
  page,
}) => {
  const staffEmail = uniqueStaffEmail("autofill");
  await addStaff(staffEmail);
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
