/**
 * A privacy request (spec 3 "Right type", spec 4): which right, and the
 * states it moves through.
 */

/** Spec 3 "Right type". */
export const RIGHT_TYPES = ["RIGHT_OF_ACCESS", "RIGHT_TO_BE_FORGOTTEN", "OBJECTION", "RECTIFICATION", "REMOVAL_FROM_PUBLICATION"] as const;
export type RightType = (typeof RIGHT_TYPES)[number];

/**
 * AWAITING_VERIFICATION until the data subject confirms the mailed link;
 * OPEN once verified (the legal clock runs from then); IN_PROGRESS, COMPLETED
 * and REJECTED are the back office's; EXPIRED when never verified. An
 * objection is COMPLETED when verified (or at once without e-mail): its
 * suppressions are written then. Issue 26: WAITING_FOR_PERSON while an
 * officer's question is unanswered (the clock stands still); CLOSED when
 * closed without being carried out (a duplicate, or no answer in 30 days).
 */
export const REQUEST_STATES = ["AWAITING_VERIFICATION", "OPEN", "IN_PROGRESS", "WAITING_FOR_PERSON", "COMPLETED", "REJECTED", "CLOSED", "EXPIRED"] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

/** States in which the back office works on a request (and its due date counts). */
export const ACTIVE_STATES: readonly RequestState[] = ["OPEN", "IN_PROGRESS"];

export type AuditActor = "DATA_SUBJECT" | "SYSTEM" | "STAFF";
