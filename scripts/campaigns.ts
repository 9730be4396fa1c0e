// `npm run campaigns -- import FILE` and `npm run campaigns -- export [--country NL|BE] [--format csv|json]`:
// how the ad-sales system feeds the political-advertising register, and how it is read back.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

import { ConfigError, getConfig } from "../app/config.server";
import { createDb, migrateToLatest } from "../app/db/db.server";
import { parseCountry } from "../app/domain/country";
import {
  allCampaigns,
  campaignsToCsv,
  importCampaigns,
  parseCampaignFile,
} from "../app/services/campaign/register.server";
import { CORRECTION_USAGE, runCorrection } from "./lib/campaign-corrections";
import { runRepositoryExport } from "./lib/eu-repository-export";

const USAGE = `Usage:
  npm run campaigns -- import FILE            (FILE: .json array or .csv with the spec's field names)
  npm run campaigns -- export [--country NL|BE] [--format csv|json]
  npm run campaigns -- export --format eu-repository [--since ISO] [--country NL|BE]
                                              (every version of the online ads, as records of the European repository)
${CORRECTION_USAGE}`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      country: { type: "string" },
      format: { type: "string", default: "json" },
      reason: { type: "string" },
      since: { type: "string" },
      set: { type: "string", multiple: true },
    },
  });
  const [command, file] = positionals;
  if (command !== "import" && command !== "export" && command !== "correct" && command !== "suspend") {
    console.error(USAGE);
    return 2;
  }
  const db = createDb(getConfig().database);
  try {
    await migrateToLatest(db);
    if (command === "correct" || command === "suspend") return await runCorrection(db, command, file, values);
    if (command === "import") {
      if (!file) {
        console.error(USAGE);
        return 2;
      }
      const format = path.extname(file).toLowerCase() === ".csv" ? "csv" : "json";
      let parsed: ReturnType<typeof parseCampaignFile>;
      try {
        parsed = parseCampaignFile(fs.readFileSync(file, "utf8"), format);
      } catch (error) {
        console.error(`${file}: cannot be read as ${format.toUpperCase()}: ${(error as Error).message}`);
        return 1;
      }
      const outcome = await importCampaigns(db, parsed.rows, parsed.lines);
      if (!outcome.ok) {
        console.error(`${file}: nothing imported, ${outcome.problems.length} problem(s):`);
        for (const problem of outcome.problems)
          console.error(
            `  ${format === "csv" ? "line" : "item"} ${problem.line}, ${problem.field}: ${problem.message}`,
          );
        return 1;
      }
      console.log(
        `${file}: ${outcome.inserted} added, ${outcome.updated} updated (a new version each), ${outcome.unchanged} unchanged.`,
      );
      return 0;
    }
    const country = parseCountry(values.country);
    if (values.country && !country) {
      console.error(`--country must be NL or BE.\n${USAGE}`);
      return 2;
    }
    if (values.format === "eu-repository")
      return await runRepositoryExport(db, { since: values.since, country }, USAGE);
    if (values.format !== "csv" && values.format !== "json") {
      console.error(`--format must be csv, json or eu-repository.\n${USAGE}`);
      return 2;
    }
    const items = await allCampaigns(db, country);
    process.stdout.write(values.format === "csv" ? campaignsToCsv(items) : `${JSON.stringify(items, null, 2)}\n`);
    return 0;
  } finally {
    await db.destroy();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
