/**
 * The European repository export. Every code of our
 * vocabularies has a repository term (an unknown one stops the export); a
 * known register, changed once, exports as the committed fixture; `--since`
 * keeps the later versions; print and TV are counted, not exported; and the
 * command does the same end to end.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { CAMPAIGN_STATUSES, CONTEXT_TYPES, FUNDING_ORIGINS, FUNDING_REGIONS } from "~/domain/campaign-item";
import { repositoryExport } from "~/services/campaign/eu-repository/export.server";
import { vocabulary } from "~/services/campaign/eu-repository/vocabulary.server";
import { importCampaigns } from "~/services/campaign/register.server";
import { correctNotice } from "~/services/campaign/versions.server";

import { describeEachDatabase } from "../../../../tests/setup/unit-database";

const FIXTURES = path.join(import.meta.dirname, "..", "..", "..", "..", "tests", "fixtures", "eu-repository");
const register = JSON.parse(fs.readFileSync(path.join(FIXTURES, "register.json"), "utf8")) as Array<
  Record<string, unknown>
>;
const expected = JSON.parse(fs.readFileSync(path.join(FIXTURES, "expected.json"), "utf8")) as Record<string, unknown>;
const ORIGINS = { nl: "https://privacy.veldhavenmedia.nl", be: "https://privacy.veldhavenmedia.be" };
const MONDAY = new Date("2026-11-23T09:00:00.000Z");
const TUESDAY = new Date("2026-11-24T09:00:00.000Z");

describe("the repository's vocabulary", () => {
  it("has a term for every code of ours, and refuses one it does not know", () => {
    for (const code of FUNDING_ORIGINS) expect(vocabulary.fundingOrigin(code)).toMatch(/^[a-z-]+$/);
    for (const code of FUNDING_REGIONS) expect(vocabulary.fundingRegion(code)).toMatch(/^[a-z-]+$/);
    for (const code of CAMPAIGN_STATUSES) expect(vocabulary.status(code)).toMatch(/^[a-z-]+$/);
    for (const country of ["nl", "be"] as const)
      for (const code of CONTEXT_TYPES[country]) expect(vocabulary.context(country, code).name).not.toBe("");
    expect(vocabulary.medium("DIGITAL")).toBe("online");
    expect(() => vocabulary.medium("PRINT")).toThrow(/No repository term for channel 'PRINT'/);
    expect(() => vocabulary.context("nl", "FEDERALE")).toThrow(/context type of NL/);
    expect(() => vocabulary.fundingOrigin("CROWDFUNDING")).toThrow(/add it to/);
  });
});

describeEachDatabase("the repository export on $name", (database) => {
  /** The known register, and a correction of the Belgian online ad a day later. */
  async function knownRegister() {
    expect(
      await importCampaigns(
        database.db,
        register,
        register.map((_, index) => index + 1),
        MONDAY,
      ),
    ).toMatchObject({ inserted: 4 });
    const corrected = await correctNotice(
      database.db,
      {
        id: "BE-2026-5003",
        changes: { budgetUpperBound: 250000 },
        kind: "CORRECTION",
        reason: "Montant maximal communiqué par l'annonceur",
      },
      TUESDAY,
    );
    expect(corrected).toEqual({ ok: true, version: 2 });
  }

  it("writes every version of the online ads as the fixture says, and counts the rest", async () => {
    await knownRegister();
    const exported = await repositoryExport(database.db, { originOf: (country) => ORIGINS[country] });
    expect(exported).toEqual(expected);
  });

  it("keeps the versions recorded since a time, and one country's", async () => {
    await knownRegister();
    const since = await repositoryExport(database.db, {
      since: new Date("2026-11-24T00:00:00Z"),
      originOf: (country) => ORIGINS[country],
    });
    expect(since.records.map((record) => record.identification.versionedIdentifier)).toEqual(["BE-2026-5003/v2"]);
    expect(since.excluded).toEqual({});
    const nl = await repositoryExport(database.db, { country: "nl", originOf: (country) => ORIGINS[country] });
    expect(nl.records.map((record) => record.identification.versionedIdentifier)).toEqual(["NL-2026-5001/v1"]);
    expect(nl.excluded).toEqual({ PRINT: 1 });
  });
});

describe("npm run campaigns -- export --format eu-repository", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "eu-repository-"));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    PUBLIC_ORIGIN_NL: ORIGINS.nl,
    PUBLIC_ORIGIN_BE: ORIGINS.be,
  };
  const cli = (...args: string[]) =>
    spawnSync(path.join("node_modules", ".bin", "tsx"), ["scripts/campaigns.ts", ...args], { env, encoding: "utf8" });
  /** The times of a run are the run's: compare everything else. */
  const withoutTimes = (document: { records: Array<{ identification: { recordedAt: string } }> }) =>
    document.records.map((record) => ({
      ...record,
      identification: { ...record.identification, recordedAt: "(time)" },
    }));

  it("imports, corrects and exports as the fixture says; --since narrows it; a bad --since is a usage error", () => {
    expect(cli("import", path.join(FIXTURES, "register.json")).stdout).toContain("4 added");
    const started = new Date().toISOString();
    expect(
      cli(
        "correct",
        "BE-2026-5003",
        "--reason",
        "Montant maximal communiqué par l'annonceur",
        "--set",
        "budgetUpperBound=250000",
      ).status,
    ).toBe(0);
    const run = cli("export", "--format", "eu-repository");
    expect(run.status).toBe(0);
    expect(run.stderr).toContain(
      "3 version(s) of 2 online ad(s) exported; not online, left out (TTPA Art. 13): PRINT 1, TV 1.",
    );
    const exported = JSON.parse(run.stdout);
    expect(withoutTimes(exported)).toEqual(withoutTimes(expected as never));
    expect(exported.excluded).toEqual(expected.excluded);

    const later = JSON.parse(
      execFileSync(
        path.join("node_modules", ".bin", "tsx"),
        ["scripts/campaigns.ts", "export", "--format", "eu-repository", "--since", started],
        { env, encoding: "utf8" },
      ),
    );
    expect(
      later.records.map(
        (record: { identification: { versionedIdentifier: string } }) => record.identification.versionedIdentifier,
      ),
    ).toEqual(["BE-2026-5003/v2"]);

    const bad = cli("export", "--format", "eu-repository", "--since", "yesterday");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("--since must be an ISO date or time");
  }, 60_000);
});
