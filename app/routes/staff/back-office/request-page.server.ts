/**
 * The back office's request page, its server half: what the page shows of a
 * request, and the forms it answers, each a state change with its audit event.
 */
import { getConfig } from "~/config.server";
import type { Db } from "~/db/db.server";
import { isActive, isOverdue } from "~/domain/privacy-request";
import type { UploadOutcome } from "~/domain/request-file";
import { fansOutAt, rightOf } from "~/domain/rights";
import { pageFormAction, type PageFormAction } from "~/http/form-actions.server";
import { undeliveredMailTo } from "~/services/mail/outbox.server";
import { deliverAnswer, removeAnswerFile, requestFiles } from "~/services/privacy-request/answer.server";
import {
  completeRequest,
  extendDeadline,
  rejectRequest,
  startHandling,
  type requestWithHistory,
} from "~/services/privacy-request/back-office.server";
import { closeAsDuplicate, historyShownTo } from "~/services/privacy-request/duplicates.server";
import { followUpOf } from "~/services/privacy-request/follow-up.server";
import { handOverView, recordHandOver, teamToday } from "~/services/privacy-request/hand-over.server";
import { awaitsDecision, refuseObjection, upholdObjection } from "~/services/privacy-request/objection-decision.server";
import { askPerson, closeForNoAnswer } from "~/services/privacy-request/questions.server";
import { announceLift, liftRestriction, restrictionOf } from "~/services/privacy-request/restriction.server";
import {
  addressLine,
  brandNames,
  personName,
  rightDetailsOf,
  storedDetails,
} from "~/services/privacy-request/view.server";
import type { StaffUser } from "~/services/staff/sessions.server";
import { reassignContact } from "~/services/systems/email-tasks.server";
import { closeTaskByHand, resendTask, tasksOfRequest, tickTask } from "~/services/systems/request-tasks.server";
import {
  askForm,
  closeDuplicateForm,
  closeNoAnswerForm,
  completeForm,
  deliverForm,
  extendForm,
  rejectForm,
  removeFileForm,
  startForm,
  taskCloseForm,
  taskReassignForm,
  taskResendForm,
  taskTickForm,
} from "~/validation/back-office";
import { handOverForm } from "~/validation/hand-over";
import { liftAnnounceForm, liftForm, objectionRefuseForm, objectionUpholdForm } from "~/validation/request-decisions";

import { caseWorkOf } from "./case-work.server";

type FoundRequest = NonNullable<Awaited<ReturnType<typeof requestWithHistory>>>;

/** What the page shows of a request the viewer may open; `upload` is a refused upload's outcome, for the file field. */
export async function requestPageData(db: Db, found: FoundRequest, viewer: StaffUser, upload: UploadOutcome | null) {
  const { request: row, events } = found;
  const { brandKeys, userInfo } = storedDetails(row);
  return {
    request: {
      reference: row.reference,
      rightType: row.right_type,
      state: row.state,
      country: row.country,
      email: row.email,
      phone: row.phone_number,
      message: row.user_message,
      brands: brandNames(row.country, brandKeys),
      brandName: row.brand_name,
      article: row.article,
      publicationDate: row.publication_date,
      publicationLink: row.publication_link,
      /** The right's own answers (a restriction's ground, where a package goes). */
      details: rightDetailsOf(row),
      person: userInfo
        ? [
            personName(userInfo, { salutation: true }),
            userInfo.address ? addressLine(userInfo.address, { country: true }) : "",
          ]
            .filter(Boolean)
            .join("\n")
        : null,
      createdAt: row.created_at,
      verifiedAt: row.verified_at,
      dueAt: row.due_at,
      overdue: isOverdue(row, new Date()),
      extended: events.some((event) => event.action === "EXTENDED"),
      active: isActive(row.state),
    },
    // An agent's page carries only what it shows them: these parts name other requests (possible duplicates, mail about them).
    officerParts:
      viewer.role === "officer"
        ? {
            answer: {
              ...(await requestFiles(db, row.id)),
              canDeliver: Boolean(row.email),
              packaged: rightOf(row.right_type).answer === "package",
              deliveryDays: getConfig().DELIVERY_LINK_DAYS,
              upload,
            },
            followUp: await followUpOf(db, row),
            undeliveredMail: row.email ? await undeliveredMailTo(db, row.email, row.created_at) : [],
            tasks: await tasksOfRequest(db, row.id),
            restriction: await restrictionOf(db, row),
            // A right an officer decides on (an objection to processing): whether and how it was decided.
            decision: fansOutAt(row.right_type, "decision")
              ? { awaited: awaitsDecision(row), outcome: row.decision, at: row.decided_at }
              : null,
            handOver: handOverView(row),
            today: teamToday(new Date()),
          }
        : null,
    caseWork: await caseWorkOf(db, "request", row, viewer),
    events: (await historyShownTo(db, events, viewer)).map((event) => ({
      seq: event.seq,
      at: event.at,
      actor: event.actor,
      actorId: event.actor_id,
      action: event.action,
      note: event.note,
    })),
  };
}

