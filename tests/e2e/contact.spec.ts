import fs from "node:fs";
import path from "node:path";

import { expect, expectAxeClean, onlyWithJavaScript, siteUrl, test } from "./fixtures";
import { soft } from "./soft-hyphens";

const SUCCESS = "Jouw bericht is succesvol verzonden.";
const EMAIL_INVALID = "Dit e-mailadres lijkt niet te bestaan. Gelieve een bestaand e-mailadres in te geven.";

/** The mail customer service receives (embedded default: .eml files in DATA_DIR/mail). */
async function mailContaining(text: string): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR!, "mail");
  let found = "";
  await expect
    .poll(
      () => {
        const files = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
        found =
          files.map((file) => fs.readFileSync(path.join(dir, file), "utf8")).find((eml) => eml.includes(text)) ?? "";
        return found !== "";
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found;
}

test.describe("contact form", () => {
  test("an empty submit shows the error summary and inline errors", async ({ page, javaScriptEnabled }) => {
    await page.goto(siteUrl("nl", "/nl"));
    const form = page.locator("form#contact");
    await form.getByRole("button", { name: "Verstuur" }).click();
    const summary = page.locator(".app-error-summary");
    await expect(summary).toBeVisible();
    await expect(summary).toBeFocused();
    // Each link names its field.
    await expect(summary.getByRole("link")).toHaveText([
      "Naam: Dit veld is verplicht",
      "E-mailadres: Dit veld is verplicht",
      "Je vraag: Dit veld is verplicht",
    ]);
    await expect(page.getByLabel("Naam")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Je vraag")).toHaveAttribute("aria-describedby", /contact-question-error|error/);
    await expectAxeClean(page);
    await summary.getByRole("link").first().click();
    if (javaScriptEnabled) await expect(page.getByLabel("Naam")).toBeFocused();
    else await expect(page).toHaveURL(/#contact-name$/);
    await expect(page.getByLabel("Naam")).toBeInViewport();
  });

  test("a malformed e-mail is refused and the other values are kept", async ({ page }) => {
    await page.goto(siteUrl("nl", "/nl/about"));
    await page.getByLabel("Naam").fill("Lotte de Vries");
    await page.getByLabel("E-mailadres").fill("lotte@");
    await page.getByLabel("Je vraag").fill("Hoe lang bewaren jullie mijn gegevens?");
    await page.getByRole("button", { name: "Verstuur" }).click();
    await expect(page.locator(".app-field--error")).toHaveCount(1);
    await expect(page.locator(".app-field--error")).toContainText("Gelieve een correct e-mailadres in te vullen");
    const summary = page.locator(".app-error-summary");
    await expect(summary.getByRole("link")).toHaveText(["E-mailadres: Gelieve een correct e-mailadres in te vullen"]);
    await expect(summary).toBeFocused();
    await expect(page.getByLabel("Naam")).toHaveValue("Lotte de Vries");
    await expect(page.getByLabel("Je vraag")).toHaveValue("Hoe lang bewaren jullie mijn gegevens?");
  });

  test("an address whose domain cannot receive mail gets EMAIL_INVALID", async ({ page }) => {
    await page.goto(siteUrl("nl", "/nl"));
    await page.getByLabel("Naam").fill("Lotte de Vries");
    await page.getByLabel("E-mailadres").fill("lotte@bestaat-niet.nl");
    await page.getByLabel("Je vraag").fill("Kunnen jullie mij helpen?");
    await page.getByRole("button", { name: "Verstuur" }).click();
    await expect(page.getByTestId("banner")).toHaveText(soft(new RegExp(EMAIL_INVALID.replace(/\./g, "\\."))));
    await expect(page.getByLabel("E-mailadres")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("E-mailadres")).toHaveValue("lotte@bestaat-niet.nl");
    // Shown in the banner, at the field, and (as every error, GOV.UK) in the summary, linked to the field; once each.
    const summary = page.locator(".app-error-summary");
    await expect(summary.getByRole("link")).toHaveText([`E-mailadres: ${EMAIL_INVALID}`]);
    await expect(summary.getByRole("listitem")).toHaveCount(1);
  });

  test("a valid message is sent: success banner, empty form, mail to customer service", async ({
    page,
    javaScriptEnabled,
  }) => {
    const question = `Welke gegevens hebben jullie van mij? (${test.info().project.name} ${Date.now()})`;
    await page.goto(siteUrl("nl", "/nl"));
    await page.getByLabel("Naam").fill("Lotte de Vries");
    await page.getByLabel("E-mailadres").fill("lotte@veldhaven-test.nl");
    await page.getByLabel("Je vraag").fill(question);
    await page.getByRole("button", { name: "Verstuur" }).click();

    const banner = page.getByTestId("banner");
    await expect(banner).toContainText(SUCCESS);
    await expect(page).toHaveURL(siteUrl("nl", "/nl"));
    await expect(page.getByLabel("Je vraag")).toHaveValue("");
    await expect(page.getByLabel("Naam")).toHaveValue("");
    // The result takes the focus (with JavaScript after the send, without it after the redirect).
    await expect(banner).toBeFocused();
    if (javaScriptEnabled) {
      // Spec 9: a success banner hides itself after 4000 ms, once it no longer has the focus.
      await page.locator("#main").focus();
      await expect(banner).toBeHidden({ timeout: 6000 });
    } else {
      // Reloading shows the page without the (consumed) flash message.
      await page.reload();
      await expect(page.getByTestId("banner")).toHaveCount(0);
    }

    const mail = await mailContaining(question.slice(0, 30));
    expect(mail).toContain("To: klantenservice@veldhavenmedia.nl");
    expect(mail).toContain("Reply-To: lotte@veldhaven-test.nl");
  });

  test("French on .be, and the banner can be closed", async ({ page }) => {
    await page.goto(siteUrl("be", "/fr/about"));
    await page.getByLabel("Nom").fill("Luc Dupont");
    await page.getByLabel("Adresse e-mail").fill("luc@lezers-test.be");
    await page.getByLabel("Votre question").fill("Comment supprimer mon compte ?");
    await page.getByRole("button", { name: "Envoyer" }).click();
    const banner = page.getByTestId("banner");
    await expect(banner).toContainText("Votre message a bien été envoyé.");
    await expectAxeClean(page);
    await banner.getByRole("button", { name: "Fermer le message" }).click();
    await expect(page.getByTestId("banner")).toHaveCount(0);
    await mailContaining("Comment supprimer mon compte");
  });

  test(
    "with JavaScript: live validation and a spinner while sending",
    onlyWithJavaScript("JavaScript enhancements"),
    async ({ page }) => {
      await page.goto(siteUrl("nl", "/nl"));
      const name = page.getByLabel("Naam");
      await name.fill("L");
      await name.fill("");
      // Required text is checked on each input, before any blur or submit.
      await expect(page.locator("#contact-name-error, [id$='name-error']").first()).toHaveText(
        soft(/Dit veld is verplicht/),
      );
      await expect(page.locator(".app-error-summary")).toHaveCount(0);
      await expect(name).toBeFocused();
      await name.fill("Lotte");
      await expect(page.locator(".app-field--error")).toHaveCount(0);

      const email = page.getByLabel("E-mailadres");
      await email.fill("lotte@");
      await expect(page.locator(".app-field--error")).toHaveCount(0); // not on input
      await email.blur();
      await expect(page.locator(".app-field--error")).toContainText("Gelieve een correct e-mailadres in te vullen");
      await email.fill("lotte@veldhaven-test.nl");
      await expect(page.locator(".app-field--error")).toHaveCount(1); // still not on input
      await email.blur();
      await expect(page.locator(".app-field--error")).toHaveCount(0);

      await page.getByLabel("Je vraag").fill("Mag ik een kopie van mijn gegevens?");
      await page.route("**/*", async (route) => {
        if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 800));
        await route.continue();
      });
      await page.getByRole("button", { name: "Verstuur" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Je bericht wordt verzonden…" })).toBeVisible();
      await expect(page.locator("form#contact")).toBeHidden();
      await expect(page.getByTestId("banner")).toContainText(SUCCESS);
      await expect(page.locator("form#contact")).toBeVisible();
    },
  );

  test(
    "with JavaScript: a visitor who only reads downloads no form code; moving into the form brings it",
    onlyWithJavaScript("JavaScript enhancements"),
    async ({ page }) => {
      const formCode: string[] = [];
      page.on(
        "request",
        (request) => /\/assets\/(contact-section|zod)-[\w-]+\.js$/.test(request.url()) && formCode.push(request.url()),
      );
      // "domcontentloaded": the fixture's own wait would show intent. A reader gets no React either.
      await page.goto(siteUrl("nl", "/nl"), { waitUntil: "domcontentloaded" });
      await page.waitForLoadState("networkidle");
      expect(formCode).toEqual([]);
      await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
      await expect(page.locator(".app-contact-form")).not.toHaveAttribute("data-enhanced");
      await page.getByLabel("Naam").focus();
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
      await expect(page.locator(".app-contact-form")).toHaveAttribute("data-enhanced", "");
      expect(formCode).toHaveLength(2);
    },
  );

  test(
    "with JavaScript: after a navigation in the browser the form is there and enhanced at once",
    onlyWithJavaScript("JavaScript enhancements"),
    async ({ page }) => {
      await page.goto(siteUrl("nl", "/nl/about"));
      await page.locator('header a[href="/nl"]').first().click();
      await expect(page).toHaveURL(siteUrl("nl", "/nl"));
      await expect(page.locator(".app-contact-form")).toHaveAttribute("data-enhanced", "");
      await expect(page.getByLabel("Naam")).toBeVisible();
    },
  );

  test(
    "with JavaScript: what is typed before the form's code has come is kept, and then checked live",
    onlyWithJavaScript("JavaScript enhancements"),
    async ({ page }) => {
      // The form's code (Conform, Zod) comes with React at the first intent; hold it back.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/contact-section-[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(siteUrl("nl", "/nl"), { waitUntil: "domcontentloaded" });
      const email = page.getByLabel("E-mailadres");
      // Typing is the first intent: React is asked for, and waits for the form's held code.
      await page.getByLabel("Naam").fill("Lotte");
      await email.fill("lotte@");
      await expect(page.locator("html")).toHaveAttribute("data-intent", "");
      await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
      release();
      await expect(page.locator(".app-contact-form")).toHaveAttribute("data-enhanced", "");
      await expect(page.getByLabel("Naam")).toHaveValue("Lotte");
      await expect(email).toHaveValue("lotte@");
      await email.focus();
      await email.blur();
      await expect(page.locator(".app-field--error")).toContainText("Gelieve een correct e-mailadres in te vullen");
    },
  );
});

test.describe("POST /api/contact", () => {
  test.skip(
    ({ javaScriptEnabled }) => !javaScriptEnabled,
    "an API call, no browser: the answer is the same in both projects, so it runs once",
  );
  const api = (query: string) => `http://127.0.0.1:${process.env.E2E_PORT}/api/contact${query}`;
  const headers = { Host: "nl.localhost", "Content-Type": "application/json" };

  test("201 for a valid message", async ({ request }) => {
    const response = await request.post(api("?locale=nl_nl"), {
      headers,
      data: { name: "Sam", email: "sam@veldhaven-test.nl", question: "API-vraag" },
    });
    expect(response.status()).toBe(201);
    expect(await response.json()).toMatchObject({ status: "sent", id: expect.any(String) });
  });

  test("400 VALIDATION with field messages in the locale", async ({ request }) => {
    const response = await request.post(api("?locale=fr_be"), { headers, data: { name: "", email: "sam@" } });
    expect(response.status()).toBe(400);
    expect(await response.json()).toEqual({
      error: "VALIDATION",
      fields: {
        name: ["Ce champ est obligatoire"],
        email: ["Veuillez saisir une adresse e-mail correcte"],
        question: ["Ce champ est obligatoire"],
      },
    });
  });

  test("a filled-in honeypot is refused and nothing is sent", async ({ request }) => {
    const response = await request.post(api("?locale=nl_nl"), {
      headers,
      data: { name: "Bot", email: "bot@veldhaven-test.nl", question: "Koop nu", website: "https://spam.example" },
    });
    expect(response.status()).toBe(400);
    expect((await response.json()).error).toBe("VALIDATION");
  });

  test("400 EMAIL_INVALID for a domain without mail", async ({ request }) => {
    const response = await request.post(api("?locale=nl_be"), {
      headers,
      data: { name: "Sam", email: "sam@null-mx.test", question: "Vraag" },
    });
    expect(response.status()).toBe(400);
    expect(await response.json()).toEqual({ error: "EMAIL_INVALID", fields: { email: [EMAIL_INVALID] } });
  });

  test("a JSON post to the contact page itself is a 4xx, not a 500", async ({ request }) => {
    const response = await request.post(`http://127.0.0.1:${process.env.E2E_PORT}/nl/about`, {
      headers: { Host: "nl.localhost", "Content-Type": "application/json", Origin: "http://nl.localhost" },
      data: Buffer.from('{"name":"x"}'),
    });
    expect(response.status()).toBe(415);
  });

  test("malformed JSON, wrong content type, unknown locale and GET are 4xx, never 500", async ({ request }) => {
    const malformed = await request.post(api("?locale=nl_nl"), { headers, data: Buffer.from("{not json") });
    expect(malformed.status()).toBe(400);
    expect((await malformed.json()).error).toBe("MALFORMED_JSON");
    const array = await request.post(api("?locale=nl_nl"), { headers, data: Buffer.from("[1,2]") });
    expect(array.status()).toBe(400);
    const text = await request.post(api("?locale=nl_nl"), {
      headers: { Host: "nl.localhost", "Content-Type": "text/plain" },
      data: "hi",
    });
    expect(text.status()).toBe(415);
    // A simple-request content type that merely mentions JSON is not JSON.
    const sneaky = await request.post(api("?locale=nl_nl"), {
      headers: { Host: "nl.localhost", "Content-Type": "text/plain;application/json" },
      data: Buffer.from('{"name":"x","email":"x@veldhaven-test.nl","question":"q"}'),
    });
    expect(sneaky.status()).toBe(415);
    const huge = await request.post(api("?locale=nl_nl"), { headers, data: Buffer.alloc(1_100_000, 32) });
    expect(huge.status()).toBe(413);
    const locale = await request.post(api("?locale=de_de"), { headers, data: {} });
    expect(locale.status()).toBe(400);
    const get = await request.get(api("?locale=nl_nl"), { headers: { Host: "nl.localhost" } });
    expect(get.status()).toBe(405);
  });
});
