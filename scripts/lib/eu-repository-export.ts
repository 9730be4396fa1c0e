// `npm run campaigns -- export --format eu-repository [--since ISO] [--country NL|BE]`:
// the European repository's records on standard output, what was
// left out on standard error.
import type { Db } from "../../app/db/db.server";
import type { Country } from "../../app/domain/country";
import { repositoryExport } from "../../app/services/campaign/eu-repository/export.server";
import { publicOrigin } from "../../app/utils/public-origin.server";

export async function runRepositoryExport(
  db: Db,
  options: { since?: string; country?: Country },
  usage: string,
): Promise<number> {
  let since: Date | undefined;
  if (options.since !== undefined) {
    since = new Date(options.since);
    if (!/^\d{4}-\d{2}-\d{2}/.test(options.since) || Number.isNaN(since.getTime())) {
      console.error(`--since must be an ISO date or time, e.g. 2026-11-24 or 2026-11-24T06:00:00Z.\n${usage}`);
      return 2;
    }
  }
  const exported = await repositoryExport(db, {
    since,
    country: options.country,
    originOf: (country) => publicOrigin(country, ""),
  });
  process.stdout.write(`${JSON.stringify(exported, null, 2)}\n`);
  const left = Object.entries(exported.excluded)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([channel, count]) => `${channel} ${count}`);
  const ads = new Set(exported.records.map((record) => record.identification.identifier)).size;
  console.error(
    `${exported.records.length} version(s) of ${ads} online ad(s) exported${since ? ` since ${since.toISOString()}` : ""}; ` +
      `not online, left out (TTPA Art. 13): ${left.length ? left.join(", ") : "none"}.`,
  );
  return 0;
}
