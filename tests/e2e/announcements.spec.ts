/**
 * What a screen reader announces, in more
 * than one locale. An error found before a submit (on leaving the e-mail
 * field, or while typing in a required text) lands in a polite live region
 * that was on the page before it, so it is read when it appears, and
 * typing on does not touch that region again; the error a failed post
 * renders on the server is in the same place and still the field's
 * description. The focused error summary has an alert inside holding its
 * whole list. A staff send that answers 401 puts the focus on the notice,
 * every time. The report's reason step sent empty has the error summary
 * every other form has, and says what to do; each reason's explanation is
 * read once, as its description.
 */
import path from "node:path";

import type { Locator, Page } from "@playwright/test";
import Database from "better-sqlite3";

import { request as serverRequest } from "../setup/spawn-server";
import { expect, inTurn, onlyWithJavaScript, siteUrl, test, type Host } from "./fixtures";
import { registerItems } from "./site-pages";
import { soft } from "./soft-hyphens";
import { addStaff, signInAsStaff, uniqueStaffEmail } from "./staff-fixtures";

const LIVE = '[aria-live="polite"], [role="status"]';

/** Marks every polite live region now on the page: a region created later, with its message, is often not read. */
async function markLiveRegions(page: Page) {
  await page.evaluate((live) => {
    for (const region of document.querySelectorAll(live)) region.setAttribute("data-e2e-earlier", "");
  }, LIVE);
}

/**
 * The error among the control's aria-describedby ids whose text matches, and
 * about the polite live region around it: whether it was marked earlier,
 * and a count of the changes inside it from now on (what it would announce).
 */