/** One entry per form (its id says which), for the page's action. */
export function requestFormActions(db: Db, reference: string, staff: StaffUser): PageFormAction[] {
  return [
    pageFormAction(
      startForm,
      (value) => startHandling(db, reference, staff, value.note ?? ""),
      "backOffice.banners.started",
    ),
    pageFormAction(extendForm, (value) => extendDeadline(db, reference, staff, value), "backOffice.banners.extended"),
    pageFormAction(
      completeForm,
      (value) => completeRequest(db, reference, staff, value.note, new Date(), value.openTasksReason),
      "backOffice.banners.completed",
    ),
    pageFormAction(
      rejectForm,
      (value) => rejectRequest(db, reference, staff, value.reason),
      "backOffice.banners.rejected",
    ),
    pageFormAction(
      deliverForm,
      (value) => deliverAnswer(db, reference, staff, { message: value.message }),
      "backOffice.banners.answerSent",
    ),
    pageFormAction(
      removeFileForm,
      (value) => removeAnswerFile(db, reference, staff, value.file),
      "backOffice.banners.fileRemoved",
    ),
    pageFormAction(
      liftAnnounceForm,
      (value) => announceLift(db, reference, staff, value.reason),
      "backOffice.restriction.banners.announced",
    ),
    pageFormAction(liftForm, () => liftRestriction(db, reference, staff), "backOffice.restriction.banners.lifted"),
    pageFormAction(
      objectionUpholdForm,
      (value) => upholdObjection(db, reference, staff, value.note ?? ""),
      "backOffice.processingObjection.banners.upheld",
    ),
    pageFormAction(
      objectionRefuseForm,
      (value) => refuseObjection(db, reference, staff, value.grounds),
      "backOffice.processingObjection.banners.refused",
    ),
    pageFormAction(askForm, (value) => askPerson(db, reference, staff, value.question), "backOffice.banners.asked"),
    pageFormAction(
      handOverForm,
      (value) => recordHandOver(db, reference, staff, value),
      "backOffice.portability.handedOver",
    ),
    pageFormAction(
      closeDuplicateForm,
      () => closeAsDuplicate(db, reference, staff),
      "backOffice.banners.closedDuplicate",
    ),
    pageFormAction(
      closeNoAnswerForm,
      (value) => closeForNoAnswer(db, reference, staff, value.reason),
      "backOffice.banners.closedNoAnswer",
    ),
    pageFormAction(
      taskTickForm,
      (value) => tickTask(db, reference, value.task, staff, { answer: value.answer, note: value.note }),
      "backOffice.banners.taskTicked",
    ),
    pageFormAction(
      taskCloseForm,
      (value) => closeTaskByHand(db, reference, value.task, staff, value.reason),
      "backOffice.banners.taskClosed",
    ),
    pageFormAction(
      taskResendForm,
      (value) => resendTask(db, reference, value.task, staff),
      "backOffice.banners.taskResent",
    ),
    pageFormAction(
      taskReassignForm,
      (value) => reassignContact(db, reference, value.task, staff, value),
      "backOffice.banners.taskReassigned",
    ),
  ];
}
