/**
 * A submission refused because the database cannot be
 * written is a 503 whose text (shown in the form's banner with and without
 * JavaScript, and the JSON call's message) keeps 'Er is iets misgelopen'
 * first, then says from when to try again (the time of the Retry-After the
 * answer carries) and how else to reach us: the privacy team's address and
 * the group's phone number. The database is really read-only here (the
 * SQLite file opened read-only), so the service's own write fails.
 */
import SQLite from "better-sqlite3";
import { Kysely } from "kysely";
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { serverContext, siteContext, type Site } from "~/context";
import type { DatabaseHandle } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { sqliteDialect } from "~/db/sqlite-dialect.server";
import { retryTimeText } from "~/http/submission-refusals.server";
import type { Locale } from "~/i18n/locale";
import { messageText } from "~/i18n/server-texts.server";
import { action as privacyRequestCall } from "~/routes/api/privacy-rights.request";
import { contactFormAction } from "~/routes/site/contact-form.action.server";
import { createSubmissionLimiters } from "~/services/submission/limits.server";
import { singleton } from "~/utils/singleton.server";
import type { FormActionData } from "~/validation/form-definition";

import { useTestDatabase, type DatabaseFixture } from "../../tests/setup/unit-database";
import { useTestConfig, useTestDatabaseAsProcessDatabase } from "../../tests/setup/unit-process";

// The process's values the test replaces (app/utils/singleton.server.ts).
const processLogger = singleton<pino.Logger>("logger");
const submissionLimiters = singleton<unknown>("submission-limiters");

describe("a submission the database cannot store", () => {
  const writable = useTestDatabase();
  useTestConfig({ EMAIL_DOMAIN_CHECK: "false" });
  let readOnly: DatabaseHandle | undefined;
  /** The errors the actions logged: the database's own, so a test cannot pass on another failure. */
  let loggedErrors: Array<{ code?: string }> = [];
  beforeEach(async () => {
    if (writable.handle.kind !== "sqlite") throw new Error("SQLite only");
    // The limits' table exists, as it does on a server that has taken submissions before.
    await createSubmissionLimiters(writable.handle);
    const sqlite = new SQLite(writable.handle.sqlite.name, { readonly: true });
    readOnly = { kind: "sqlite", sqlite, db: new Kysely<Database>({ dialect: sqliteDialect(sqlite) }) };
    // The process's limiters are made again, on this test's database.
    submissionLimiters.set(undefined);
    loggedErrors = [];
    processLogger.set(
      pino(
        { level: "error" },
        { write: (line: string) => void loggedErrors.push((JSON.parse(line) as { err: { code?: string } }).err) },
      ),
    );
  });
  afterEach(async () => {
    submissionLimiters.set(undefined);
    await readOnly?.db.destroy();
    readOnly = undefined;
  });
  useTestDatabaseAsProcessDatabase({
    get handle() {
      return readOnly!;
    },
    get db() {
      return readOnly!.db;
    },
    get kind() {
      return readOnly!.kind;
    },
  } satisfies DatabaseFixture);

  function contextFor(site: Site) {
    const context = new RouterContextProvider();
    context.set(serverContext, {
      clientIp: "198.51.100.7",
      isKnownPage: () => true,
      thirdPartyOrigins: [],
      noteForLog: () => {},
    });
    context.set(siteContext, site);
    return context;
  }

  /** The time a text names for a Retry-After given at `before`..`after` (the minute may turn in between). */
  const retryTimes = (locale: Locale, seconds: number, before: Date, after: Date) => [
    retryTimeText(locale, seconds, before),
    retryTimeText(locale, seconds, after),
  ];

  describe("the contact form, when the message cannot be stored", () => {
    it("answers 503 with Retry-After, and a banner that says when to try again and how else to reach us", async () => {
      const body = new URLSearchParams({
        form: "contact",
        name: "Lotte",
        email: "lotte@veldhaven-test.nl",
        question: "Hoe lang bewaren jullie mijn gegevens?",
        website: "",
      });
      const request = new Request("http://nl.localhost:3000/nl", { method: "POST", body });
      const before = new Date();
      const answer = (await contactFormAction({
        request,
        context: contextFor({ country: "nl", locale: "nl_nl", language: "nl" }),
      })) as unknown as {
        data: FormActionData;
        init: { status: number; headers: Record<string, string> };
      };
      const after = new Date();

      expect(answer.init.status).toBe(503);
      const retryAfter = Number(answer.init.headers["Retry-After"]);
      expect(retryAfter).toBeGreaterThan(0);
      expect(answer.data.banner).toBe("contact.storageFailure");
      const shown = messageText("nl_nl", answer.data.banner!, answer.data.bannerValues);
      const [early, late] = retryTimes("nl_nl", retryAfter, before, after);
      expect([early, late]).toContain(answer.data.bannerValues?.time);
      expect(shown).toBe(
        `Er is iets misgelopen. We kunnen je bericht op dit moment niet opslaan. Probeer het opnieuw vanaf ${answer.data.bannerValues?.time}. ` +
          "Je kunt je vraag ook mailen naar privacy@veldhavenmedia.nl of ons bellen op 088 330 33 00.",
      );
      expect(loggedErrors.map((error) => error.code)).toEqual(["SQLITE_READONLY"]);
      // The values are kept, so nothing typed is lost.
      expect(answer.data.result.initialValue).toMatchObject({ name: "Lotte", email: "lotte@veldhaven-test.nl" });
    });
  });

  describe("the privacy request call, when the request cannot be stored", () => {
    it("answers 503 UNAVAILABLE with Retry-After and the same text in the caller's language", async () => {
      const request = new Request("http://be.localhost:3000/api/privacy-rights/request", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ flowType: "RIGHT_OF_ACCESS", email: "lea@veldhaven-test.be", language: "fr" }),
      });
      const before = new Date();
      const answer = (await privacyRequestCall({
        request,
        context: contextFor({ country: "be", locale: "fr_be", language: "fr" }),
        params: {},
      } as unknown as Parameters<typeof privacyRequestCall>[0])) as Response;
      const after = new Date();

      expect(answer.status).toBe(503);
      const retryAfter = Number(answer.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThan(0);
      const { error, message } = (await answer.json()) as { error: string; message: string };
      expect(error).toBe("UNAVAILABLE");
      const [early, late] = retryTimes("fr_be", retryAfter, before, after);
      const expected = (time: string) =>
        `Un problème est survenu. Nous ne pouvons pas enregistrer votre demande pour le moment. Réessayez à partir de ${time}. ` +
        "Vous pouvez aussi écrire à notre équipe vie privée à l'adresse privacy@veldhavenmedia.be ou nous appeler au 03 210 44 00.";
      expect([expected(early), expected(late)]).toContain(message);
      expect(loggedErrors.map((error) => error.code)).toEqual(["SQLITE_READONLY"]);
    });
  });
});
