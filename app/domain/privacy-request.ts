/**
 * A privacy request (spec 3 "Right type", spec 4): which right, the states it
 * moves through, and the rules of its clock (GDPR Art. 12). Every service and
 * page asks this module; none lists states or counts days of its own.
 */

/** Spec 3 "Right type": the rights' table (rights.ts) names them. */
export { RIGHT_TYPES, type RightType } from "./rights";

/**
 * AWAITING_VERIFICATION until the data subject confirms the mailed link;
 * OPEN once verified (the legal clock runs from then); IN_PROGRESS, COMPLETED
 * and REJECTED are the back office's; EXPIRED when never verified. An
 * objection is COMPLETED when verified (or at once without e-mail): its
 * suppressions are written then. WAITING_FOR_PERSON while an
 * officer's question is unanswered (the clock stands still); CLOSED when
 * closed without being carried out (a duplicate, or no answer in 30 days).
 */
export const REQUEST_STATES = [
  "AWAITING_VERIFICATION",
  "OPEN",
  "IN_PROGRESS",
  "WAITING_FOR_PERSON",
  "COMPLETED",
  "REJECTED",
  "CLOSED",
  "EXPIRED",
] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

/** States in which the back office works on a request (and its due date counts). */
export const ACTIVE_STATES = ["OPEN", "IN_PROGRESS"] as const satisfies readonly RequestState[];

/** Not finished: a new request of the same right may be a duplicate of it. */
export const UNFINISHED_STATES = [...ACTIVE_STATES, "WAITING_FOR_PERSON"] as const satisfies readonly RequestState[];

/**
 * The states a request can be in once an officer has started it: a
 * restriction (set when it starts) is in force in each of them until lifted.
 */
const RESTRICTED_STATES = [
  "IN_PROGRESS",
  "WAITING_FOR_PERSON",
  "COMPLETED",
  "REJECTED",
  "CLOSED",
] as const satisfies readonly RequestState[];

/** What an officer decided on a right that waits for a decision (an objection under Art. 21(1)). */
export type RightDecision = "UPHELD" | "REFUSED";

/** Where a verified request ends (`closed_at` is set on arrival; the figures count from it). */
const CLOSED_STATES = ["COMPLETED", "REJECTED", "CLOSED"] as const satisfies readonly RequestState[];

export function isClosed(state: RequestState): boolean {
  return (CLOSED_STATES as readonly RequestState[]).includes(state);
}

/** A request's owner is mailed once when it is this many days from its due date. */
export const OWNER_REMINDER_DAYS_BEFORE_DUE = 5;

export type AuditActor = "DATA_SUBJECT" | "SYSTEM" | "STAFF";

/**
 * Each step a request takes: the states it starts from and the state it
 * leaves (`null`: it stays, as an extension or an attached file).
 */
export const REQUEST_TRANSITIONS = {
  verify: { from: ["AWAITING_VERIFICATION"], to: "OPEN" },
  /** A right carried out when confirmed (the objection to direct marketing, spec 4): its suppressions are written at once. */
  verifyAndCarryOut: { from: ["AWAITING_VERIFICATION"], to: "COMPLETED" },
  expire: { from: ["AWAITING_VERIFICATION"], to: "EXPIRED" },
  /** A new confirmation link brings an expired request back. */
  renewLink: { from: ["AWAITING_VERIFICATION", "EXPIRED"], to: "AWAITING_VERIFICATION" },
  start: { from: ["OPEN"], to: "IN_PROGRESS" },
  extend: { from: ACTIVE_STATES, to: null },
  /** An owner while there is work to do (a request waiting for the person still has one). */
  assign: { from: UNFINISHED_STATES, to: null },
  editAnswer: { from: ACTIVE_STATES, to: null },
  sendAnswer: { from: ACTIVE_STATES, to: "COMPLETED" },
  complete: { from: ACTIVE_STATES, to: "COMPLETED" },
  reject: { from: ACTIVE_STATES, to: "REJECTED" },
  /** A restriction stays in force after its request is answered or closed: it is lifted, after a notice, from any of these. */
  announceLift: { from: RESTRICTED_STATES, to: null },
  lift: { from: RESTRICTED_STATES, to: null },
  /** A right an officer decides on (Art. 21(1)) is decided while in progress: upheld, it stays there until completed. */
  uphold: { from: ["IN_PROGRESS"], to: null },
  refuse: { from: ["IN_PROGRESS"], to: "REJECTED" },
  ask: { from: ACTIVE_STATES, to: "WAITING_FOR_PERSON" },
  answered: { from: ["WAITING_FOR_PERSON"], to: "IN_PROGRESS" },
  closeNoAnswer: { from: ["WAITING_FOR_PERSON"], to: "CLOSED" },
  closeDuplicate: { from: ACTIVE_STATES, to: "CLOSED" },
  /** A package handed to the controller the person named (Art. 20(2)): while worked on, or once the answer went out. */
  handOver: { from: [...ACTIVE_STATES, "COMPLETED"], to: null },
} as const satisfies Record<string, { from: readonly RequestState[]; to: RequestState | null }>;