async function describedErrorRegion(control: Locator, message: RegExp) {
  const token = `region-${Math.random().toString(36).slice(2)}`;
  let found = { text: "", inEarlierRegion: false };
  await expect
    .poll(
      async () => {
        found = await control.evaluate(
          (element, { source, flags, live, token }) => {
            const pattern = new RegExp(source, flags);
            const ids = (element.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
            const error = ids
              .map((id) => document.getElementById(id))
              .find((node) => node && pattern.test((node.textContent ?? "").replaceAll("\u00ad", "")));
            const region = error?.closest<HTMLElement & { e2eChanges?: number }>(live);
            if (region && !region.hasAttribute("data-e2e-watched")) {
              region.e2eChanges = 0;
              new MutationObserver((records) => (region.e2eChanges! += records.length)).observe(region, {
                childList: true,
                subtree: true,
                characterData: true,
              });
              region.setAttribute("data-e2e-watched", token);
            }
            return {
              text: (error?.textContent ?? "").replaceAll("\u00ad", ""),
              inEarlierRegion: Boolean(region?.hasAttribute("data-e2e-earlier")),
            };
          },
          { source: message.source, flags: message.flags, live: LIVE, token },
        );
        return found.text;
      },
      { message: "an error named by aria-describedby" },
    )
    .toMatch(message);
  const changes = () =>
    control.page().evaluate(
      (token) =>
        new Promise<number>((resolve) =>
          // After the frames in which React would have written what the last keys changed.
          requestAnimationFrame(() =>
            requestAnimationFrame(() =>
              resolve(
                (document.querySelector(`[data-e2e-watched="${token}"]`) as { e2eChanges?: number } | null)
                  ?.e2eChanges ?? -1,
              ),
            ),
          ),
        ),
      token,
    );
  return { ...found, changes };
}

/** Types into a required text, then empties it: the spec checks it on each input. */
async function emptyAfterTyping(control: Locator) {
  await control.fill("x");
  await control.press("Backspace");
}

type LiveCase = {
  name: string;
  host: Host;
  path: string;
  /** Waits for the form and returns its scope. */
  form: (page: Page) => Locator;
  email?: { label: string; message: RegExp };
  required: { label: string; message: RegExp }[];
};

const CONTACT_NL: LiveCase = {
  name: "contact, nl_nl",
  host: "nl",
  path: "/nl/about",
  form: (page) => page.locator("form#contact"),
  email: { label: "E-mailadres", message: /Gelieve een correct e-mailadres in te vullen/ },
  required: [{ label: "Je vraag", message: /Dit veld is verplicht/ }],
};

const LIVE_CASES: LiveCase[] = [
  CONTACT_NL,
  {
    name: "contact, fr_be",
    host: "be",
    path: "/fr",
    form: (page) => page.locator("form#contact"),
    email: { label: "Adresse e-mail", message: /Veuillez saisir une adresse e-mail correcte/ },
    required: [{ label: "Votre question", message: /Ce champ est obligatoire/ }],
  },
  {
    name: "rectification, nl_be",
    host: "be",
    path: "/nl/privacy-rights/rectification",
    form: (page) => page.locator("main form.app-form"),
    email: { label: "E-mailadres", message: /Gelieve een correct e-mailadres in te vullen/ },
    required: [{ label: "Je bericht", message: /Dit veld is verplicht/ }],
  },
];

for (const liveCase of LIVE_CASES) {
  test(
    `errors before a submit are in a polite live region that was there before, and typing on leaves it alone (${liveCase.name})`,
    onlyWithJavaScript("errors before a submit come from the browser's validation"),
    async ({ page }) => {
      await page.goto(siteUrl(liveCase.host, liveCase.path));
      const form = liveCase.form(page);
      await markLiveRegions(page);

      if (liveCase.email) {
        // Checked on blur (spec 5), so leaving the field shows it.
        const email = form.getByLabel(liveCase.email.label, { exact: true });
        await email.fill("lotte@");
        await email.press("Tab");
        const region = await describedErrorRegion(email, liveCase.email.message);
        expect(region.inEarlierRegion, "e-mail error in a live region that existed before the blur").toBe(true);
        // Typing on is not checked until the next blur; the same error on that blur leaves the region alone.
        await email.pressSequentially("example");
        await email.press("Tab");
        expect(await region.changes()).toBe(0);
      }

      for (const required of liveCase.required) {
        const control = form.getByLabel(required.label, { exact: true });
        await emptyAfterTyping(control);
        const region = await describedErrorRegion(control, required.message);
        expect(region.inEarlierRegion, `${required.label}: in a live region that existed before`).toBe(true);
        await control.pressSequentially("   ");
        await expect(control).toHaveAttribute("aria-invalid", "true");
        expect(await region.changes(), `${required.label}: not re-announced on each key`).toBe(0);
      }
    },
  );
}

test(
  "the report's name and explanation: errors while typing are in live regions that were there before (fr_be)",
  onlyWithJavaScript("errors before a submit come from the browser's validation"),
  async ({ page, request }) => {
    const [item] = await registerItems(request, "be");
    await page.goto(siteUrl("be", `/fr/political-ads/${item.id}/report?reason=MISLEADING`));
    await markLiveRegions(page);
    for (const label of ["Nom", "Explication"]) {
      const control = page.getByLabel(label, { exact: true });
      await emptyAfterTyping(control);
      const region = await describedErrorRegion(control, /Ce champ est obligatoire/);
      expect(region.inEarlierRegion, label).toBe(true);
      await control.pressSequentially("  ");
      expect(await region.changes(), label).toBe(0);
    }
  },
);

test(
  "the report dialog's reason error is in a live region that was there before (nl_nl)",
  onlyWithJavaScript("the dialog needs JavaScript"),
  async ({ page, request }) => {
    const [item] = await registerItems(request, "nl");
    await page.goto(siteUrl("nl", `/nl/political-ads/${item.id}`));
    await page.getByRole("button", { name: "Meld deze advertentie" }).click();
    const dialog = page.getByRole("dialog", { name: "Waarom meld je deze advertentie?" });
    await expect(dialog.getByRole("radio")).toHaveCount(4);
    await markLiveRegions(page);
    await dialog.getByRole("button", { name: "Volgende" }).click();
    const group = dialog.getByRole("radiogroup", { name: "Kies een reden" });
    const region = await describedErrorRegion(group, /^Fout: \S/);
    expect(region.inEarlierRegion).toBe(true);
    await expect(group).toHaveAccessibleDescription("Fout: Kies waarom je deze advertentie meldt");
  },
);

/** A verified access request, as its e-mail link leaves it (OPEN), for the back office. */
async function openRequest(): Promise<string> {
  const port = Number(process.env.E2E_PORT);
  const made = await serverRequest(port, {
    method: "POST",
    path: "/api/privacy-rights/request",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      flowType: "RIGHT_OF_ACCESS",
      email: `live-${Date.now().toString(36)}@veldhaven-test.nl`,
      language: "nl",
      userMessage: "Welke gegevens hebben jullie?",
    }),
  });
  expect(made.status).toBe(201);
  const { reference } = JSON.parse(made.body) as { reference: string };
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, "app.sqlite"));
  try {
    db.prepare("update privacy_request set state = 'OPEN', verified_at = ?, due_at = ? where reference = ?").run(
      new Date().toISOString(),
      new Date(Date.now() + 86_400_000).toISOString(),
      reference,
    );
  } finally {
    db.close();
  }
  return reference;
}

