/**
 * The last steps before a public submission (contact message, privacy
 * request, ad report) is stored, in this order: a copy of a
 * submission seen before gets the first answer (nothing stored, nothing
 * counted); a new one is counted against its limits; then it is stored
 * with its key. The services run their own checks (the mail domain) first,
 * so a refused address never uses up a limit.
 */
import type { Transaction } from "kysely";

import type { Db } from "~/db/db.server";
import type { Database } from "~/db/schema";

import { earlierSubmission, storeOnce, type SubmissionKey } from "./keys.server";
import { admitSubmission, type LimitedSubmission } from "./limits.server";

/** A submission not stored: too many (and another way to reach the team), or a key reused with another body. */
export type Refused =
  | { status: "RATE_LIMITED"; scope: "client" | "target"; retryAfterSeconds: number; otherWay: string }
  | { status: "KEY_REUSED" };

/** Who sends: a visitor, counted by address; or a staff member, whose sign-in is the guard (a call centre shares one address). */
export type Sender = { clientIp: string } | { staff: true };

export async function storeSubmission<Answer extends object>(
  db: Db,
  intake: {
    submission?: SubmissionKey;
    sender: Sender;
    limits: Omit<LimitedSubmission, "clientIp">;
    /** The team's address, offered when a limit refuses. */
    otherWay: string;
    answer: Answer;
    store: (trx: Transaction<Database>) => Promise<void>;
    now: Date;
  },
): Promise<Answer | Refused> {
  const earlier = await earlierSubmission<Answer>(db, intake.submission, intake.now);
  if (earlier) return earlier.kind === "replay" ? earlier.answer : { status: "KEY_REUSED" };
  if ("clientIp" in intake.sender) {
    const admission = await admitSubmission({ ...intake.limits, clientIp: intake.sender.clientIp });
    if (!admission.ok)
      return {
        status: "RATE_LIMITED",
        scope: admission.scope,
        retryAfterSeconds: admission.retryAfterSeconds,
        otherWay: intake.otherWay,
      };
  }
  const stored = await storeOnce(db, intake.submission, intake.answer, intake.store, intake.now);
  if (stored.kind === "reused") return { status: "KEY_REUSED" };
  return stored.answer;
}
