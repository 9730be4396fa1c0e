/**
 * Staff sessions, kept in the database: the cookie carries a random 256-bit
 * id, the row only its SHA-256. A session ends after
 * STAFF_SESSION_IDLE_MINUTES without a request, 12 hours after sign-in
 * whatever happens, or at sign-out; every sign-in gets a new id (no
 * fixation).
 */
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "~/db/db.server";
import type { StaffSessionTable } from "~/db/schema";
import { type StaffRole } from "~/domain/staff";

const ABSOLUTE_SESSION_HOURS = 12;
/** last_seen_at is written at most this often, so that every page view is not a write. */
const TOUCH_EVERY_MS = 60_000;

export type StaffUser = { email: string; role: StaffRole; method: StaffSessionTable["method"] };

const hashId = (id: string) => createHash("sha256").update(id).digest("hex");

export async function startSession(db: Db, user: StaffUser, now = new Date()): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  await db
    .insertInto("staff_session")
    .values({
      id_hash: hashId(id),
      email: user.email,
      role: user.role,
      method: user.method,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ABSOLUTE_SESSION_HOURS * 3_600_000).toISOString(),
    })
    .execute();
  return id;
}

/** The signed-in user of a session id, or null when it does not exist or has expired (then it is deleted). */
export async function readSession(db: Db, id: string, idleMinutes: number, now = new Date()): Promise<StaffUser | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return null;
  const row = await db.selectFrom("staff_session").selectAll().where("id_hash", "=", hashId(id)).executeTakeFirst();
  if (!row) return null;
  const idleSince = now.getTime() - new Date(row.last_seen_at).getTime();
  if (now.toISOString() >= row.expires_at || idleSince >= idleMinutes * 60_000) {
    await db.deleteFrom("staff_session").where("id_hash", "=", row.id_hash).execute();
    return null;
  }
  if (idleSince >= TOUCH_EVERY_MS) {
    await db.updateTable("staff_session").set({ last_seen_at: now.toISOString() }).where("id_hash", "=", row.id_hash).execute();
  }
  return { email: row.email, role: row.role, method: row.method };
}

export async function endSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom("staff_session").where("id_hash", "=", hashId(id)).execute();
}

/** Deletes sessions past their absolute or idle limit (the retention job). */
export async function purgeSessions(db: Db, idleMinutes: number, now = new Date()): Promise<number> {
  const idleBefore = new Date(now.getTime() - idleMinutes * 60_000).toISOString();
  const result = await db
    .deleteFrom("staff_session")
    .where((eb) => eb.or([eb("expires_at", "<=", now.toISOString()), eb("last_seen_at", "<=", idleBefore)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
