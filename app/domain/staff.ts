/** Staff roles: agents record objections for callers; officers also run the back office. */
export const STAFF_ROLES = ["agent", "officer"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * The second factor of local accounts: TOTP as RFC 6238 sets it
 * out for authenticator apps (SHA-1, 6 digits, 30-second steps), one step of
 * clock drift either way, and single-use recovery codes.
 */
export const TOTP = { digits: 6, periodSeconds: 30, window: 1, issuer: "Veldhaven Media" } as const;
export const RECOVERY_CODE_COUNT = 10;
/** How long the step between a correct password and the second factor may take. */
export const PENDING_SIGN_IN_SECONDS = 5 * 60;

/** A recovery code as stored and compared: lower case, without spaces or dashes. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, "");
}

/** What a person types for the second factor: a 6-digit code (spaces allowed) or a recovery code (`xxxxx-xxxxx`). */
export function secondFactorKind(code: string): "totp" | "recovery" | null {
  const compact = code.replace(/\s/g, "");
  if (/^\d{6}$/.test(compact)) return "totp";
  if (/^[a-z2-7]{10}$/.test(normaliseRecoveryCode(code))) return "recovery";
  return null;
}

/** WCAG 2.2.1: how long before the idle limit a signed-in page warns and offers to stay signed in. */
export const SESSION_WARNING_SECONDS = 120;
/** How long what a staff member typed is kept when their session ended under it, for them to sign in again. */
export const KEPT_FORM_MINUTES = 30;

/** Whole seconds from `now` until a session's end, never below 0. */
export function secondsUntil(end: Date, now = new Date()): number {
  return Math.max(0, Math.floor((end.getTime() - now.getTime()) / 1000));
}
