/**
 * The second factor of local staff accounts, with JavaScript on
 * and off. An account that must use TOTP (`npm run staff -- add
 * --require-totp`) enrols after its password (the test reads the key the
 * page shows and computes the codes with otpauth, as an authenticator app
 * would), sees its recovery codes once, and from then on signs in with
 * password + code; a wrong code is refused, a recovery code works once.
 */
import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";

import { expect, expectAxeClean, layoutIsCss, siteUrl, test, theServersAnswer } from "./fixtures";
import { soft } from "./soft-hyphens";
import { addStaff, addStaffWithCli, signInAsStaff, submitStaffLogin, uniqueStaffEmail } from "./staff-fixtures";

// Long journeys and sweeps: ~15 s on two idle cores, up to 53 s on one
// (pinned with taskset). A limit that fits a machine three times slower.
test.describe.configure({ timeout: 180_000 });

const WRONG_CODE = soft(/Deze code klopt niet of is al gebruikt\./);

/** The code an authenticator app shows `offsetSeconds` from now (30 s ahead: the next step, accepted as one step of drift). */
function totpCode(secret: string, offsetSeconds = 0): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSeconds * 1000 });
}

async function shownSecret(page: Page): Promise<string> {
  const text = await page.locator(".app-totp-secret").textContent();
  return (text ?? "").replace(/\s/g, "");
}

async function sendCode(page: Page, label: string, code: string, button: string) {
  await page.getByLabel(label).fill(code);
  await page.getByRole("button", { name: button, exact: true }).click();
}

/** Enrols on the setup page the browser is on; the key and the recovery codes shown. */
async function enrol(page: Page): Promise<{ secret: string; recoveryCodes: string[] }> {
  const secret = await shownSecret(page);
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await sendCode(page, "Code van 6 cijfers uit je app", totpCode(secret), "Tweestapsverificatie aanzetten");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tweestapsverificatie staat aan");
  const recoveryCodes = await page.locator(".app-recovery-codes li").allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  return { secret, recoveryCodes };
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Afmelden" }).click();
  await expect(page).toHaveURL(/\/internal-privacy-rights\/login$/);
}

