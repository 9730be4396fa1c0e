import type { Generated } from "kysely";

import type { StaffRole } from "~/domain/staff";

/** A local staff account; SSO users have none. */
export interface StaffAccountTable {
  id: string;
  /** Lower-cased. */
  email: string;
  /** `scrypt$N$r$p$salt$hash` (base64url). */
  password_hash: string;
  role: StaffRole;
  created_at: string;
  updated_at: string;
  /** The TOTP secret once enrolled: `v1.iv.tag.ciphertext` (AES-256-GCM, services/staff/two-factor-secret.server.ts); null without a second factor. */
  totp_secret: string | null;
  /** The secret shown on the enrolment page until its first code confirms it (encrypted the same way). */
  totp_pending_secret: string | null;
  /** 1: the account must use a second factor (`npm run staff -- add --require-totp`). */
  totp_required: Generated<number>;
  /** The last RFC 6238 time step accepted: a code is accepted once. */
  totp_last_step: number | null;
  totp_enrolled_at: string | null;
}

/** A recovery code of a local account: only its SHA-256; `used_at` set when it was used (single use). */
export interface StaffRecoveryCodeTable {
  account_id: string;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

/** A signed-in staff member; the cookie carries the id, the row its SHA-256. */
export interface StaffSessionTable {
  id_hash: string;
  email: string;
  role: StaffRole;
  method: "local" | "oidc";
  created_at: string;
  last_seen_at: string;
  /** The absolute limit (12 hours after sign-in); idle expiry is counted from last_seen_at. */
  expires_at: string;
}

/** An officer's typed text, kept across a sign-in after their session ended (services/staff/kept-forms.server.ts). */
export interface StaffKeptFormTable {
  id_hash: string;
  /** The ended session's id hash: one kept form per ended session. */
  session_hash: string;
  email: string | null;
  path: string;
  form_id: string;
  /** The text fields as posted, JSON (name → value or values). */
  fields: string;
  created_at: string;
}

/** Everyone who may own a request: local accounts when made, single sign-on users from their first sign-in. */
export interface StaffMemberTable {
  /** Lower-cased. */
  email: string;
  role: StaffRole;
  last_signed_in_at: string;
}
