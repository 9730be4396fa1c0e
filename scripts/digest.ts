// `npm run digest`: queues the privacy team's digest now (requests due within 7 days, and overdue ones);
// the server sends it (the server also queues it itself once a day from 07:00 Brussels time).
import { ConfigError, getConfig } from "../app/config.server";
import { createDb, migrateToLatest } from "../app/db/db.server";
import { runDailyDigest } from "../app/services/privacy-request/daily-digest.server";

try {
  const db = createDb(getConfig().database);
  await migrateToLatest(db);
  const queued = await runDailyDigest(db, { force: true });
  console.log(queued ? `${queued} digest mail(s) queued.` : "Nothing due within 7 days: no digest.");
  await db.destroy();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
