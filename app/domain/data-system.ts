/**
 * The systems that hold personal data and carry a privacy request out:
 * which rights each takes part in, how it is reached, and the
 * states of the task a request gives it. Every service and page asks this
 * module; none lists channels or task states of its own.
 */
import type { SystemAction } from "./rights";

/**
 * How a system is reached: `webhook` (a signed delivery, Standard Webhooks),
 * `email` (a contact who answers through a task page: a system without an
 * API), `manual` (a staff member ticks it off in the back office).
 */
export const SYSTEM_CHANNELS = ["webhook", "email", "manual"] as const;
export type SystemChannel = (typeof SYSTEM_CHANNELS)[number];

/** OPEN until answered; how a system answered; CLOSED_BY_STAFF when an officer closed it by hand, with a reason. */
export const TASK_STATES = ["OPEN", "DONE", "NO_DATA", "FAILED", "CLOSED_BY_STAFF"] as const;
export type TaskState = (typeof TASK_STATES)[number];

/** What a system says when it answers (the callback's `status`, the task page's buttons). */
export const TASK_ANSWERS = { done: "DONE", "no-data": "NO_DATA", failed: "FAILED" } as const satisfies Record<
  string,
  TaskState
>;
export type TaskAnswer = keyof typeof TASK_ANSWERS;

/** A task that no longer waits for anyone. */
export function isAnswered(state: TaskState): boolean {
  return state !== "OPEN";
}

/** A system's id: what the callback's path and the import file name it by. */
export const SYSTEM_ID = /^[a-z0-9][a-z0-9-]{1,39}$/;

/** The Standard Webhooks event type of a new task. */
export const TASK_EVENT_TYPE = "privacy_request.task.created";

/**
 * When a failed delivery is tried again: after 5 s, 5 min, 30 min, 2 h, 5 h
 * and then every 10 h (the Standard Webhooks schedule, stretched), which
 * keeps a delivery going for about 88 hours, more than a long weekend's 72,
 * so a receiver down that long still gets it.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5, 300, 1_800, 7_200, 18_000, 36_000, 36_000, 36_000, 36_000, 36_000, 36_000, 36_000,
].map((seconds) => seconds * 1000);

/** A task is overdue from five days before its request's due date. */
export const TASK_OVERDUE_DAYS_BEFORE_DUE = 5;

/** A request's task as the back office shows it. */
export type RequestTask = {
  id: string;
  system: string;
  /** What the system is asked (one system may have two tasks for a request: restrict, then lift). */
  action: SystemAction;
  channel: SystemChannel;
  state: TaskState;
  reason: string | null;
  answeredBy: string | null;
  answeredAt: string | null;
  contactEmail: string | null;
  /** The webhook's delivery: attempts so far, its last error, and whether it arrived. */
  delivery: { status: string; attempts: number; lastError: string | null } | null;
};
