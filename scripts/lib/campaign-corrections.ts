// `npm run campaigns -- correct ID --reason TEXT --set field=value …` and
// `npm run campaigns -- suspend ID --reason TEXT`: a change on record by
// staff, a new version of the notice with its reason.
import type { Db } from "../../app/db/db.server";
import { CAMPAIGN_FIELDS } from "../../app/domain/campaign-item";
import { correctNotice } from "../../app/services/campaign/versions.server";

export const CORRECTION_USAGE = `  npm run campaigns -- correct ID --reason TEXT --set field=value [--set field=value …]
  npm run campaigns -- suspend ID --reason TEXT`;

/** What staff may correct: the notice's fields, not its reference, country or version. */
const CORRECTABLE = new Set<string>(
  CAMPAIGN_FIELDS.filter((field) => !["id", "country", "version", "versionDate"].includes(field)),
);

/** Reads `field=value` pairs; an unknown field is named, so a typo never passes as "nothing changed". */
function readChanges(pairs: string[]): { ok: true; changes: Record<string, string> } | { ok: false; message: string } {
  const changes: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf("=");
    const field = at > 0 ? pair.slice(0, at) : pair;
    if (!CORRECTABLE.has(field))
      return {
        ok: false,
        message: `--set ${field}: not a field that can be corrected (${[...CORRECTABLE].join(", ")})`,
      };
    changes[field] = at > 0 ? pair.slice(at + 1) : "";
  }
  return { ok: true, changes };
}

export async function runCorrection(
  db: Db,
  command: "correct" | "suspend",
  id: string | undefined,
  options: { reason?: string; set?: string[] },
): Promise<number> {
  if (!id || !options.reason?.trim()) {
    console.error(`A correction needs the ad's reference and --reason.\n${CORRECTION_USAGE}`);
    return 2;
  }
  const read = readChanges(options.set ?? []);
  if (!read.ok) {
    console.error(read.message);
    return 2;
  }
  if (command === "correct" && !Object.keys(read.changes).length) {
    console.error(`Say what to correct with --set field=value.\n${CORRECTION_USAGE}`);
    return 2;
  }
  const outcome = await correctNotice(db, {
    id,
    changes: read.changes,
    kind: command === "suspend" ? "SUSPENSION" : "CORRECTION",
    reason: options.reason,
  });
  if (!outcome.ok) {
    console.error(`${id}: nothing recorded:`);
    for (const problem of outcome.problems) console.error(`  ${problem.field}: ${problem.message}`);
    return 1;
  }
  console.log(`${id}: version ${outcome.version} recorded.`);
  return 0;
}