test(
  "a back-office textarea's error while typing is in a live region that was there before",
  onlyWithJavaScript("errors before a submit come from the browser's validation"),
  async ({ page }) => {
    const officer = uniqueStaffEmail("live");
    await addStaff(officer, "officer");
    const reference = await openRequest();
    await signInAsStaff(page, officer);
    await page.goto(siteUrl("nl", `/nl/internal-privacy-rights/requests/${reference}`));
    await markLiveRegions(page);
    const reason = page.getByRole("region", { name: "Afwijzen" }).getByRole("textbox");
    await emptyAfterTyping(reason);
    // Whatever the message says (each field words it its own way), it is read from a region that was there.
    const region = await describedErrorRegion(reason, /\S/);
    expect(region.inEarlierRegion).toBe(true);
    await reason.pressSequentially("   ");
    expect(await region.changes()).toBe(0);
  },
);

test("after a failed post the field's error is in a polite live region and still the field's description", async ({
  page,
}) => {
  await page.goto(siteUrl("nl", CONTACT_NL.path));
  const form = CONTACT_NL.form(page);
  await form.getByLabel("Naam", { exact: true }).fill("Lotte de Vries");
  await form.getByLabel("E-mailadres", { exact: true }).fill("lotte@");
  await form.getByRole("button", { name: "Verstuur" }).click();
  await expect(page.locator(".app-error-summary")).toBeFocused();
  for (const [label, message] of [
    ["E-mailadres", /Fout: Gelieve een correct e-mailadres in te vullen$/],
    ["Je vraag", /Fout: Dit veld is verplicht$/],
  ] as const) {
    const control = form.getByLabel(label, { exact: true });
    await expect(control).toHaveAttribute("aria-invalid", "true");
    await expect(control).toHaveAccessibleDescription(message);
    const inRegion = await control.evaluate((element, live) => {
      const ids = (element.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
      return ids.some((id) => Boolean(document.getElementById(id)?.closest(live)));
    }, LIVE);
    expect(inRegion, label).toBe(true);
  }
});

const SUMMARY_CASES = [
  {
    host: "be" as const,
    path: "/nl/privacy-rights/rectification",
    send: "Verstuur je aanvraag",
    title: "Er is een probleem",
    items: 2,
  },
  {
    host: "be" as const,
    path: "/fr/privacy-rights/rectification",
    send: "Envoyer votre demande",
    title: "Il y a un problème",
    items: 2,
  },
];

for (const [turn, summaryCase] of SUMMARY_CASES.entries()) {
  test(
    `the focused error summary holds an alert with its title and its whole list (${summaryCase.path})`,
    inTurn(turn + 1),
    async ({ page }) => {
      await page.goto(siteUrl(summaryCase.host, summaryCase.path));
      await page.locator("main form.app-form").getByRole("button", { name: summaryCase.send, exact: true }).click();
      const summary = page.locator(".app-error-summary");
      await expect(summary).toBeFocused();
      await expect(summary).toHaveAccessibleName(summaryCase.title);
      const alert = summary.getByRole("alert");
      await expect(alert).toHaveCount(1);
      await expect(alert.getByRole("heading", { level: 2 })).toHaveText(summaryCase.title);
      await expect(alert.getByRole("list").getByRole("link")).toHaveCount(summaryCase.items);
      await expect(summary.getByRole("link")).toHaveCount(summaryCase.items);
    },
  );
}

/** Ends every session of the account, as 31 minutes without a request would. */
function letSessionsIdle(email: string) {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, "app.sqlite"));
  try {
    db.prepare("update staff_session set last_seen_at = ? where email = ?").run(
      new Date(Date.now() - 31 * 60_000).toISOString(),
      email,
    );
  } finally {
    db.close();
  }
}

