/**
 * The team's internal notes on a request or an ad report. Plain
 * text, by whom and when; never in a mail, a page or an export the person
 * gets (nothing that serves them reads this table), and deleted with their
 * case (the foreign keys cascade), so retention covers what a note says.
 */
import { randomUUID } from "node:crypto";

import type { Db } from "~/db/db.server";
import type { TransitionOutcome } from "~/domain/transition";

import type { CaseKind } from "./assignment.server";

export type InternalNote = { id: string; author: string; at: string; body: string };

const column = (kind: CaseKind) => (kind === "request" ? "request_id" : "complaint_id");

async function addNote(
  db: Db,
  kind: CaseKind,
  caseId: string,
  author: { email: string },
  body: string,
  now = new Date(),
): Promise<void> {
  await db
    .insertInto("internal_note")
    .values({
      id: randomUUID(),
      request_id: null,
      complaint_id: null,
      [column(kind)]: caseId,
      author: author.email,
      at: now.toISOString(),
      body,
    })
    .execute();
}

/** A note on the case with this reference; not-found when there is none. */
export async function noteOn(
  db: Db,
  kind: CaseKind,
  reference: string,
  author: { email: string },
  body: string,
  now = new Date(),
): Promise<TransitionOutcome> {
  const found =
    kind === "request"
      ? await db.selectFrom("privacy_request").select("id").where("reference", "=", reference).executeTakeFirst()
      : await db
          .selectFrom("political_ad_complaint")
          .select("id")
          .where("reference", "=", reference)
          .executeTakeFirst();
  if (!found) return { status: "not-found" };
  await addNote(db, kind, found.id, author, body, now);
  return { status: "done" };
}

/** Oldest first, as a conversation reads. */
export function notesOf(db: Db, kind: CaseKind, caseId: string): Promise<InternalNote[]> {
  return db
    .selectFrom("internal_note")
    .select(["id", "author", "at", "body"])
    .where(column(kind), "=", caseId)
    .orderBy("at")
    .orderBy("id")
    .execute();
}
