// `npm run staff -- add EMAIL [--role agent|officer] [--require-totp]` (password from standard input, one line),
// `npm run staff -- remove EMAIL`, `npm run staff -- reset-2fa EMAIL`, `npm run staff -- list`: local staff accounts.
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";

import { ConfigError, getConfig } from "../app/config.server";
import { createDb, migrateToLatest } from "../app/db/db.server";
import { STAFF_ROLES, type StaffRole } from "../app/domain/staff";
import { listAccounts, removeAccount, resetSecondFactor, upsertAccount } from "../app/services/staff/accounts.server";

const USAGE = `Usage:
  npm run staff -- add EMAIL [--role agent|officer] [--require-totp]
                                  creates the account or sets a new password (read from standard input);
                                  --require-totp: the account must enrol a second factor (TOTP) at its next sign-in
  npm run staff -- remove EMAIL
  npm run staff -- reset-2fa EMAIL    removes a lost second factor and its recovery codes, signs the account out;
                                  it enrols a new one at its next sign-in
  npm run staff -- list`;

/** One line from standard input (piped from a password manager, or typed). */
async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write("Password, then Enter: ");
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line.replace(/\r$/, "");
  }
  return "";
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { role: { type: "string", default: "agent" }, "require-totp": { type: "boolean", default: false } },
  });
  const [command, email] = positionals;
  if (!["add", "remove", "reset-2fa", "list"].includes(command ?? "") || (command !== "list" && !email)) {
    console.error(USAGE);
    return 2;
  }
  if (!(STAFF_ROLES as readonly string[]).includes(values.role)) {
    console.error(`--role must be agent or officer.\n${USAGE}`);
    return 2;
  }
  const db = createDb(getConfig().database);
  try {
    await migrateToLatest(db);
    if (command === "list") {
      const accounts = await listAccounts(db);
      if (accounts.length === 0) console.log("No local staff accounts.");
      for (const account of accounts) {
        const secondFactor = account.totp_secret
          ? "TOTP"
          : account.totp_required
            ? "TOTP required, not enrolled"
            : "no second factor";
        console.log(`${account.email}\t${account.role}\t${secondFactor}\tsince ${account.created_at.slice(0, 10)}`);
      }
      return 0;
    }
    if (command === "remove") {
      const removed = await removeAccount(db, email!);
      console.log(removed ? `${email}: removed, and signed out everywhere.` : `${email}: no such account.`);
      return removed ? 0 : 1;
    }
    if (command === "reset-2fa") {
      const reset = await resetSecondFactor(db, email!);
      console.log(
        reset
          ? `${email}: second factor removed, signed out everywhere; a new one is enrolled at the next sign-in.`
          : `${email}: no such account.`,
      );
      return reset ? 0 : 1;
    }
    const password = await readPassword();
    const outcome = await upsertAccount(db, {
      email: email!,
      password,
      role: values.role as StaffRole,
      requireTotp: values["require-totp"],
    });
    if (outcome.status === "refused") {
      console.error(`${email}: refused: ${outcome.problem}.`);
      return 1;
    }
    const totp = values["require-totp"] ? ", second factor required" : "";
    console.log(
      `${outcome.email}: ${outcome.status === "created" ? "created" : "new password set"} (${outcome.role}${totp}).`,
    );
    return 0;
  } finally {
    await db.destroy();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
