/**
 * The political-advertising register (EU Regulation 2024/900): reading it
 * for the pages and calls, and writing it from the ad-sales system's files.
 */
import { parse } from "csv-parse/sync";
import { sql } from "kysely";

import { seedCampaigns } from "~/content/campaign-seed";
import type { Db } from "~/db/db.server";
import { CAMPAIGN_FIELDS, type CampaignItem, type ChannelFilter, type PeriodFilter } from "~/domain/campaign-item";
import type { Country } from "~/domain/country";
import { foldText } from "~/utils/fold";
import { campaignRowSchema, type CampaignRow } from "~/validation/campaign";

import { toCsv } from "../csv.server";
import { noticeColumns, toCampaignItem } from "./rows.server";
import { lockRegister, writeNotice, type WriteOutcome } from "./versions.server";

export type CampaignFilter = {
  country: Country;
  period: PeriodFilter;
  channel: ChannelFilter;
  text: string;
};

const PERIOD_DAYS: Record<Exclude<PeriodFilter, "ALL">, number> = { PAST_7_DAYS: 7, PAST_30_DAYS: 30, PAST_YEAR: 365 };

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Escapes LIKE's wildcards, so "50%" means the text "50%". */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** A country's campaigns that match the filter, newest first. */
export async function listCampaigns(db: Db, filter: CampaignFilter, today = new Date()): Promise<CampaignItem[]> {
  let query = db.selectFrom("campaign_item").selectAll().where("country", "=", filter.country);
  if (filter.channel !== "ALL") query = query.where("channel", "=", filter.channel);
  if (filter.period !== "ALL") {
    // The publication period overlaps the window [today - n days, today].
    const from = isoDay(new Date(today.getTime() - PERIOD_DAYS[filter.period] * 86_400_000));
    query = query
      .where("publication_start_date", "<=", isoDay(today))
      .where((eb) => eb.or([eb("publication_end_date", "is", null), eb("publication_end_date", ">=", from)]));
  }
  const text = foldText(filter.text.trim());
  if (text) query = query.where(sql<boolean>`search_text like ${likePattern(text)} escape '\\'`);
  const rows = await query.orderBy("publication_start_date", "desc").orderBy("id", "desc").execute();
  return rows.map(toCampaignItem);
}

export async function findCampaign(db: Db, country: Country, id: string): Promise<CampaignItem | null> {
  const row = await db
    .selectFrom("campaign_item")
    .selectAll()
    .where("country", "=", country)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toCampaignItem(row) : null;
}

export async function allCampaigns(db: Db, country?: Country): Promise<CampaignItem[]> {
  let query = db.selectFrom("campaign_item").selectAll();
  if (country) query = query.where("country", "=", country);
  const rows = await query.orderBy("country").orderBy("publication_start_date", "desc").orderBy("id", "desc").execute();
  return rows.map(toCampaignItem);
}

type RowProblem = { line: number; field: string; message: string };
export type ImportOutcome =
  { ok: true; inserted: number; updated: number; unchanged: number } | { ok: false; problems: RowProblem[] };

/**
 * Checks every row, then writes all of them in one transaction (upsert by
 * id) or none: a file with one bad row changes nothing, and the report names
 * each bad row's line and field. `lines[i]` is the file line of row i.
 */
export async function importCampaigns(
  db: Db,
  rows: unknown[],
  lines: number[],
  now = new Date(),
): Promise<ImportOutcome> {
  const problems: RowProblem[] = [];
  const valid: CampaignRow[] = [];
  const seen = new Map<string, number>();
  rows.forEach((raw, index) => {
    const line = lines[index] ?? index + 1;
    const parsed = campaignRowSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push({ line, field: issue.path.join(".") || "(row)", message: issue.message });
      return;
    }
    const earlier = seen.get(parsed.data.id);
    if (earlier !== undefined) problems.push({ line, field: "id", message: `also on line ${earlier}` });
    seen.set(parsed.data.id, line);
    valid.push(parsed.data);
  });
  if (problems.length) return { ok: false, problems };

  const stamp = now.toISOString();
  const counts: Record<WriteOutcome, number> = { inserted: 0, updated: 0, unchanged: 0 };
  await db.transaction().execute(async (trx) => {
    await lockRegister(trx, stamp);
    for (const item of valid) {
      const outcome = await writeNotice(trx, noticeColumns(item), stamp, { kind: "IMPORT" });
      counts[outcome] += 1;
    }
  });
  return { ok: true, ...counts };
}

/**
 * The register as CSV with the spec's field names as header, safe to open in
 * a spreadsheet (csv.server). Its values are texts, ISO days, counts ≥ 0 and
 * a flag, so only texts an attacker could shape get an apostrophe; the JSON
 * export is the byte-faithful one.
 */
export function campaignsToCsv(items: CampaignItem[], options: { bom?: boolean } = {}): string {
  return toCsv([[...CAMPAIGN_FIELDS], ...items.map((item) => CAMPAIGN_FIELDS.map((field) => item[field]))], options);
}

/**
 * An import file's rows and the line each starts on: a JSON array of objects,
 * or CSV whose header holds the spec's field names.
 */
export function parseCampaignFile(text: string, format: "json" | "csv"): { rows: unknown[]; lines: number[] } {
  if (format === "json") {
    const data: unknown = JSON.parse(text);
    if (!Array.isArray(data)) throw new Error("The JSON file must hold an array of campaign items.");
    // A JSON array has no line per row worth naming: the row's position (1, 2, …) stands in.
    return { rows: data, lines: data.map((_, index) => index + 1) };
  }
  const records = parse(text.replace(/^\uFEFF/, ""), {
    columns: true,
    skip_empty_lines: true,
    trim: true,
    info: true,
    relax_column_count: false,
  }) as Array<{
    record: Record<string, string>;
    info: { lines: number };
  }>;
  return { rows: records.map((entry) => entry.record), lines: records.map((entry) => entry.info.lines) };
}

const SEEDED_KEY = "campaign_register_seeded";

/**
 * The embedded default starts with an invented register (content/campaign-seed),
 * once, and only when nothing was imported before: a register emptied on
 * purpose later stays empty.
 */
export async function seedRegisterOnFirstStart(db: Db, today = new Date()): Promise<number> {
  const seeded = await db.selectFrom("app_meta").select("value").where("key", "=", SEEDED_KEY).executeTakeFirst();
  if (seeded) return 0;
  // A register imported before the first start is the real one: no invented rows beside it.
  const existing = await db.selectFrom("campaign_item").select("id").limit(1).executeTakeFirst();
  const rows = existing ? [] : seedCampaigns(today);
  const outcome = await importCampaigns(
    db,
    rows,
    rows.map((_, index) => index + 1),
    today,
  );
  if (!outcome.ok) throw new Error(`The seed register is invalid: ${JSON.stringify(outcome.problems.slice(0, 3))}`);
  await db
    .insertInto("app_meta")
    .values({ key: SEEDED_KEY, value: today.toISOString(), updated_at: today.toISOString() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  return rows.length;
}
