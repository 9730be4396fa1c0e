/**
 * A signed-in staff member for unit tests: a local account made with the
 * real `upsertAccount` and a session started by the real `signIn` (the same
 * cookie the login page sets), so a test's `Request` carries what a browser
 * would. The end-to-end counterpart is tests/e2e/staff-fixtures.ts.
 *
 * `signIn` keeps its session in the process's database: use it inside
 * `describeEachDatabase` with `useTestConfig()` and
 * `useTestDatabaseAsProcessDatabase(database)` (tests/setup/unit-process.ts).
 */
import type { Db } from "~/db/db.server";
import { getDb } from "~/db/instance.server";
import type { StaffRole } from "~/domain/staff";
import { signIn } from "~/http/staff/staff-session.server";
import { upsertAccount } from "~/services/staff/accounts.server";

/** A password `passwordProblem` accepts for any address the fixture makes. */
export const STAFF_PASSWORD = "Zonnebloem-Kade-42";

export type SignedInStaff = {
  email: string;
  role: StaffRole;
  /** The value of a `Cookie` request header that carries the session. */
  cookie: string;
  /** What `signIn` answered: the `Set-Cookie` value the login page sends. */
  setCookie: string;
};

let counter = 0;

/** Creates a local account (an agent unless `role` says otherwise) and signs it in. */
export async function createSignedInStaff(
  db: Db,
  { role = "agent", email }: { role?: StaffRole; email?: string } = {},
): Promise<SignedInStaff> {
  if ((await getDb()) !== db) {
    throw new Error(
      "signIn stores the session in the process's database: call useTestDatabaseAsProcessDatabase(database) first.",
    );
  }
  const account = await upsertAccount(db, {
    email: email ?? `${role}.${++counter}@veldhaven-test.nl`,
    password: STAFF_PASSWORD,
    role,
  });
  if (account.status === "refused") throw new Error(`The staff fixture's account was refused: ${account.problem}`);
  const setCookie = await signIn(
    new Request("http://nl.localhost/nl/internal-privacy-rights/login", { method: "POST" }),
    {
      email: account.email,
      role: account.role,
      method: "local",
    },
  );
  return { email: account.email, role: account.role, cookie: setCookie.split(";")[0], setCookie };
}
