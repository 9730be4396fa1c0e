/**
 * An officer's session ends while a rejection reason is
 * typed. Without JavaScript (and with it, once the warning was missed)
 * pressing "Afwijzen" leads to a login page that says why, and signing in
 * leads back to the request with the reason filled in again; a page visited
 * after the session ended is where signing in leads too. With JavaScript the
 * page warns two minutes before the idle limit (WCAG 2.2.1), "Blijf
 * aangemeld" starts the idle time again on the server, and once the limit
 * has passed the page says the session ended. The shared server's idle limit
 * is the default 30 minutes: the tests age the session in its database and
 * move the page's clock.
 */
import { request } from "../setup/spawn-server";
import { expect, expectAxeClean, onlyWithJavaScript, siteUrl, test } from "./fixtures";
import { sql } from "./shared-server-data";
import { addStaff, signInAsStaff, submitStaffLogin, uniqueStaffEmail } from "./staff-fixtures";

const MINUTE = 60_000;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const REASON = "We konden niet vaststellen dat dit account van jou is: stuur ons een kopie van een recente factuur.";

/** A verified access request (OPEN), made through the public call and confirmed the way its link does. */
async function openRequest(): Promise<string> {
  const port = Number(process.env.E2E_PORT);
  const made = await request(port, {
    method: "POST",
    path: "/api/privacy-rights/request",
    host: `nl.localhost:${port}`,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      flowType: "RIGHT_OF_ACCESS",
      email: `inzage-${unique()}@veldhaven-test.nl`,
      language: "nl",
      userMessage: "Welke gegevens hebben jullie?",
    }),
  });
  expect(made.status).toBe(201);
  const { reference } = JSON.parse(made.body) as { reference: string };
  sql(
    "update privacy_request set state = 'OPEN', verified_at = ?, due_at = ? where reference = ?",
    new Date().toISOString(),
    new Date(Date.now() + 20 * 86_400_000).toISOString(),
    reference,
  );
  return reference;
}

/** What the idle limit sees: the officer's session was last used `minutes` ago. */
function lastUsed(email: string, minutes: number) {
  sql(
    "update staff_session set last_seen_at = ? where email = ?",
    new Date(Date.now() - minutes * MINUTE).toISOString(),
    email,
  );
}

let officer: string;
test.beforeEach(async () => {
  officer = uniqueStaffEmail("officer");
  await addStaff(officer, "officer");
});

