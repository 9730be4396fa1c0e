/**
 * A staff member for the end-to-end tests, made the way an administrator
 * makes one (`npm run staff -- add`, the password on standard input) and
 * signed in the way a person signs in (the login form).
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, siteUrl, test } from "./fixtures";

export const STAFF_PASSWORD = "Zomerse-Duinpan-58";

/** An address no other test uses, so parallel tests never share sessions or sign-in counts. */
export function uniqueStaffEmail(prefix: string): string {
  return `${prefix}-${test.info().project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@veldhaven-test.nl`;
}

/** Creates the local account (or resets its password, which ends its sessions); `requireTotp`: it must enrol a second factor. */
export function addStaff(email: string, role: "agent" | "officer" = "agent", { requireTotp = false } = {}) {
  execFileSync(path.join("node_modules", ".bin", "tsx"), ["scripts/staff.ts", "add", email, "--role", role, ...(requireTotp ? ["--require-totp"] : [])], {
    input: `${STAFF_PASSWORD}\n`,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: "warn" },
    stdio: ["pipe", "ignore", "inherit"],
  });
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
