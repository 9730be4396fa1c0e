import type { Kysely } from "kysely";

import type { Database } from "~/db/schema";
import type { PrivacyRequestTable } from "~/db/schema/privacy-requests";
import { canCloseForNoAnswer } from "~/domain/privacy-request";

import { possibleDuplicatesOf } from "./duplicates.server";
import { questionsOf } from "./questions.server";

/** What the back office shows of a request's follow-up: duplicates, questions, the stopped clock. */
export async function followUpOf(db: Kysely<Database>, row: PrivacyRequestTable, now = new Date()) {
  return {
    state: row.state,
    hasEmail: Boolean(row.email),
    duplicateOf: row.duplicate_of,
    duplicates: await possibleDuplicatesOf(db, row.reference),
    pausedAt: row.paused_at,
    canCloseNoAnswer: canCloseForNoAnswer(row, now),
    questions: await questionsOf(db, row.id),
  };
}