async function signInWithPassword(page: Page, email: string) {
  await page.goto(siteUrl("nl", "/nl/internal-privacy-rights/login"));
  await submitStaffLogin(page, email);
  await expect(page).toHaveURL(/\/internal-privacy-rights\/two-factor$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tweestapsverificatie");
}

const CODE_OR_RECOVERY = "Code uit je app of herstelcode";

test("a required second factor: enrolment after the password, recovery codes once, then password + code", async ({
  page,
  context,
}) => {
  const email = uniqueStaffEmail("totp");
  await addStaff(email, "officer", { requireTotp: true });

  await page.goto(siteUrl("nl", "/nl/internal-privacy-rights/login"));
  await submitStaffLogin(page, email);
  await expect(page).toHaveURL(/\/internal-privacy-rights\/two-factor\/setup$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tweestapsverificatie instellen");
  // No session yet: only the pending cookie.
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("__staff");
  await expect(
    page.getByRole("img", { name: "QR-code om dit account toe te voegen aan je authenticator-app" }),
  ).toBeVisible();
  await expectAxeClean(page);

  // A wrong first code is refused; the same key stays on the page.
  const secret = await shownSecret(page);
  await sendCode(page, "Code van 6 cijfers uit je app", "000000", "Tweestapsverificatie aanzetten");
  await expect(page.getByText(WRONG_CODE).first()).toBeVisible();
  expect(await shownSecret(page)).toBe(secret);

  const { recoveryCodes } = await enrol(page);
  for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  await expectAxeClean(page);
  await page.getByRole("link", { name: "Verder" }).click();
  await expect(page).toHaveURL(/\/internal-privacy-rights\/confirm-login$/);
  await expect(page.getByText(`Aangemeld als ${email}`)).toBeVisible();

  // The recovery codes were shown once: the page now only says the second factor is on.
  await page.goto(siteUrl("nl", "/nl/internal-privacy-rights/two-factor/setup"));
  await expect(page.getByText("Tweestapsverificatie staat aan voor je account.")).toBeVisible();
  await expect(page.locator(".app-recovery-codes")).toHaveCount(0);
  await expect(page.locator(".app-totp-secret")).toHaveCount(0);

  // Password, then a wrong code, then the app's next code.
  await signOut(page);
  await signInWithPassword(page, email);
  await expectAxeClean(page);
  await sendCode(page, CODE_OR_RECOVERY, "000000", "Bevestigen");
  await expect(page.getByText(WRONG_CODE).first()).toBeVisible();
  await expect(page).toHaveURL(/\/internal-privacy-rights\/two-factor$/);
  await sendCode(page, CODE_OR_RECOVERY, totpCode(secret, 30), "Bevestigen");
  await expect(page).toHaveURL(/\/internal-privacy-rights\/confirm-login$/);
  await expect(page.getByText(`Aangemeld als ${email}`)).toBeVisible();

  // A recovery code works once, not twice.
  await signOut(page);
  await signInWithPassword(page, email);
  await sendCode(page, CODE_OR_RECOVERY, recoveryCodes[0], "Bevestigen");
  await expect(page).toHaveURL(/\/internal-privacy-rights\/confirm-login$/);
  await signOut(page);
  await signInWithPassword(page, email);
  await sendCode(page, CODE_OR_RECOVERY, recoveryCodes[0], "Bevestigen");
  await expect(page.getByText(WRONG_CODE).first()).toBeVisible();
  await sendCode(page, CODE_OR_RECOVERY, recoveryCodes[1].toUpperCase(), "Bevestigen");
  await expect(page).toHaveURL(/\/internal-privacy-rights\/confirm-login$/);
});

test("a signed-in local account enrols of its own accord from the confirmation page", async ({ page }) => {
  const email = uniqueStaffEmail("totp-own");
  await addStaff(email);
  await signInAsStaff(page, email);
  await page.getByRole("link", { name: "Tweestapsverificatie instellen" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tweestapsverificatie instellen");
  const { secret } = await enrol(page);
  await page.getByRole("link", { name: "Verder" }).click();
  await expect(page.getByRole("link", { name: "Tweestapsverificatie instellen" })).toHaveCount(0);
  await signOut(page);
  await signInWithPassword(page, email);
  await sendCode(page, CODE_OR_RECOVERY, totpCode(secret, 30), "Bevestigen");
  await expect(page).toHaveURL(/\/internal-privacy-rights\/confirm-login$/);
});

test(
  "without a password a moment ago, the second-factor pages send the visitor to the login page",
  theServersAnswer,
  async ({ page }) => {
    for (const path of ["/nl/internal-privacy-rights/two-factor", "/nl/internal-privacy-rights/two-factor/setup"]) {
      await page.goto(siteUrl("nl", path));
      await expect(page).toHaveURL(/\/internal-privacy-rights\/login$/);
    }
  },
);

/** WCAG 1.4.10 / 1.4.4 for the pages only a signed-in flow reaches (layout-reflow.spec.ts measures the rest). */
test(
  "the enrolment page and the recovery codes do not scroll sideways at 320 px or with 200 % text",
  layoutIsCss,
  async ({ page }) => {
    const overflow = () =>
      page.evaluate(() =>
        document.documentElement.scrollWidth > window.innerWidth ? document.documentElement.scrollWidth : null,
      );
    const email = uniqueStaffEmail("totp-reflow");
    // The command an administrator types, as the module comment says (`--require-totp`, the password on standard
    // input): the other tests make their accounts with the same code from the test process (staff-fixtures.ts).
    addStaffWithCli(email, "agent", { requireTotp: true });
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto(siteUrl("nl", "/nl/internal-privacy-rights/login"));
    await submitStaffLogin(page, email);
    await expect(page).toHaveURL(/two-factor\/setup$/);
    expect(await overflow()).toBeNull();
    await page.setViewportSize({ width: 1280, height: 800 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Page.setFontSizes", { fontSizes: { standard: 32, fixed: 26 } });
    await page.reload();
    expect(await overflow()).toBeNull();
    await enrol(page);
    expect(await overflow()).toBeNull();
    await page.setViewportSize({ width: 320, height: 800 });
    expect(await overflow()).toBeNull();
  },
);
