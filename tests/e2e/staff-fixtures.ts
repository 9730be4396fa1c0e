/**
 * A staff member for the end-to-end tests, made by the code `npm run staff
 * -- add` runs (`upsertAccount`, on the server's own database) and signed in
 * the way a person signs in (the login form).
 *
 * The account is written from the test's own process: starting the command
 * (`tsx scripts/staff.ts`) cost ~2.5 s of CPU per account, up to 9 s of wall
 * time with two browsers busy, and about 80 accounts are made per run.
 * The command itself is still run, as an operator runs it, by `addStaffWithCli`
 * (staff-two-factor.spec.ts) and by the PostgreSQL specs.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";

import type { Page } from "@playwright/test";

import { parseConfig, resolveConfig } from "~/config.server";
import { openDatabase } from "~/db/db.server";
import type { StaffRole } from "~/domain/staff";
import { upsertAccount } from "~/services/staff/accounts.server";

import { expect, siteUrl, test } from "./fixtures";

export const STAFF_PASSWORD = "Zomerse-Duinpan-58";

/** An address no other test uses, so parallel tests never share sessions or sign-in counts. */
export function uniqueStaffEmail(prefix: string): string {
  return `${prefix}-${test.info().project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@veldhaven-test.nl`;
}

type AddStaffOptions = {
  /** It must enrol a second factor (`--require-totp`). */
  requireTotp?: boolean;
  /** The DATA_DIR of the server the account is for: the shared e2e server's unless a spec started its own. */
  dataDir?: string;
};

/**
 * Creates the local account (or resets its password, which ends its sessions)
 * in the database the server with that DATA_DIR uses, found as the server
 * finds it (the same environment, the same configuration code).
 */
export async function addStaff(
  email: string,
  role: StaffRole = "agent",
  { requireTotp = false, dataDir = process.env.E2E_DATA_DIR }: AddStaffOptions = {},
) {
  const { database } = resolveConfig(parseConfig({ ...process.env, DATA_DIR: dataDir }));
  const handle = openDatabase(database);
  try {
    const outcome = await upsertAccount(handle.db, { email, password: STAFF_PASSWORD, role, requireTotp });
    if (outcome.status === "refused")
      throw new Error(`${email}: the staff fixture's account was refused: ${outcome.problem}`);
  } finally {
    await handle.db.destroy();
  }
}

/** The same as `addStaff`, through the command an administrator types (`npm run staff -- add`, the password on standard input). */
export function addStaffWithCli(
  email: string,
  role: StaffRole = "agent",
  { requireTotp = false, dataDir = process.env.E2E_DATA_DIR }: AddStaffOptions = {},
) {
  execFileSync(
    path.join("node_modules", ".bin", "tsx"),
    ["scripts/staff.ts", "add", email, "--role", role, ...(requireTotp ? ["--require-totp"] : [])],
    {
      input: `${STAFF_PASSWORD}\n`,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
      stdio: ["pipe", "ignore", "inherit"],
    },
  );
}

/** Fills in and sends the login form the page shows. */
export async function submitStaffLogin(page: Page, email: string, password = STAFF_PASSWORD) {
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByLabel("Wachtwoord").fill(password);
  await page.getByRole("button", { name: "Aanmelden", exact: true }).click();
}

/** Opens the login page (.nl) and signs in; resolves once the confirmation page shows. */
export async function signInAsStaff(page: Page, email: string) {
  await page.goto(siteUrl("nl", "/nl/internal-privacy-rights/login"));
  await submitStaffLogin(page, email);
  await expect(page).toHaveURL(/confirm-login/);
}
