/**
 * The political-advertising register (EU Regulation 2024/900): reading it
 * for the pages and calls, and writing it from the ad-sales system's files.
 */
import { parse } from "csv-parse/sync";
import { sql } from "kysely";
import { seedCampaigns } from "~/content/campaign-seed";
import type { Db } from "~/db/db.server";
import type { CampaignItemTable } from "~/db/schema";
import { campaignRowSchema, type CampaignRow } from "~/validation/campaign";
import { CAMPAIGN_FIELDS, type CampaignItem, type ChannelFilter, type PeriodFilter } from "~/domain/campaign-item";
import { foldText } from "~/utils/fold";
import { countryCode, type Country } from "~/domain/country";
import { toCsv } from "./csv.server";

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

const count = (value: number | string | null): number | null => (value === null ? null : Number(value));

function toCampaignItem(row: CampaignItemTable): CampaignItem {
  return {
    id: row.id,
    sponsorName: row.sponsor_name,
    sponsorEmail: row.sponsor_email ?? "",
    sponsorAddress: row.sponsor_address ?? "",
    payerName: row.payer_name ?? "",
    payerEmail: row.payer_email ?? "",
    payerAddress: row.payer_address ?? "",
    ultimateBeneficiaryOwnerName: row.ultimate_beneficiary_owner_name ?? "",
    ultimateBeneficiaryOwnerEmail: row.ultimate_beneficiary_owner_email ?? "",
    ultimateBeneficiaryOwnerAddress: row.ultimate_beneficiary_owner_address ?? "",
    publicationStartDate: row.publication_start_date,
    publicationEndDate: row.publication_end_date ?? "",
    reachLowerBound: count(row.reach_lower_bound),
    reachUpperBound: count(row.reach_upper_bound),
    budgetLowerBound: count(row.budget_lower_bound),
    budgetUpperBound: count(row.budget_upper_bound),
    fundingOriginType: row.funding_origin_type,
    fundingRegion: row.funding_region,
    campaignContextType: row.campaign_context_type,
    campaignContextNoteNl: row.campaign_context_note_nl ?? "",
    campaignContextNoteFr: row.campaign_context_note_fr ?? "",
    campaignContextUrl: row.campaign_context_url ?? "",
    previousPublicationSuspended: Boolean(row.previous_publication_suspended),
    channel: row.channel as CampaignItem["channel"],
    country: countryCode(row.country),
    status: row.status,
  };
}

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
  const row = await db.selectFrom("campaign_item").selectAll().where("country", "=", country).where("id", "=", id).executeTakeFirst();
  return row ? toCampaignItem(row) : null;
}

export async function allCampaigns(db: Db, country?: Country): Promise<CampaignItem[]> {
  let query = db.selectFrom("campaign_item").selectAll();
  if (country) query = query.where("country", "=", country);
  const rows = await query.orderBy("country").orderBy("publication_start_date", "desc").orderBy("id", "desc").execute();
  return rows.map(toCampaignItem);
}

function toRow(item: CampaignRow, now: string): Omit<CampaignItemTable, "created_at"> & { created_at: string } {
  const searchable = [
    item.id,
    item.sponsorName,
    item.payerName,
    item.ultimateBeneficiaryOwnerName,
    item.campaignContextNoteNl,
    item.campaignContextNoteFr,
  ].filter(Boolean);
  return {
    id: item.id,
    country: item.country,
    status: item.status,
    channel: item.channel,
    sponsor_name: item.sponsorName,
    sponsor_email: item.sponsorEmail ?? null,
    sponsor_address: item.sponsorAddress ?? null,
    payer_name: item.payerName ?? null,
    payer_email: item.payerEmail ?? null,
    payer_address: item.payerAddress ?? null,
    ultimate_beneficiary_owner_name: item.ultimateBeneficiaryOwnerName ?? null,
    ultimate_beneficiary_owner_email: item.ultimateBeneficiaryOwnerEmail ?? null,
    ultimate_beneficiary_owner_address: item.ultimateBeneficiaryOwnerAddress ?? null,
    publication_start_date: item.publicationStartDate,
    publication_end_date: item.publicationEndDate ?? null,
    reach_lower_bound: item.reachLowerBound ?? null,
    reach_upper_bound: item.reachUpperBound ?? null,
    budget_lower_bound: item.budgetLowerBound ?? null,
    budget_upper_bound: item.budgetUpperBound ?? null,
    funding_origin_type: item.fundingOriginType,
    funding_region: item.fundingRegion,
    campaign_context_type: item.campaignContextType,
    campaign_context_note_nl: item.campaignContextNoteNl ?? null,
    campaign_context_note_fr: item.campaignContextNoteFr ?? null,
    campaign_context_url: item.campaignContextUrl ?? null,
    previous_publication_suspended: item.previousPublicationSuspended ? 1 : 0,
    search_text: foldText(searchable.join(" \u0001 ")),
    created_at: now,
    updated_at: now,
  };
}

type RowProblem = { line: number; field: string; message: string };
export type ImportOutcome = { ok: true; inserted: number; updated: number } | { ok: false; problems: RowProblem[] };

/**
 * Checks every row, then writes all of them in one transaction (upsert by
 * id) or none: a file with one bad row changes nothing, and the report names
 * each bad row's line and field. `lines[i]` is the file line of row i.
 */
export async function importCampaigns(db: Db, rows: unknown[], lines: number[], now = new Date()): Promise<ImportOutcome> {
  const problems: RowProblem[] = [];
  const valid: CampaignRow[] = [];
  const seen = new Map<string, number>();
  rows.forEach((raw, index) => {
    const line = lines[index] ?? index + 1;
    const parsed = campaignRowSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push({ line, field: issue.path.join(".") || "(row)", message: issue.message });
      return;
    }
    const earlier = seen.get(parsed.data.id);
    if (earlier !== undefined) problems.push({ line, field: "id", message: `also on line ${earlier}` });
    seen.set(parsed.data.id, line);
    valid.push(parsed.data);
  });
  if (problems.length) return { ok: false, problems };

  const stamp = now.toISOString();
  let inserted = 0;
  await db.transaction().execute(async (trx) => {
    const existing = new Set(
      valid.length
        ? (await trx.selectFrom("campaign_item").select("id").where("id", "in", valid.map((row) => row.id)).execute()).map((row) => row.id)
        : [],
    );
    for (const item of valid) {
      const row = toRow(item, stamp);
      if (!existing.has(item.id)) inserted += 1;
      const { id: _id, created_at: _created, ...changes } = row;
      await trx
        .insertInto("campaign_item")
        .values(row)
        .onConflict((oc) => oc.column("id").doUpdateSet(changes))
        .execute();
    }
  });
  return { ok: true, inserted, updated: valid.length - inserted };
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
  const records = parse(text.replace(/^\uFEFF/, ""), { columns: true, skip_empty_lines: true, trim: true, info: true, relax_column_count: false }) as Array<{
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
  const outcome = await importCampaigns(db, rows, rows.map((_, index) => index + 1), today);
  if (!outcome.ok) throw new Error(`The seed register is invalid: ${JSON.stringify(outcome.problems.slice(0, 3))}`);
  await db
    .insertInto("app_meta")
    .values({ key: SEEDED_KEY, value: today.toISOString(), updated_at: today.toISOString() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  return rows.length;
}