test("the session ends while a rejection reason is typed: the login page says so, and signing in leads back to the request with the reason", async ({
  page,
}) => {
  const reference = await openRequest();
  const requestPage = `/nl/internal-privacy-rights/requests/${reference}`;
  await signInAsStaff(page, officer);
  await page.goto(siteUrl("nl", requestPage));
  const reject = page.getByRole("region", { name: "Afwijzen" });
  await reject.getByLabel("Reden (we mailen die naar de betrokkene)").fill(REASON);

  lastUsed(officer, 31);
  await reject.getByRole("button", { name: "Afwijzen" }).click();
  await expect(page).toHaveURL(/\/nl\/internal-privacy-rights\/login\?session=ended&returnTo=/);
  await expect(
    page.getByText(
      "Je sessie is verlopen voordat je formulier verstuurd was. Meld je opnieuw aan: wat je typte, hebben we bewaard.",
      { exact: false },
    ),
  ).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aanmelden voor medewerkers");
  // Kept on the server, not in the address.
  expect(page.url()).not.toContain("factuur");
  expect(sql<{ n: number }>("select count(*) as n from staff_kept_form where email = ?", officer)[0].n).toBe(1);
  await expectAxeClean(page);

  await submitStaffLogin(page, officer);
  await expect(page).toHaveURL(new RegExp(`${requestPage}\\?kept=[\\w-]{43}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Aanvraag ${reference}`);
  await expect(page.getByText("Wat je typte, staat weer in het formulier")).toBeVisible();
  const refilled = page.getByRole("region", { name: "Afwijzen" });
  await expect(refilled.getByLabel("Reden (we mailen die naar de betrokkene)")).toHaveValue(REASON);

  await refilled.getByRole("button", { name: "Afwijzen" }).click();
  await expect(page.getByTestId("banner")).toContainText("De aanvraag is afgewezen en de betrokkene is gemaild.");
  expect(sql<{ state: string }>("select state from privacy_request where reference = ?", reference)[0].state).toBe(
    "REJECTED",
  );
  expect(
    sql<{ note: string }>(
      "select note from audit_event where request_id = (select id from privacy_request where reference = ?) and action = 'REJECTED'",
      reference,
    )[0].note,
  ).toBe(REASON);
  // Sent again: nothing of it is kept any longer.
  expect(sql<{ n: number }>("select count(*) as n from staff_kept_form where email = ?", officer)[0].n).toBe(0);
});

test("a page visited after the session ended is where signing in leads", async ({ page }) => {
  await signInAsStaff(page, officer);
  lastUsed(officer, 31);
  const list = "/nl/internal-privacy-rights/requests?overdue=on";
  await page.goto(siteUrl("nl", list));
  await expect(page).toHaveURL(/\/nl\/internal-privacy-rights\/login\?session=ended&returnTo=/);
  await expect(
    page.getByText(
      "Je sessie is verlopen omdat je een tijd niets deed. Meld je opnieuw aan: daarna kom je terug op de pagina waar je was.",
    ),
  ).toBeVisible();
  await submitStaffLogin(page, officer);
  await expect(page).toHaveURL(siteUrl("nl", list));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacyaanvragen");
  await expect(page.getByLabel("Alleen aanvragen die te laat zijn")).toBeChecked();
});

test(
  "two minutes before the idle limit the page warns; 'Blijf aangemeld' keeps the session; after the limit it says the session ended",
  onlyWithJavaScript("the warning is the page's script"),
  async ({ page }) => {
    const reference = await openRequest();
    await signInAsStaff(page, officer);
    await page.clock.install();
    await page.goto(siteUrl("nl", `/nl/internal-privacy-rights/requests/${reference}`));
    const reason = page
      .getByRole("region", { name: "Afwijzen" })
      .getByLabel("Reden (we mailen die naar de betrokkene)");
    await reason.fill(REASON);
    const warning = page.getByRole("alertdialog", { name: "Je sessie verloopt bijna" });
    await expect(warning).toHaveCount(0);

    // 27 minutes on: no warning yet; 28 minutes on (two before the limit): the warning, its button focused.
    await page.clock.fastForward(27 * MINUTE);
    await expect(warning).toBeHidden();
    await page.clock.fastForward(1 * MINUTE + 1000);
    await expect(warning).toBeVisible();
    await expect(warning).toContainText("Binnen 2 minuten word je afgemeld");
    const stay = warning.getByRole("button", { name: "Blijf aangemeld" });
    await expect(stay).toBeFocused();
    await expectAxeClean(page);

    // The server agrees the session has little time left; staying signed in starts its idle time again.
    lastUsed(officer, 28);
    await page.keyboard.press("Enter");
    await expect(warning).toBeHidden();
    const [session] = sql<{ last_seen_at: string }>("select last_seen_at from staff_session where email = ?", officer);
    expect(Date.now() - new Date(session.last_seen_at).getTime()).toBeLessThan(MINUTE);
    // Back where the officer was, with what was typed.
    await expect(reason).toBeFocused();
    await expect(reason).toHaveValue(REASON);

    // Escape keeps the session too (as the button does).
    await page.clock.fastForward(28 * MINUTE + 1000);
    await expect(warning).toBeVisible();
    lastUsed(officer, 28);
    await page.keyboard.press("Escape");
    await expect(warning).toBeHidden();
    await expect
      .poll(
        () =>
          Date.now() -
          new Date(
            sql<{ last_seen_at: string }>("select last_seen_at from staff_session where email = ?", officer)[0]
              .last_seen_at,
          ).getTime(),
      )
      .toBeLessThan(MINUTE);

    // Missed: after the limit the page says the session ended, and what happens to a form sent now.
    await page.clock.fastForward(30 * MINUTE + 1000);
    const ended = page.getByRole("alertdialog", { name: "Je sessie is verlopen" });
    await expect(ended).toBeVisible();
    await expect(ended).toContainText("Verstuur je nu een formulier, dan bewaren we wat je typte");
    await expect(ended.getByRole("link", { name: "Opnieuw aanmelden" })).toHaveAttribute(
      "href",
      /\/nl\/internal-privacy-rights\/login\?session=ended&returnTo=/,
    );
    await ended.getByRole("button", { name: "Sluiten" }).click();
    await expect(ended).toBeHidden();
    await expect(reason).toHaveValue(REASON);
  },
);
