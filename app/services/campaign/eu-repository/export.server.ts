/**
 * `npm run campaigns -- export --format eu-repository`:
 * every version of every online ad recorded since a time, as repository
 * records; print, TV and radio are not online ads (TTPA Art. 13(1)) and are
 * only counted.
 */
import type { Db } from "~/db/db.server";
import type { Channel } from "~/domain/campaign-item";
import { parseCountry, type Country } from "~/domain/country";

import { campaignVersionsSince } from "../versions.server";
import { repositoryRecord, type RepositoryRecord } from "./record.server";
import { ONLINE_CHANNELS } from "./vocabulary.server";

export type RepositoryExport = {
  format: "veldhaven-eu-repository/1";
  since: string | null;
  records: RepositoryRecord[];
  /** Versions left out because the ad is not online, per channel. */
  excluded: Partial<Record<Channel, number>>;
};

export async function repositoryExport(
  db: Db,
  options: { since?: Date; country?: Country; originOf: (country: Country) => string },
): Promise<RepositoryExport> {
  const versions = await campaignVersionsSince(db, { since: options.since, country: options.country });
  const records: RepositoryRecord[] = [];
  const excluded: Partial<Record<Channel, number>> = {};
  for (const { item, entry } of versions) {
    if (!ONLINE_CHANNELS.includes(item.channel)) {
      excluded[item.channel] = (excluded[item.channel] ?? 0) + 1;
      continue;
    }
    records.push(repositoryRecord(item, entry, options.originOf(parseCountry(item.country)!)));
  }
  return { format: "veldhaven-eu-repository/1", since: options.since?.toISOString() ?? null, records, excluded };
}
