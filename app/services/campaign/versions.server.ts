/**
 * Corrections on record (TTPA Art. 12(3): a notice is
 * kept up to date; Implementing Regulation (EU) 2026/818: a correction
 * keeps the base id with a new version). Every write of a notice goes
 * through `writeNotice`: a change is a new version with its time, kind,
 * reason and the fields it changed; a write that changes nothing is none.
 */
import { randomUUID } from "node:crypto";

import type { Transaction } from "kysely";

import type { Db } from "~/db/db.server";
import type { Database } from "~/db/schema";
import type { CampaignItem, CampaignVersionEntry, VersionKind } from "~/domain/campaign-item";
import type { Country } from "~/domain/country";
import { campaignRowSchema } from "~/validation/campaign";

import {
  changedFields,
  itemFromSnapshot,
  noticeColumns,
  searchText,
  toCampaignItem,
  toRowInput,
  type NoticeColumns,
} from "./rows.server";

export type WriteOutcome = "inserted" | "updated" | "unchanged";

/** The app_meta row every write of the register changes: its lock, and its version. */
const REGISTER_WRITTEN = "campaign_register_written_at";

/**
 * Makes imports, corrections and deletions of the register take turns:
 * PostgreSQL holds this row until commit, so two instances never number the
 * same version twice (SQLite transactions already take the write lock at
 * their start). Its new value is the register's new version
 * (`registerVersion`), unique even for two writes in one millisecond.
 */
export async function lockRegister(trx: Transaction<Database>, stamp: string): Promise<void> {
  const version = `${stamp} ${randomUUID()}`;
  await trx
    .insertInto("app_meta")
    .values({ key: REGISTER_WRITTEN, value: version, updated_at: stamp })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: version, updated_at: stamp }))
    .execute();
}

/**
 * Changes with every committed write of the register, whichever instance or
 * script made it: the page cache keeps the register's pages under it, so a
 * correction or a suspension shows at once everywhere.
 */
export async function registerVersion(db: Db): Promise<string> {
  const row = await db.selectFrom("app_meta").select("value").where("key", "=", REGISTER_WRITTEN).executeTakeFirst();
  return row?.value ?? "";
}

