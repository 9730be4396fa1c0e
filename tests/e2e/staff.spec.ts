/**
 * The staff area as customer-service staff use it, with
 * JavaScript on and off: signing in with a local account, a wrong password,
 * a session that expires while a call is taken (values kept, 401, sign in in
 * a new tab, send again), the summary and its back button, signing out, and
 * every internal page and call refusing an anonymous visitor.
 */
import path from "node:path";

import type { BrowserContext, Page } from "@playwright/test";
import Database from "better-sqlite3";

import { expect, expectAxeClean, onlyWithJavaScript, siteUrl, test } from "./fixtures";
import { soft } from "./soft-hyphens";
import { addStaff, STAFF_PASSWORD, submitStaffLogin, uniqueStaffEmail } from "./staff-fixtures";

const NOT_SIGNED_IN = soft(/Je bent niet aangemeld, of je sessie is verlopen\./);

function database() {
  return new Database(path.join(process.env.E2E_DATA_DIR!, "app.sqlite"));
}

/** What the idle timeout does between two calls: the session was last used 31 minutes ago. */
function letSessionsIdle(email: string) {
  const db = database();
  try {
    db.prepare("update staff_session set last_seen_at = ? where email = ?").run(
      new Date(Date.now() - 31 * 60_000).toISOString(),
      email,
    );
  } finally {
    db.close();
  }
}

let staffEmail: string;
test.beforeEach(async () => {
  // One account per test, so that parallel tests never share sessions or counts.
  staffEmail = uniqueStaffEmail("agent");
  await addStaff(staffEmail);
});

const signIn = (page: Page, email = staffEmail, password = STAFF_PASSWORD) => submitStaffLogin(page, email, password);

async function staffCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === "__staff");
}

