/**
 * How long an answer's files are kept: until the delivery's link expires,
 * and never once the request closed without sending them.
 */
import type { Kysely } from "kysely";

import type { Database } from "~/db/schema";
import { ACTIVE_STATES } from "~/domain/privacy-request";

import { audit } from "./audit.server";
import { eraseFiles } from "./file-store.server";

/**
 * Retention: a delivery's files go when its link expires; files attached to
 * a request that was then closed without sending them go too.
 */
export async function deleteExpiredFiles(db: Kysely<Database>, now = new Date()): Promise<number> {
  const nowIso = now.toISOString();
  let deleted = 0;
  const due = await db
    .selectFrom("request_delivery")
    .select(["id", "request_id"])
    .where("files_deleted_at", "is", null)
    .where("expires_at", "<=", nowIso)
    .execute();
  for (const delivery of due) {
    deleted += await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable("request_delivery")
        .set({ files_deleted_at: nowIso })
        .where("id", "=", delivery.id)
        .where("files_deleted_at", "is", null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return 0;
      const files = await trx.selectFrom("request_file").select("id").where("delivery_id", "=", delivery.id).execute();
      const count = await eraseFiles(
        trx,
        files.map((file) => file.id),
        now,
      );
      await audit(trx, {
        requestId: delivery.request_id,
        at: now,
        actor: "SYSTEM",
        action: "FILES_DELETED",
        note: `${count} files`,
      });
      return count;
    });
  }
  const unsent = await db
    .selectFrom("request_file")
    .innerJoin("privacy_request", "privacy_request.id", "request_file.request_id")
    .select("request_file.id")
    .where("request_file.direction", "=", "ANSWER")
    .where("request_file.status", "=", "STORED")
    .where("request_file.delivery_id", "is", null)
    .where("privacy_request.state", "not in", ACTIVE_STATES)
    .execute();
  if (unsent.length > 0)
    await db
      .deleteFrom("request_file")
      .where(
        "id",
        "in",
        unsent.map((file) => file.id),
      )
      .execute();
  return deleted + unsent.length;
}