export type RequestAction = keyof typeof REQUEST_TRANSITIONS;

/** Whether `action` may be taken in `state`: what the pages ask before they offer a form. */
export function allows(state: RequestState, action: RequestAction): boolean {
  return (REQUEST_TRANSITIONS[action].from as readonly RequestState[]).includes(state);
}

/** A restriction in force: set when its request was started, not lifted yet, and the state lets it be lifted. */
export function restrictionInForce(request: {
  state: RequestState;
  restricted_at: string | null;
  lifted_at: string | null;
}): boolean {
  return request.restricted_at !== null && request.lifted_at === null && allows(request.state, "lift");
}

export function isActive(state: RequestState): boolean {
  return (ACTIVE_STATES as readonly RequestState[]).includes(state);
}

const DAY_MS = 86_400_000;

/**
 * `months` calendar months later in UTC: the same day number, or the month's
 * last day when it has none (31 January + 1 month = 28/29 February), time of
 * day kept. Hand-written: no date library is in the dependency set and
 * Temporal is not in Node 20; this is the only place months are added.
 */
export function addMonths(date: Date, months: number): Date {
  const target = new Date(
    Date.UTC(
      date.getUTCFullYear(),
      date.getUTCMonth() + months,
      1,
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}

/** GDPR Art. 12(3): an answer is due one month after the request is verified. */
export function oneMonthAfter(verifiedAt: Date): Date {
  return addMonths(verifiedAt, 1);
}

/** GDPR Art. 12(3): the deadline may be extended once, by one or at most two further months (the form's choices). */
export const EXTENSION_MONTHS = ["1", "2"] as const;
const MAX_EXTENSION_MONTHS = EXTENSION_MONTHS.length;

/** The extended due date, or null when `months` is not an extension the law allows. */
export function extendedDueDate(dueAt: string, months: number): string | null {
  if (!Number.isInteger(months) || months < 1 || months > MAX_EXTENSION_MONTHS) return null;
  return addMonths(new Date(dueAt), months).toISOString();
}

/** While the person's answer is awaited the clock stands still: the due date moves by the time waited. */
export function dueDateAfterWaiting(dueAt: string | null, pausedAt: string, now: Date): string | null {
  return dueAt
    ? new Date(new Date(dueAt).getTime() + (now.getTime() - new Date(pausedAt).getTime())).toISOString()
    : null;
}

/** EDPB Guidelines 01/2022: with no answer to a question in 30 days the request may be closed. */
const NO_ANSWER_DAYS = 30;

/** The moment from which a request waiting since `pausedAt` may be closed for no answer. */
export function closableAfter(pausedAt: Date): Date {
  return new Date(pausedAt.getTime() + NO_ANSWER_DAYS * DAY_MS);
}

export function canCloseForNoAnswer(request: { state: RequestState; paused_at: string | null }, now: Date): boolean {
  return (
    allows(request.state, "closeNoAnswer") &&
    request.paused_at !== null &&
    closableAfter(new Date(request.paused_at)) <= now
  );
}

/** Worked on and past its due date. */
export function isOverdue(request: { state: RequestState; due_at: string | null }, now: Date): boolean {
  return isActive(request.state) && request.due_at !== null && request.due_at < now.toISOString();
}
