/**
 * Staff sessions, kept in the database: the cookie carries a random 256-bit
 * id, the row only its SHA-256. A session ends after
 * STAFF_SESSION_IDLE_MINUTES without a request, 12 hours after sign-in
 * whatever happens, or at sign-out; every sign-in gets a new id (no
 * fixation).
 */
import { createHash, randomBytes } from "node:crypto";

import type { Db } from "~/db/db.server";
import type { StaffSessionTable } from "~/db/schema/staff";
import { type StaffRole } from "~/domain/staff";

import { rememberStaffMember } from "../case-work/staff-members.server";

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
  await rememberStaffMember(db, user, now);
  return id;
}

/**
 * What a session id opens: a signed-in user until `endsAt` (the idle or the
 * absolute limit, whichever comes first), or a session that has ended
 * (expired, then deleted, or already gone: `email` is then unknown). An
 * ended session is how a page knows to explain the login;
 * `sessionKey` names it without its id.
 */
export type SessionState =
  { status: "active"; user: StaffUser; endsAt: Date } | { status: "ended"; email: string | null; sessionKey: string };

export async function sessionState(
  db: Db,
  id: string,
  idleMinutes: number,
  now = new Date(),
): Promise<SessionState | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return null;
  const idHash = hashId(id);
  const row = await db.selectFrom("staff_session").selectAll().where("id_hash", "=", idHash).executeTakeFirst();
  if (!row) return { status: "ended", email: null, sessionKey: idHash };
  const idleSince = now.getTime() - new Date(row.last_seen_at).getTime();
  if (now.toISOString() >= row.expires_at || idleSince >= idleMinutes * 60_000) {
    await db.deleteFrom("staff_session").where("id_hash", "=", row.id_hash).execute();
    return { status: "ended", email: row.email, sessionKey: idHash };
  }
  let lastSeen = new Date(row.last_seen_at);
  if (idleSince >= TOUCH_EVERY_MS) {
    await db
      .updateTable("staff_session")
      .set({ last_seen_at: now.toISOString() })
      .where("id_hash", "=", row.id_hash)
      .execute();
    lastSeen = now;
  }
  return {
    status: "active",
    user: { email: row.email, role: row.role, method: row.method },
    endsAt: sessionEnd(lastSeen, row.expires_at, idleMinutes),
  };
}

const sessionEnd = (lastSeen: Date, expiresAt: string, idleMinutes: number) =>
  new Date(Math.min(lastSeen.getTime() + idleMinutes * 60_000, new Date(expiresAt).getTime()));

/** The signed-in user of a session id, or null when it does not exist or has expired (then it is deleted). */
export async function readSession(
  db: Db,
  id: string,
  idleMinutes: number,
  now = new Date(),
): Promise<StaffUser | null> {
  const state = await sessionState(db, id, idleMinutes, now);
  return state?.status === "active" ? state.user : null;
}

/**
 * "Stay signed in" (WCAG 2.2.1): the idle time starts again now,
 * as it does on any request after a minute. The new end, or null when the
 * session has ended.
 */
export async function extendSession(db: Db, id: string, idleMinutes: number, now = new Date()): Promise<Date | null> {
  const state = await sessionState(db, id, idleMinutes, now);
  if (state?.status !== "active") return null;
  await db
    .updateTable("staff_session")
    .set({ last_seen_at: now.toISOString() })
    .where("id_hash", "=", hashId(id))
    .execute();
  const extended = await sessionState(db, id, idleMinutes, now);
  return extended?.status === "active" ? extended.endsAt : null;
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
