/**
 * The answer's upload in the back office, with
 * JavaScript on and off. The button keeps the focus while the files go; a
 * refusal is said by the file field (aria-invalid, aria-describedby), the
 * officer is put on it (in view, not in a status region that was there at
 * load, which says nothing) and the title starts with 'Fout:'. A file that
 * is taken afterwards is still announced, and the field is valid again.
 */
import { randomBytes } from "node:crypto";

import { request } from "../setup/spawn-server";
import { expect, expectAxeClean, siteUrl, test } from "./fixtures";
import { horizontalOverflow, setTextSize } from "./reflow";
import { sql } from "./shared-server-data";
import { addStaff, signInAsStaff, uniqueStaffEmail } from "./staff-fixtures";

const port = () => Number(process.env.E2E_PORT);
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A verified access request, open for an answer. */
async function openRequest(email: string): Promise<string> {
  const answer = await request(port(), {
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
  expect(answer.status).toBe(201);
  const { reference } = JSON.parse(answer.body) as { reference: string };
  sql(
    "update privacy_request set state = 'OPEN', verified_at = ?, due_at = ? where reference = ?",
    new Date().toISOString(),
    new Date(Date.now() + 20 * 86_400_000).toISOString(),
    reference,
  );
  return reference;
}

const REFUSAL = "rapport.pdf is geen PDF, ZIP, CSV, JSON of afbeelding. Kies een bestand van een van die soorten.";

test("a refused upload is said by the file field, with the officer put on it and 'Fout:' in the title; a taken one is announced", async ({
  page,
}) => {
  const javaScript = test.info().project.use.javaScriptEnabled !== false;
  const officer = uniqueStaffEmail("officer");
  await addStaff(officer, "officer");
  const reference = await openRequest(`upload-${unique()}@veldhaven-test.nl`);
  await signInAsStaff(page, officer);
  await page.goto(siteUrl("nl", `/nl/internal-privacy-rights/requests/${reference}`));
  if (javaScript) await expect(page.locator("html[data-hydrated]")).toBeAttached();

  let posts = 0;
  page.on("request", (sent) => {
    if (sent.method() === "POST" && new URL(sent.url()).pathname.endsWith("/files")) posts += 1;
  });
  const field = page.getByLabel("Bestanden kiezen");
  const button = page.getByRole("button", { name: "Bestanden toevoegen" });
  // Named like a PDF, a Windows program inside (1.5 MB): refused by its content.
  await field.setInputFiles({
    name: "rapport.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.concat([Buffer.from("MZ\x90\x00"), randomBytes(1_500_000)]),
  });
  if (javaScript) {
    // A slow line, so that the upload is seen under way.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 400_000,
    });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("progressbar", { name: "Voortgang van het uploaden" })).toBeVisible();
    // Busy, yet still focused: the focus does not fall to <body>; a second press sends nothing more.
    await expect(button).toBeDisabled();
    await expect(button).toBeFocused();
    await page.keyboard.press("Enter");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  } else {
    await button.click();
  }

  // The field is invalid and described by the refusal, which shows beside it.
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await field.getAttribute("aria-describedby"))?.split(" ") ?? [];
  const descriptions = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).innerText()));
  // The page's texts carry soft hyphens at their syllables; a reader hears the words whole.
  expect(descriptions.join(" ").replaceAll("\u00ad", "")).toContain(REFUSAL);
  const inlineError = page.locator(`[id="${describedBy.find((id) => id.endsWith("-error"))}"]`);
  await expect(inlineError).toBeVisible();
  await expect(inlineError).toBeInViewport();
  await expect(page).toHaveTitle(new RegExp(`^Fout: Aanvraag ${reference} \\|`));
  // The officer is put on the refusal: the focus is on what says it (not <body>), in view.
  const focused = page.locator(":focus");
  await expect(focused).toContainText(REFUSAL);
  await expect(focused).toBeInViewport();
  await expect(page.getByRole("alert").filter({ hasText: REFUSAL })).toHaveCount(1);
  // Not in a status region that was on the page at load (it says nothing of what it held then).
  await expect(page.getByRole("status").filter({ hasText: "rapport.pdf" })).toHaveCount(0);
  await expectAxeClean(page);
  expect(posts).toBe(1);
  expect(
    sql<{ n: number }>(
      "select count(*) as n from request_file f join privacy_request r on r.id = f.request_id where r.reference = ?",
      reference,
    )[0].n,
  ).toBe(0);

  // A file that is taken: announced as before, and the field valid again.
  await field.setInputFiles({
    name: "gegevens.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(4000)]),
  });
  await button.click();
  await expect(page.getByRole("status").filter({ hasText: "1 bestand toegevoegd." })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "gegevens.pdf" })).toContainText("Nog niet verstuurd");
  await expect(page.getByLabel("Bestanden kiezen")).not.toHaveAttribute("aria-invalid");
  await expect(page).toHaveTitle(new RegExp(`^Aanvraag ${reference} \\|`));
  if (javaScript) await expect(button).toBeFocused();
  if (!javaScript) return;

  // The sent files are no longer listed as chosen; a new choice is named whole on a phone at 200 %, however long its name.
  await expect(page.locator("#answer-files-chosen")).toHaveCount(0);
  await page.setViewportSize({ width: 320, height: 800 });
  await setTextSize(page, 2);
  const longName = "Nieuwsbrief_abonnees_export_volledig_2026-11-30.csv";
  await field.setInputFiles({ name: longName, mimeType: "text/csv", buffer: Buffer.from("email\n") });
  const chosen = page.locator("#answer-files-chosen li");
  await expect(chosen).toHaveText(longName);
  await chosen.scrollIntoViewIfNeeded();
  await expect(chosen).toBeInViewport({ ratio: 1 });
  expect(await horizontalOverflow(page)).toBeNull();
});
