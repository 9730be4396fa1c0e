/**
 * The list's bulk actions. Each request is its own guarded step
 * (its own transaction, trail entry and mail, exactly as one by one), so a
 * request another officer moved meanwhile is refused alone and named.
 */
import type { Db } from "~/db/db.server";
import type { FieldRefusal } from "~/domain/transition";

import { extendDeadline } from "../privacy-request/back-office.server";
import { assignCase } from "./assignment.server";
import { staffMember } from "./staff-members.server";

export type BulkOutcome = { status: "done"; done: string[]; refused: string[] } | FieldRefusal;

async function each(
  references: string[],
  step: (reference: string) => Promise<{ status: string }>,
): Promise<BulkOutcome> {
  const done: string[] = [];
  const refused: string[] = [];
  for (const reference of new Set(references))
    ((await step(reference)).status === "done" ? done : refused).push(reference);
  return { status: "done", done, refused };
}

export async function bulkAssign(
  db: Db,
  references: string[],
  staff: { email: string },
  assignee: string | null,
  now = new Date(),
): Promise<BulkOutcome> {
  if (assignee !== null && !(await staffMember(db, assignee)))
    return { status: "invalid", fieldErrors: { assignee: ["backOffice.owner.unknown"] } };
  return each(references, (reference) => assignCase(db, "request", reference, staff, assignee, now));
}

export function bulkExtend(
  db: Db,
  references: string[],
  staff: { email: string },
  input: { months: number; reason: string },
  now = new Date(),
): Promise<BulkOutcome> {
  return each(references, (reference) => extendDeadline(db, reference, staff, input, now));
}