test("each staff send that answers 401 puts the focus on the notice, also after the login link was followed", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  const staffEmail = uniqueStaffEmail("notice401");
  await addStaff(staffEmail);
  await signInAsStaff(page, staffEmail);
  await page.goto(siteUrl("nl", "/nl/internal-privacy-rights/direct-marketing"));
  await page.getByRole("checkbox", { name: "Alle merken" }).check();
  await page.getByRole("checkbox", { name: "Telefoon", exact: true }).check();
  await page.getByLabel("Telefoonnummer").fill(`+316${String(Date.now()).slice(-8)}`);
  letSessionsIdle(staffEmail);
  const notice = page
    .getByRole("alert")
    .filter({ hasText: soft(/Je bent niet aangemeld, of je sessie is verlopen\./) });
  for (let attempt = 1; attempt <= 3; attempt++) {
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      page.getByRole("button", { name: "Klant uitschrijven" }).click(),
    ]);
    expect(answer.status()).toBe(401);
    await expect(notice, `attempt ${attempt}`).toBeFocused();
    expect(
      await page.evaluate(() => document.activeElement?.textContent?.replaceAll("\u00ad", "") ?? ""),
      `attempt ${attempt}`,
    ).toMatch(/Je bent niet aangemeld/);
    if (attempt === 2 && javaScriptEnabled) {
      // Following the login link (a new tab) hides the notice until the next failed send.
      const [tab] = await Promise.all([context.waitForEvent("page"), notice.getByRole("link").click()]);
      await tab.close();
      await expect(notice).toHaveCount(0);
    }
  }
});

const REASON_STEP = [
  {
    locale: "nl_nl",
    host: "nl" as const,
    lang: "nl",
    next: "Volgende",
    legend: "Kies een reden",
    link: "Kies een reden: Kies waarom je deze advertentie meldt",
    error: "Fout: Kies waarom je deze advertentie meldt",
    title: /^Fout: Waarom meld je deze advertentie\?/,
    reasons: ["Misleidend", "Onjuist gelabeld", "Discriminerend", "Alcohol, drugs of seks"],
  },
  {
    locale: "fr_be",
    host: "be" as const,
    lang: "fr",
    next: "Suivant",
    legend: "Choisissez un motif",
    link: soft(/^Choisissez un motif\s?: Choisissez pourquoi vous signalez cette publicité$/),
    error: soft(/^Erreur\s?: Choisissez pourquoi vous signalez cette publicité$/),
    title: /^Erreur : Pourquoi signalez-vous cette publicité \?/,
    reasons: ["Trompeuse", "Étiquetage incorrect", "Discriminatoire", "Alcool, drogues ou sexe"],
  },
];

for (const [turn, step] of REASON_STEP.entries()) {
  test(
    `the report's reason step sent empty: the focused error summary, an alert, a link to the first reason, a message that says what to do (${step.locale})`,
    inTurn(turn),
    async ({ page, request }) => {
      const [item] = await registerItems(request, step.host);
      await page.goto(siteUrl(step.host, `/${step.lang}/political-ads/${item.id}/report`));
      await expect(page.locator(".app-error-summary")).toHaveCount(0);
      await page.getByRole("button", { name: step.next, exact: true }).click();
      const summary = page.locator(".app-error-summary");
      await expect(summary).toBeFocused();
      const link = summary.getByRole("alert").getByRole("list").getByRole("link");
      await expect(link).toHaveText(step.link);
      await expect(page).toHaveTitle(step.title);
      // The link leads to the first reason, which names the error through its group.
      const target = (await link.getAttribute("href"))!;
      expect(target).toMatch(/^#/);
      await expect(page.locator(target)).toHaveAttribute("type", "radio");
      const group = page.getByRole("radiogroup", { name: step.legend, exact: true });
      await expect(group).toHaveAccessibleDescription(step.error);
      await expect(group).toHaveAttribute("aria-invalid", "true");
      await expect(group.getByRole("radio").first()).toHaveAttribute("id", target.slice(1));
    },
  );

  test(
    `each reason's explanation is read once, as its description (${step.locale})`,
    inTurn(turn + 1),
    async ({ page, request }) => {
      const [item] = await registerItems(request, step.host);
      await page.goto(siteUrl(step.host, `/${step.lang}/political-ads/${item.id}/report`));
      const radios = page.getByRole("radio");
      await expect(radios).toHaveCount(step.reasons.length);
      for (const [index, title] of step.reasons.entries()) {
        const radio = radios.nth(index);
        await expect(radio).toHaveAccessibleName(title);
        const heard = await radio.evaluate((element) => {
          const ids = (element.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
          const described = ids.map(
            (id) => document.getElementById(id)?.textContent?.replaceAll("\u00ad", "").trim() ?? "",
          );
          const labels = Array.from((element as HTMLInputElement).labels ?? []).map(
            (label) => label.textContent?.replaceAll("\u00ad", "").trim() ?? "",
          );
          return { described, labels };
        });
        expect(heard.described, title).toHaveLength(1);
        const explanation = heard.described[0];
        expect(explanation.length, title).toBeGreaterThan(20);
        await expect(radio).toHaveAccessibleDescription(explanation);
        // Not also in the name: the label holds the title only.
        expect(heard.labels.join(" "), title).not.toContain(explanation);
      }
    },
  );
}
