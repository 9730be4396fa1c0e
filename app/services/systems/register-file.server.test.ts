/**
 * The register of systems comes from a file all or nothing, each
 * bad row named by its line and field; a webhook system that comes without
 * credentials gets them once, and keeps them on the next import.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { expect, it } from "vitest";

import { importSystems, parseSystemsFile } from "~/services/systems/register-file.server";
import { saveSystemByOfficer } from "~/services/systems/register.server";
import { openSecret } from "~/services/systems/system-secrets.server";
import { dataSystemForm, fromForm } from "~/validation/data-system";

import { describeEachDatabase } from "../../../tests/setup/unit-database";

process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "systems-register-config-"));

const HEADER = "id,name,rights,countries,channel,webhook_url,secret,callback_token,contact_email,contact_locale,active";

describeEachDatabase("the systems register on $name", (database) => {
  it("imports nothing when one row is wrong, and names each problem's line and field", async () => {
    const file = [
      HEADER,
      "crm,CRM,RIGHT_OF_ACCESS,NL,webhook,https://crm.example.net/hooks,,,,,",
      "Print Desk,Drukkerij,OBJECTION,NL,email,,,,,,",
      "crm,CRM again,RIGHT_OF_ACCESS,BE,manual,,,,,,",
    ].join("\n");
    const { rows, lines } = parseSystemsFile(file, "csv");
    const outcome = await importSystems(database.db, rows, lines);
    expect(outcome).toEqual({
      ok: false,
      problems: [
        { line: 3, field: "id", message: "2–40 characters: lower-case letters, digits and dashes" },
        { line: 3, field: "contactEmail", message: "required for an e-mail system" },
        { line: 4, field: "id", message: "already on line 2" },
      ],
    });
    expect(await database.db.selectFrom("data_system").selectAll().execute()).toEqual([]);
  });

  it("gives a webhook system without credentials new ones once, sealed, and keeps them on the next import", async () => {
    const file = [
      HEADER,
      "crm,CRM,RIGHT_OF_ACCESS RIGHT_TO_BE_FORGOTTEN,NL|BE,webhook,https://crm.example.net/hooks,,,,,",
    ].join("\n");
    const first = await importSystems(
      database.db,
      ...(Object.values(parseSystemsFile(file, "csv")) as [unknown[], number[]]),
    );
    if (!first.ok) throw new Error("not imported");
    expect(first.issued).toHaveLength(1);
    const { secret, callbackToken } = first.issued[0];
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const row = await database.db.selectFrom("data_system").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      rights: "RIGHT_OF_ACCESS,RIGHT_TO_BE_FORGOTTEN",
      countries: "nl,be",
      channel: "webhook",
    });
    // Neither is stored as given: the secret is sealed, the token hashed.
    expect(JSON.stringify(row)).not.toContain(secret!.slice(6));
    expect(JSON.stringify(row)).not.toContain(callbackToken!);
    expect(openSecret("crm", row.secret_sealed!)).toBe(secret);
    const again = await importSystems(
      database.db,
      ...(Object.values(parseSystemsFile(file.replace("CRM,", "CRM (nieuw),"), "csv")) as [unknown[], number[]]),
    );
    expect(again).toMatchObject({ ok: true, saved: 1, issued: [] });
    const after = await database.db.selectFrom("data_system").selectAll().executeTakeFirstOrThrow();
    expect(after).toMatchObject({
      name: "CRM (nieuw)",
      secret_sealed: row.secret_sealed,
      callback_token_hash: row.callback_token_hash,
    });
  });

  it("takes a country in either case, as docs/systems.md writes it (NL) or as stored (nl): JSON, CSV and the officer's form", async () => {
    const system = (id: string, countries: string[]) => ({
      id,
      name: id.toUpperCase(),
      rights: ["RIGHT_OF_ACCESS"],
      countries,
      channel: "manual",
    });
    const json = JSON.stringify([system("crm", ["NL"]), system("print", ["nl", "BE"]), system("archive", ["be"])]);
    expect(
      await importSystems(database.db, ...(Object.values(parseSystemsFile(json, "json")) as [unknown[], number[]])),
    ).toMatchObject({ ok: true, saved: 3 });
    const csv = [
      HEADER,
      "shop,Shop,RIGHT_OF_ACCESS,nl|BE,manual,,,,,,",
      "events,Events,RIGHT_OF_ACCESS,Be,manual,,,,,,",
    ].join("\n");
    expect(
      await importSystems(database.db, ...(Object.values(parseSystemsFile(csv, "csv")) as [unknown[], number[]])),
    ).toMatchObject({ ok: true, saved: 2 });
    const officer = { email: "officer@veldhavenmedia.nl" };
    const form = (id: string, countries: string[]) =>
      fromForm(
        dataSystemForm.schema.parse({
          id,
          name: id,
          rights: ["RIGHT_OF_ACCESS"],
          countries,
          channel: "manual",
          active: "yes",
        }),
      );
    expect(await saveSystemByOfficer(database.db, form("desk", ["BE"]), officer)).toEqual({ status: "done" });
    expect(await saveSystemByOfficer(database.db, form("paper", ["nl"]), officer)).toEqual({ status: "done" });
    const stored = await database.db.selectFrom("data_system").select(["id", "countries"]).orderBy("id").execute();
    expect(stored).toEqual([
      { id: "archive", countries: "be" },
      { id: "crm", countries: "nl" },
      { id: "desk", countries: "be" },
      { id: "events", countries: "be" },
      { id: "paper", countries: "nl" },
      { id: "print", countries: "nl,be" },
      { id: "shop", countries: "nl,be" },
    ]);
    // Still only the two countries.
    const wrong = await importSystems(
      database.db,
      ...(Object.values(parseSystemsFile(JSON.stringify([system("de", ["DE"])]), "json")) as [unknown[], number[]]),
    );
    expect(wrong).toMatchObject({ ok: false, problems: [{ line: 1, field: "countries.0" }] });
  });

  it("checks an officer's system by the import's rules, names each wrong field, and keeps who changed which fields (never a secret's value)", async () => {
    const officer = { email: "officer@veldhavenmedia.nl" };
    const refused = await saveSystemByOfficer(
      database.db,
      {
        id: "crm",
        name: "CRM",
        rights: ["RIGHT_OF_ACCESS"],
        countries: ["nl"],
        channel: "webhook",
        webhookUrl: "http://crm.example.net",
        active: true,
      },
      officer,
    );
    // Every problem at once: the wrong address and the missing secrets.
    expect(refused).toEqual({
      status: "invalid",
      fieldErrors: {
        webhookUrl: ["validation.systems.webhookUrl"],
        secret: ["validation.systems.secret"],
        callbackToken: ["validation.systems.callbackToken"],
      },
    });
    const noSecrets = await saveSystemByOfficer(
      database.db,
      {
        id: "crm",
        name: "CRM",
        rights: ["RIGHT_OF_ACCESS"],
        countries: ["nl"],
        channel: "webhook",
        webhookUrl: "https://crm.example.net",
        active: true,
      },
      officer,
    );
    expect(noSecrets).toEqual({
      status: "invalid",
      fieldErrors: { secret: ["validation.systems.secret"], callbackToken: ["validation.systems.callbackToken"] },
    });
    const secret = `whsec_${Buffer.alloc(32, 3).toString("base64")}`;
    const given = {
      id: "crm",
      name: "CRM",
      rights: ["RIGHT_OF_ACCESS" as const],
      countries: ["nl" as const],
      channel: "webhook" as const,
      webhookUrl: "https://crm.example.net",
      secret,
      callbackToken: "vhs_".padEnd(40, "t"),
      active: true,
    };
    expect(await saveSystemByOfficer(database.db, given, officer)).toEqual({ status: "done" });
    // Changed without typing the secrets again: they stay.
    expect(
      await saveSystemByOfficer(
        database.db,
        { ...given, name: "CRM (nieuw)", secret: undefined, callbackToken: undefined },
        officer,
      ),
    ).toEqual({ status: "done" });
    const row = await database.db.selectFrom("data_system").selectAll().executeTakeFirstOrThrow();
    expect(openSecret("crm", row.secret_sealed!)).toBe(secret);
    const events = await database.db
      .selectFrom("data_system_event")
      .selectAll()
      .orderBy("at")
      .orderBy("action")
      .execute();
    expect(events.map((event) => [event.action, event.actor])).toEqual([
      ["CREATED", officer.email],
      ["UPDATED", officer.email],
    ]);
    expect(events[1].fields).toBe("name");
    expect(JSON.stringify(events)).not.toContain(secret.slice(6));
  });
});
