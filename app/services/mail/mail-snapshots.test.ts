/**
 * Every mail the app sends, subject, text and HTML, as recorded
 * before the mail texts moved from TypeScript into locales/<locale>/mail.json.
 * The texts' home may change; what a recipient reads may not without a
 * deliberate new recording (`npx vitest run app/services/mail/mail-snapshots.test.ts -u`,
 * and a reviewer reads the diff of app/services/mail/__snapshots__/mails/).
 */
import { describe, expect, it } from "vitest";

import { describeMail, MAIL_CATALOGUE, MAIL_ORIGINS } from "../../../tests/setup/mail-catalogue";
import { useTestConfig } from "../../../tests/setup/unit-process";

describe("every mail reads as recorded", () => {
  useTestConfig(MAIL_ORIGINS);

  it.each(Object.keys(MAIL_CATALOGUE))("%s", async (template) => {
    const mails = MAIL_CATALOGUE[template]();
    expect(mails.length).toBeGreaterThan(0);
    await expect(mails.map(describeMail).join("\n")).toMatchFileSnapshot(`./__snapshots__/mails/${template}.txt`);
  });
});
