/**
 * The back office's request page shows a right's own answers (the fields
 * of its form, kept as the request's details) as the person read them: each
 * with its form's label, a choice by its option's text, several choices in
 * one line. Asked through the public JSON call, read as an officer.
 */
import { request } from "../setup/spawn-server";
import { expect, siteUrl, test, theServersAnswer } from "./fixtures";
import { addStaff, signInAsStaff, uniqueStaffEmail } from "./staff-fixtures";

test(
  "the request page shows each right's own answers with their form's labels and options",
  theServersAnswer,
  async ({ page }) => {
    const port = Number(process.env.E2E_PORT);
    const submit = async (body: Record<string, unknown>) => {
      const made = await request(port, {
        method: "POST",
        path: "/api/privacy-rights/request",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ language: "nl", email: `eigen-${Date.now().toString(36)}@veldhaven-test.nl`, ...body }),
      });
      expect(made.status).toBe(201);
      return (JSON.parse(made.body) as { reference: string }).reference;
    };
    const restriction = await submit({
      flowType: "RESTRICTION_OF_PROCESSING",
      ground: "LEGAL_CLAIM",
      concerns: "Mijn leesgeschiedenis van 2024",
    });
    const objection = await submit({
      flowType: "OBJECTION_TO_PROCESSING",
      purposes: ["PERSONALISED_ADVERTISING", "OTHER"],
      otherPurpose: "De nieuwsbrief op maat van mijn klikgedrag",
      grounds: "Ik wil niet gevolgd worden.",
    });
    const officer = uniqueStaffEmail("details");
    await addStaff(officer, "officer");
    await signInAsStaff(page, officer);

    await page.goto(siteUrl("nl", `/nl/internal-privacy-rights/requests/${restriction}`));
    const asked = page.getByRole("region", { name: "Wat werd gevraagd" });
    await expect(asked).toContainText("Waarom wil je dat we je gegevens niet meer gebruiken?");
    await expect(asked).toContainText("Ik heb mijn gegevens nodig voor een rechtszaak of een claim");
    await expect(asked).toContainText("Om welke gegevens of welk gebruik gaat het?");
    await expect(asked).toContainText("Mijn leesgeschiedenis van 2024");
    await expect(asked).not.toContainText("LEGAL_CLAIM");

    await page.goto(siteUrl("nl", `/nl/internal-privacy-rights/requests/${objection}`));
    await expect(asked).toContainText("Waartegen maak je bezwaar?");
    await expect(asked).toContainText("Profilering voor gepersonaliseerde advertenties, Iets anders");
    await expect(asked).toContainText("De nieuwsbrief op maat van mijn klikgedrag");
    await expect(asked).toContainText("Ik wil niet gevolgd worden.");
    // Handing over belongs to a package sent on: no such section here.
    await expect(page.getByRole("region", { name: "Doorsturen naar een andere organisatie" })).toHaveCount(0);
  },
);
