// `npm run systems -- import FILE` and `npm run systems -- list`:
// the register of the systems that hold personal data and carry requests out.
import fs from "node:fs";
import path from "node:path";

import { ConfigError, getConfig } from "../app/config.server";
import { createDb, migrateToLatest } from "../app/db/db.server";
import { importSystems, parseSystemsFile } from "../app/services/systems/register-file.server";

const USAGE = `Usage:
  npm run systems -- import FILE   (FILE: .csv with the columns id, name, rights, countries, channel,
                                    webhook_url, secret, callback_token, contact_email, contact_locale, active;
                                    or a .json array with the same fields in camelCase)
  npm run systems -- list`;

async function main(): Promise<number> {
  const [command, file] = process.argv.slice(2);
  if (!(command === "import" && file) && command !== "list") {
    console.error(USAGE);
    return 2;
  }
  const config = getConfig();
  if (config.WEBHOOK_ALLOW_PRIVATE_NETWORKS)
    console.warn(
      "WEBHOOK_ALLOW_PRIVATE_NETWORKS is set: webhook addresses in private networks are accepted (local development and tests only).",
    );
  const db = createDb(config.database);
  try {
    await migrateToLatest(db);
    if (command === "list") {
      const rows = await db
        .selectFrom("data_system")
        .select([
          "id",
          "name",
          "channel",
          "rights",
          "countries",
          "webhook_url",
          "contact_email",
          "active",
          "paused_reason",
          "paused_at",
          "unreachable_since",
        ])
        .orderBy("id")
        .execute();
      for (const row of rows) {
        const reach =
          row.channel === "webhook" ? row.webhook_url : row.channel === "email" ? row.contact_email : "by staff";
        const notes = [
          row.active ? "" : "(inactive)",
          row.paused_reason
            ? `(paused since ${row.paused_at}: its webhook address leads into a private network; deliveries wait for a public address)`
            : "",
          row.unreachable_since
            ? `(unreachable since ${row.unreachable_since}: probed; deliveries go out when it answers)`
            : "",
        ].filter(Boolean);
        console.log([row.id, row.name, `${row.channel} (${reach})`, row.rights, row.countries, ...notes].join("\t"));
      }
      return 0;
    }
    const format = path.extname(file).toLowerCase() === ".json" ? "json" : "csv";
    let parsed: ReturnType<typeof parseSystemsFile>;
    try {
      parsed = parseSystemsFile(fs.readFileSync(file, "utf8"), format);
    } catch (error) {
      console.error(`${file}: cannot be read as ${format.toUpperCase()}: ${(error as Error).message}`);
      return 1;
    }
    const outcome = await importSystems(db, parsed.rows, parsed.lines);
    if (!outcome.ok) {
      console.error(`${file}: nothing imported, ${outcome.problems.length} problem(s):`);
      for (const problem of outcome.problems)
        console.error(`  ${format === "csv" ? "line" : "item"} ${problem.line}, ${problem.field}: ${problem.message}`);
      return 1;
    }
    console.log(`${file}: ${outcome.saved} system(s) saved.`);
    // Made here because the file gave none: shown this once, to hand to the system's owners; never stored or shown again.
    for (const issued of outcome.issued) {
      console.log(`\n${issued.systemId}:`);
      if (issued.secret) console.log(`  signing secret: ${issued.secret}`);
      if (issued.callbackToken) console.log(`  callback token: ${issued.callbackToken}`);
    }
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
