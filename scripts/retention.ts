// `npm run retention`: applies the retention rules once (the server also runs them periodically).
import { ConfigError, getConfig } from "../app/config.server";
import { createDb, migrateToLatest } from "../app/db/db.server";
import { buildFigureRollupsOnce } from "../app/services/reports/rollup-rebuild.server";
import { retentionPolicy, runRetention } from "../app/services/retention.server";

try {
  const config = getConfig();
  const db = createDb(config.database);
  await migrateToLatest(db);
  // Before anything is deleted: the figures of what goes must be in the rollups.
  await buildFigureRollupsOnce(db);
  const report = await runRetention(db, retentionPolicy());
  console.log(JSON.stringify(report));
  await db.destroy();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