test("sign in, see who is signed in, sign out", async ({ page, context }) => {
  await page.goto(siteUrl("nl", "/nl/internal-privacy-rights/login"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aanmelden voor medewerkers");
  // No public navigation or footer on staff pages.
  await expect(page.getByRole("navigation", { name: "Hoofdmenu" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expectAxeClean(page);
  await signIn(page);
  await expect(page).toHaveURL(siteUrl("nl", "/nl/internal-privacy-rights/confirm-login"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aanmelding bevestigd");
  await expect(page.getByText(`Aangemeld als ${staffEmail}`)).toBeVisible();
  const cookie = await staffCookie(context);
  // A session cookie: the browser forgets it when it closes.
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", expires: -1 });
  await expectAxeClean(page);

  await page.getByRole("link", { name: "Naar het uitschrijfformulier" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Klant uitschrijven van direct marketing");
  await expect(page.getByRole("alert").filter({ hasText: NOT_SIGNED_IN })).toHaveCount(0);

  await page.getByRole("button", { name: "Afmelden" }).click();
  await expect(page).toHaveURL(siteUrl("nl", "/nl/internal-privacy-rights/login"));
  await expect(page.getByTestId("banner")).toContainText("Je bent afgemeld.");
  expect(await staffCookie(context)).toBeUndefined();
  await page.goto(siteUrl("nl", "/nl/internal-privacy-rights/direct-marketing"));
  await expect(page.getByRole("alert").filter({ hasText: NOT_SIGNED_IN })).toBeVisible();
});

test("a wrong password: the same message as an unknown account, the address kept, the password not sent back", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto(siteUrl("be", "/fr/internal-privacy-rights/login"));
  await page.getByLabel("Adresse e-mail").fill(staffEmail);
  await page.getByLabel("Mot de passe").fill("Pas-le-bon-mot-9");
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST"),
    page.getByRole("button", { name: "Se connecter", exact: true }).click(),
  ]);
  expect(answer.status()).toBe(401);
  const refusal = "Cette adresse e-mail et ce mot de passe ne correspondent pas. Veuillez réessayer.";
  await expect(page.getByRole("alert").filter({ hasText: refusal }).first()).toBeVisible();
  await expect(page).toHaveTitle(/^Erreur : /);
  await expect(page.getByLabel("Adresse e-mail")).toHaveValue(staffEmail);
  if (!javaScriptEnabled) {
    // The page written by the server holds no password.
    expect(await answer.text()).not.toContain("Pas-le-bon-mot-9");
    await expect(page.getByLabel("Mot de passe")).toHaveValue("");
  }
  await page.getByLabel("Adresse e-mail").fill("personne@veldhaven-test.nl");
  await page.getByLabel("Mot de passe").fill("Pas-le-bon-mot-9");
  await page.getByRole("button", { name: "Se connecter", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: refusal }).first()).toBeVisible();
  await expectAxeClean(page);
});

test("the session expires while a form is filled in: 401 with every value kept, sign in in a new tab, send again, summary, back", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  // The caller's own number and address (suppressions are kept once per identifier).
  const phone = `+316${String(Date.now()).slice(-8)}`;
  const customer = `klant-${Date.now()}@veldhaven-test.nl`;
  await page.goto(siteUrl("nl", "/nl/internal-privacy-rights/login"));
  await signIn(page);
  await expect(page).toHaveURL(/\/confirm-login$/);
  await page.goto(siteUrl("nl", "/nl/internal-privacy-rights/direct-marketing"));
  // Signed in when the form is filled in: the session ends only afterwards.
  await expect(page.getByText(`Aangemeld als ${staffEmail}`)).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: NOT_SIGNED_IN })).toHaveCount(0);
  await page.getByRole("checkbox", { name: "Alle merken" }).check();
  await page.getByRole("checkbox", { name: "Telefoon" }).check();
  await page.getByLabel("Telefoonnummer").fill(phone);
  await page.getByRole("checkbox", { name: "E-mail", exact: true }).check();
  await page.getByLabel("E-mailadres").fill(customer);

  letSessionsIdle(staffEmail);
  const [refused] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST"),
    page.getByRole("button", { name: "Klant uitschrijven" }).click(),
  ]);
  expect(refused.status()).toBe(401);
  const notice = page.getByRole("alert").filter({ hasText: NOT_SIGNED_IN });
  await expect(notice).toBeVisible();
  await expect(page.getByLabel("Telefoonnummer")).toHaveValue(phone);
  await expect(page.getByLabel("E-mailadres")).toHaveValue(customer);
  await expect(page.locator('input[name="brands"]:checked')).toHaveCount(40);
  await expectAxeClean(page);

  const login = notice.getByRole("link", { name: "Aanmelden (opent in een nieuw tabblad)" });
  await expect(login).toHaveAttribute("target", "_blank");
  await expect(login).toHaveAttribute("rel", "noopener");
  const [tab] = await Promise.all([context.waitForEvent("page"), login.click()]);
  // Spec 8: following the link hides the notice.
  if (javaScriptEnabled) await expect(notice).toHaveCount(0);
  await tab.waitForLoadState();
  await signIn(tab);
  await expect(tab.getByRole("heading", { level: 1 })).toHaveText("Aanmelding bevestigd");
  await expect(tab.getByText("Je mag dit tabblad sluiten")).toBeVisible();
  if (javaScriptEnabled) {
    // The tab may close while Playwright still finishes its click: that is the outcome asked for.
    const closed = tab.waitForEvent("close");
    await tab
      .getByRole("button", { name: "Dit tabblad sluiten" })
      .click()
      .catch((error: unknown) => {
        if (!tab.isClosed()) throw error;
      });
    await closed;
    expect(tab.isClosed()).toBe(true);
  } else {
    await expect(tab.getByRole("link", { name: "Naar het uitschrijfformulier" })).toBeVisible();
    await tab.close();
  }

  await page.getByRole("button", { name: "Klant uitschrijven" }).click();
  await expect(page).toHaveURL(siteUrl("nl", "/nl/internal-privacy-rights/processed"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aanvraag uitgevoerd");
  const summary = page.locator("dl");
  await expect(summary).toContainText(`Telefoon: ${phone}`);
  await expect(summary).toContainText(`E-mail: ${customer}`);
  await expect(summary).toContainText(staffEmail);
  const reference = (await summary.locator("dd").first().innerText()).trim();
  await expectAxeClean(page);

  // Recorded at once, with the staff member as actor, and honoured for every brand and both channels.
  const db = database();
  try {
    const row = db
      .prepare("select id, state, verification_token_hash, brand_keys from privacy_request where reference = ?")
      .get(reference) as { id: string; state: string; verification_token_hash: string | null; brand_keys: string };
    expect(row).toMatchObject({ state: "COMPLETED", verification_token_hash: null });
    // Every brand's keys (some brands have several).
    const keys = (JSON.parse(row.brand_keys) as string[]).length;
    expect(keys).toBeGreaterThanOrEqual(40);
    const actors = db
      .prepare("select actor, actor_id, action from audit_event where request_id = ? order by seq")
      .all(row.id);
    expect(actors).toEqual([
      { actor: "STAFF", actor_id: staffEmail, action: "SUBMITTED" },
      { actor: "STAFF", actor_id: staffEmail, action: "EXECUTED" },
    ]);
    const suppressions = db
      .prepare(
        "select channel, count(*) as n from marketing_suppression where request_id = ? group by channel order by channel",
      )
      .all(row.id);
    expect(suppressions).toEqual([
      { channel: "EMAIL", n: keys },
      { channel: "PHONE", n: keys },
    ]);
  } finally {
    db.close();
  }

  await page.getByRole("link", { name: "Nieuwe uitschrijving" }).click();
  await expect(page).toHaveURL(siteUrl("nl", "/nl/internal-privacy-rights/direct-marketing"));
  await expect(page.locator('input[name="brands"]:checked')).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: "Telefoon" })).not.toBeChecked();
  // The summary is shown once.
  await page.goto(siteUrl("nl", "/nl/internal-privacy-rights/processed"));
  await expect(page).toHaveURL(siteUrl("nl", "/nl/internal-privacy-rights/direct-marketing"));
});

