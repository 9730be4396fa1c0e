/**
 * What a request's and an ad report's page share: who owns it,
 * the team's notes, and the forms for both. Officers assign and take; an
 * agent (on a request of theirs: the page checks) only writes notes, and
 * any other form they send gets the 403 page.
 */
import type { RouterContextProvider } from "react-router";

import type { Db } from "~/db/db.server";
import type { StaffRole } from "~/domain/staff";
import { pageFormAction, type PageFormAction } from "~/http/form-actions.server";
import { refuseForbiddenPage } from "~/http/staff/guard.server";
import { assignCase, isAssignable, type CaseKind } from "~/services/case-work/assignment.server";
import { noteOn, notesOf } from "~/services/case-work/notes.server";
import { staffMembers } from "~/services/case-work/staff-members.server";
import { assignForm, noteForm, takeForm } from "~/validation/case-work";

type Viewer = { email: string; role: StaffRole };
type CaseRow = { id: string; state: string; assignee: string | null; assigned_at: string | null };

export async function caseWorkOf(db: Db, kind: CaseKind, row: CaseRow, viewer: Viewer) {
  const officer = viewer.role === "officer";
  const members = officer ? await staffMembers(db) : [];
  return {
    owner: row.assignee,
    assignedAt: row.assigned_at,
    mine: row.assignee === viewer.email,
    canAssign: officer && isAssignable(kind, row.state),
    // An ad report is officers' work: only they can own one.
    members: members.filter((member) => kind === "request" || member.role === "officer").map((member) => member.email),
    notes: await notesOf(db, kind, row.id),
  };
}

export type CaseWork = Awaited<ReturnType<typeof caseWorkOf>>;

/** An agent may read a request only when it is theirs. */
export function mayOpen(viewer: Viewer, assignee: string | null): boolean {
  return viewer.role === "officer" || assignee === viewer.email;
}

/**
 * The page's forms for this viewer: the case's own (`officerActions`) and
 * the owner's and notes' forms. For an agent, every officer's form answers 403.
 */
export function caseWorkActions(
  context: Readonly<RouterContextProvider>,
  db: Db,
  kind: CaseKind,
  reference: string,
  viewer: Viewer,
  officerActions: PageFormAction[],
): PageFormAction[] {
  const note = pageFormAction(
    noteForm,
    (value) => noteOn(db, kind, reference, viewer, value.note),
    "backOffice.banners.noted",
  );
  const officers = [
    ...officerActions,
    pageFormAction(
      assignForm,
      (value) => assignCase(db, kind, reference, viewer, value.assignee),
      "backOffice.banners.assigned",
    ),
    pageFormAction(takeForm, () => assignCase(db, kind, reference, viewer, viewer.email), "backOffice.banners.taken"),
  ];
  if (viewer.role === "officer") return [...officers, note];
  return [...officers.map((action) => ({ id: action.id, handle: () => refuseForbiddenPage(context) })), note];
}
