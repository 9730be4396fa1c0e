// `npm run db:migrate`: brings the configured database to the latest schema.
import { ConfigError, getConfig } from "../app/config.server";
import { createDb, migrateToLatest } from "../app/db/db.server";

try {
  const config = getConfig();
  const db = createDb(config.database);
  const applied = await migrateToLatest(db);
  console.log(
    applied.length
      ? `Applied to ${config.database.kind}: ${applied.join(", ")}`
      : `${config.database.kind} schema is up to date`,
  );
  await db.destroy();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
