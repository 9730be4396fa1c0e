/**
 * A correction or a suspension of a notice is published
 * at once on every instance, although each keeps pages in its page cache
 * (60 s here, the default), and an address asked for before its version
 * existed is not answered with a kept 404 once it does. Two production
 * servers on one database (the embedded default's file, as two processes on
 * one machine share it); the register is changed by staff's command line.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { request, spawnServer, type SpawnedServer } from "../setup/spawn-server";
import { expect, test } from "./fixtures";
import { readable } from "./soft-hyphens";

test.describe.configure({ mode: "serial" });
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "what the servers answer, the same for both browsers");

let dataDir: string;
let instances: SpawnedServer[] = [];
test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "register-cache-"));
  // One after the other: the second finds the database the first prepared.
  for (let count = 0; count < 2; count++)
    instances.push(await spawnServer({ DATA_DIR: dataDir, PAGE_CACHE_SECONDS: "60", LOG_LEVEL: "warn" }));
});
test.afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  instances = [];
});

const campaignsCli = (...args: string[]) =>
  execFileSync(path.join("node_modules", ".bin", "tsx"), ["scripts/campaigns.ts", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });

const LIST = `/nl/political-ads?text=${encodeURIComponent("Lijst Havenkwartier")}`;
const get = (instance: SpawnedServer, pathname: string) =>
  request(instance.port, { path: pathname, host: `nl.localhost:${instance.port}` });

test("a suspension shows at once on both instances, and a version asked for before it existed is no longer a 404", async () => {
  const id = `NL-CACHE-${Date.now().toString(36)}`.toUpperCase();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "register-")), "register.json");
  fs.writeFileSync(
    file,
    JSON.stringify([
      {
        id,
        country: "NL",
        status: "RUNNING",
        channel: "PRINT",
        sponsorName: "Lijst Havenkwartier",
        publicationStartDate: "2026-11-01",
        publicationEndDate: "2026-12-15",
        budgetLowerBound: 1000,
        budgetUpperBound: 5000,
        fundingOriginType: "PRIVATE",
        fundingRegion: "EU",
        campaignContextType: "GEMEENTERAAD",
        campaignContextNoteNl: "Over de nieuwe haven",
      },
    ]),
  );
  expect(campaignsCli("import", file)).toContain("1 added");

  // Both instances keep the notice (a second request is a hit) and the 404 of its version 2.
  for (const instance of instances) {
    for (const expected of ["MISS", "HIT"]) {
      const notice = await get(instance, `/nl/political-ads/${id}`);
      expect(notice.status).toBe(200);
      expect(notice.headers["x-cache"]).toBe(expected);
      expect(notice.body).toContain("Actief");
      // A CDN in front may keep it, but asks every time whether it is still current.
      expect(notice.headers["cache-control"]).toBe("public, no-cache");
      expect((await get(instance, `/nl/political-ads/${id}/v/2`)).status).toBe(404);
      expect(readable((await get(instance, LIST)).body)).toContain("Actief");
    }
  }

  campaignsCli("suspend", id, "--reason", "Publicatie geschorst op verzoek van de toezichthouder");

  for (const instance of instances) {
    const notice = await get(instance, `/nl/political-ads/${id}`);
    expect(notice.headers["x-cache"], `instance on port ${instance.port}`).toBe("MISS");
    expect(readable(notice.body)).toContain("Stopgezet");
    expect(readable(notice.body)).not.toContain("Actief");
    expect((await get(instance, `/nl/political-ads/${id}`)).headers["x-cache"]).toBe("HIT");
    const version = await get(instance, `/nl/political-ads/${id}/v/2`);
    expect(version.status).toBe(200);
    // The list shows the new state too.
    const list = await get(instance, LIST);
    expect(readable(list.body)).toContain("Stopgezet");
    expect(readable(list.body)).not.toContain("Actief");
  }
});
