// `npm run figures -- rebuild | check`: the daily figures the reports and
// the public figures read (docs/decisions/008-request-figures.md, "Rollups").
//   rebuild  makes them again from the rows (after a migration that changes
//            what they count, or rows written past the app), keeping the
//            days whose rows the retention run deleted;
//   check    says where they and the rows disagree, and exits 1 if they do.
// Prints counts, days and ids of rights and systems only.
import { ConfigError, getConfig } from "../app/config.server";
import { createDb, migrateToLatest } from "../app/db/db.server";
import { checkFigureRollups, rebuildFigureRollups } from "../app/services/reports/rollup-rebuild.server";

const command = process.argv[2];
if (command !== "rebuild" && command !== "check") {
  console.error("Usage: npm run figures -- rebuild | check");
  process.exit(2);
}

try {
  const config = getConfig();
  const db = createDb(config.database);
  await migrateToLatest(db);
  if (command === "rebuild") {
    const began = Date.now();
    const report = await rebuildFigureRollups(db);
    for (const [table, { rows, keptThrough }] of Object.entries(report))
      console.log(`${table}: ${rows} rows made from the rows${keptThrough ? `, days up to ${keptThrough} kept` : ""}`);
    console.log(`Rebuilt in ${((Date.now() - began) / 1000).toFixed(1)} s`);
  } else {
    const differences = await checkFigureRollups(db);
    for (const difference of differences.slice(0, 50))
      console.log(
        `${difference.table} ${JSON.stringify(difference.key)}: rollups − rows ${JSON.stringify(difference.counts)}`,
      );
    console.log(
      differences.length === 0
        ? "The rollups agree with the rows."
        : `${differences.length} rollup rows disagree with the rows: run \`npm run figures -- rebuild\`.`,
    );
    process.exitCode = differences.length === 0 ? 0 : 1;
  }
  await db.destroy();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
