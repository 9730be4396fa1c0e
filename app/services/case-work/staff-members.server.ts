/**
 * Who may be given a request: local accounts from when they are
 * made, single sign-on users from their first sign-in (they have no account
 * row). A member's role is the one they last signed in with.
 */
import type { Db } from "~/db/db.server";
import type { StaffRole } from "~/domain/staff";

export async function rememberStaffMember(
  db: Db,
  member: { email: string; role: StaffRole },
  now = new Date(),
): Promise<void> {
  const email = member.email.toLowerCase();
  await db
    .insertInto("staff_member")
    .values({ email, role: member.role, last_signed_in_at: now.toISOString() })
    .onConflict((oc) => oc.column("email").doUpdateSet({ role: member.role, last_signed_in_at: now.toISOString() }))
    .execute();
}

export function staffMembers(db: Db): Promise<{ email: string; role: StaffRole }[]> {
  return db.selectFrom("staff_member").select(["email", "role"]).orderBy("email").execute();
}

export async function staffMember(db: Db, email: string): Promise<{ email: string; role: StaffRole } | undefined> {
  return db
    .selectFrom("staff_member")
    .select(["email", "role"])
    .where("email", "=", email.toLowerCase())
    .executeTakeFirst();
}