/** The notice's new columns written as its next version (or its first), unless nothing changed. */
export async function writeNotice(
  trx: Transaction<Database>,
  columns: NoticeColumns,
  stamp: string,
  change: { kind: VersionKind; reason?: string },
): Promise<WriteOutcome> {
  const current = await trx.selectFrom("campaign_item").selectAll().where("id", "=", columns.id).executeTakeFirst();
  const version = current ? Number(current.version) + 1 : 1;
  let changed: string[] = [];
  let kind = change.kind;
  if (current) {
    changed = changedFields(
      toCampaignItem(current),
      toCampaignItem({ ...columns, version: current.version, version_at: current.version_at }),
    );
    if (!changed.length) return "unchanged";
    // An import that turns 'previous suspension' on records a suspension of the publication (TTPA Art. 12(1)).
    if (
      change.kind === "IMPORT" &&
      changed.includes("previousPublicationSuspended") &&
      columns.previous_publication_suspended
    ) {
      kind = "SUSPENSION";
    }
    // Guarded by the version read: a write that raced this one fails instead of losing a version.
    const result = await trx
      .updateTable("campaign_item")
      .set({ ...columns, search_text: searchText(columns), updated_at: stamp, version, version_at: stamp })
      .where("id", "=", columns.id)
      .where("version", "=", current.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new Error(`notice ${columns.id} changed while it was written`);
  } else {
    await trx
      .insertInto("campaign_item")
      .values({
        ...columns,
        search_text: searchText(columns),
        created_at: stamp,
        updated_at: stamp,
        version,
        version_at: stamp,
      })
      .execute();
  }
  await trx
    .insertInto("campaign_item_version")
    .values({
      campaign_id: columns.id,
      version,
      country: columns.country,
      kind,
      reason: change.reason?.trim() || null,
      changed_fields: JSON.stringify(changed),
      snapshot: JSON.stringify(columns),
      recorded_at: stamp,
    })
    .execute();
  return current ? "updated" : "inserted";
}

type VersionRow = { version: number; kind: string; reason: string | null; changed_fields: string; recorded_at: string };

const toEntry = (row: VersionRow): CampaignVersionEntry => ({
  version: Number(row.version),
  recordedAt: row.recorded_at,
  kind: row.kind as VersionKind,
  reason: row.reason ?? "",
  changedFields: JSON.parse(row.changed_fields) as string[],
});

/** A notice's history, newest first. */
export async function noticeHistory(db: Db, country: Country, id: string): Promise<CampaignVersionEntry[]> {
  const rows = await db
    .selectFrom("campaign_item_version")
    .select(["version", "kind", "reason", "changed_fields", "recorded_at"])
    .where("campaign_id", "=", id)
    .where("country", "=", country)
    .orderBy("version", "desc")
    .execute();
  return rows.map(toEntry);
}

/** The notice as it was at one version, or null. */
export async function findNoticeVersion(
  db: Db,
  country: Country,
  id: string,
  version: number,
): Promise<CampaignItem | null> {
  const row = await db
    .selectFrom("campaign_item_version")
    .select(["snapshot", "version", "recorded_at"])
    .where("campaign_id", "=", id)
    .where("country", "=", country)
    .where("version", "=", version)
    .executeTakeFirst();
  return row ? itemFromSnapshot(row.snapshot, Number(row.version), row.recorded_at) : null;
}

/** Every version recorded since a time (all without one), oldest first: the repository export's input. */
export async function campaignVersionsSince(
  db: Db,
  options: { since?: Date; country?: Country } = {},
): Promise<Array<{ item: CampaignItem; entry: CampaignVersionEntry }>> {
  let query = db.selectFrom("campaign_item_version").selectAll();
  if (options.since) query = query.where("recorded_at", ">=", options.since.toISOString());
  if (options.country) query = query.where("country", "=", options.country);
  const rows = await query.orderBy("recorded_at").orderBy("campaign_id").orderBy("version").execute();
  return rows.map((row) => ({
    item: itemFromSnapshot(row.snapshot, Number(row.version), row.recorded_at),
    entry: toEntry(row),
  }));
}

type Problem = { field: string; message: string };
export type CorrectionOutcome = { ok: true; version: number } | { ok: false; problems: Problem[] };

/**
 * A correction by staff (or a suspension of the publication: it stops the
 * ad and sets the notice's 'previous suspension'), with its reason, checked
 * by the same rules as an import.
 */
export async function correctNotice(
  db: Db,
  input: { id: string; changes: Record<string, unknown>; kind: "CORRECTION" | "SUSPENSION"; reason: string },
  now = new Date(),
): Promise<CorrectionOutcome> {
  if (!input.reason.trim())
    return { ok: false, problems: [{ field: "reason", message: "a correction needs a reason" }] };
  return db.transaction().execute(async (trx) => {
    await lockRegister(trx, now.toISOString());
    const current = await trx.selectFrom("campaign_item").selectAll().where("id", "=", input.id).executeTakeFirst();
    if (!current) return { ok: false, problems: [{ field: "id", message: `no notice '${input.id}'` }] };
    const changes =
      input.kind === "SUSPENSION"
        ? { ...input.changes, status: "CANCELLED", previousPublicationSuspended: true }
        : input.changes;
    const parsed = campaignRowSchema.safeParse({ ...toRowInput(toCampaignItem(current)), ...changes, id: input.id });
    if (!parsed.success) {
      return {
        ok: false,
        problems: parsed.error.issues.map((issue) => ({
          field: issue.path.join(".") || "(row)",
          message: issue.message,
        })),
      };
    }
    const outcome = await writeNotice(trx, noticeColumns(parsed.data), now.toISOString(), {
      kind: input.kind,
      reason: input.reason,
    });
    if (outcome === "unchanged") return { ok: false, problems: [{ field: "(row)", message: "nothing would change" }] };
    return { ok: true, version: Number(current.version) + 1 };
  });
}

/**
 * TTPA Art. 9(1): a notice and all its versions are kept `years` after the
 * ad's end date, then deleted together. An ad without an end date is still
 * running. A notice that still has reports (kept by their own rule) waits
 * for them, so a report is never left without the ad it is about.
 */
export async function deleteExpiredNotices(db: Db, years: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  const due = await db
    .selectFrom("campaign_item")
    .select("id")
    .where("publication_end_date", "is not", null)
    .where("publication_end_date", "<", cutoff.toISOString().slice(0, 10))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("political_ad_complaint")
            .select("political_ad_complaint.id")
            .whereRef("political_ad_complaint.campaign_id", "=", "campaign_item.id"),
        ),
      ),
    )
    .execute();
  if (!due.length) return 0;
  const ids = due.map((row) => row.id);
  return db.transaction().execute(async (trx) => {
    await lockRegister(trx, now.toISOString());
    await trx.deleteFrom("campaign_item_version").where("campaign_id", "in", ids).execute();
    const deleted = await trx.deleteFrom("campaign_item").where("id", "in", ids).executeTakeFirst();
    return Number(deleted.numDeletedRows);
  });
}