test(
  "every internal page and call refuses an anonymous visitor",
  onlyWithJavaScript("server answers: once is enough"),
  async ({ page }) => {
    for (const pathname of [
      "/nl/internal-privacy-rights/confirm-login",
      "/nl/internal-privacy-rights/processed",
      "/nl/internal-privacy-rights/logout",
    ]) {
      await page.goto(siteUrl("nl", pathname));
      await expect(page, pathname).toHaveURL(siteUrl("nl", "/nl/internal-privacy-rights/login"));
    }
    const form = await page.goto(siteUrl("be", "/fr/internal-privacy-rights/direct-marketing"));
    expect(form?.headers()["cache-control"]).toBe("private, no-store");
    expect(form?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    await expect(
      page.getByRole("alert").filter({ hasText: "Vous n'êtes pas connecté ou votre session a expiré." }),
    ).toBeVisible();
    const answers = await page.evaluate(async () => {
      const post = (url: string, body: BodyInit, type: string) =>
        fetch(url, { method: "POST", headers: { "Content-Type": type }, body }).then((answer) => answer.status);
      return {
        api: await post(
          "/api/internal-privacy-rights/request",
          JSON.stringify({ flowType: "OBJECTION", brands: [], phoneNumber: "+32412345678" }),
          "application/json",
        ),
        form: await post(
          "/fr/internal-privacy-rights/direct-marketing",
          new URLSearchParams({
            form: "internal-objection",
            communicationTypes: "PHONE",
            phoneNumber: "+32412345678",
          }).toString(),
          "application/x-www-form-urlencoded",
        ),
      };
    });
    expect(answers).toEqual({ api: 401, form: 401 });
  },
);

test(
  "the JSON call with a session: 201 for an objection, 400 for another request; a new session id at every sign-in",
  onlyWithJavaScript("calls from the page's script"),
  async ({ page, context }) => {
    await page.goto(siteUrl("be", "/nl/internal-privacy-rights/login"));
    await signIn(page);
    await expect(page).toHaveURL(/confirm-login/);
    const first = (await staffCookie(context))!.value;
    const answers = await page.evaluate(async () => {
      const post = (body: unknown) =>
        fetch("/api/internal-privacy-rights/request", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }).then(async (answer) => ({ status: answer.status, body: await answer.json() }));
      return [
        await post({ flowType: "OBJECTION", brands: ["arduenne-tv"], phoneNumber: "+32412345678" }),
        await post({ flowType: "RIGHT_OF_ACCESS", email: "klant@veldhaven-test.nl" }),
      ];
    });
    expect(answers[1]).toMatchObject({
      status: 400,
      body: { error: "VALIDATION", fields: { flowType: expect.any(Array) } },
    });
    expect(answers[0]).toMatchObject({
      status: 201,
      body: { reference: expect.stringMatching(/^PR-/), state: "COMPLETED" },
    });

    // Signing in again (another account in the same browser) replaces the session: the old id opens nothing.
    const other = `officer-${Date.now()}@veldhaven-test.nl`;
    await addStaff(other, "officer");
    const status = await page.evaluate(
      async ({ email, password }) =>
        fetch("/nl/internal-privacy-rights/login", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ form: "staff-login", email, password }).toString(),
          redirect: "manual",
        }).then((answer) => answer.type),
      { email: other, password: STAFF_PASSWORD },
    );
    expect(status).toBe("opaqueredirect");
    const second = (await staffCookie(context))!.value;
    expect(second).not.toBe(first);
    await context.addCookies([{ ...(await staffCookie(context))!, value: first }]);
    await page.goto(siteUrl("be", "/nl/internal-privacy-rights/direct-marketing"));
    await expect(page.getByRole("alert").filter({ hasText: NOT_SIGNED_IN })).toBeVisible();
  },
);
