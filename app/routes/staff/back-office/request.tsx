import { getTextareaProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { data, href } from "react-router";
import type { Route } from "./+types/request";
import { ActionBox, CaseActions, CaseHeader, CaseHistory, useDateTime } from "~/components/back-office/back-office";
import { ExtensionMonths } from "~/components/back-office/extension-months";
import { TextareaField } from "~/components/forms";
import { PublicForm, usePublicForm } from "~/components/use-public-form";
import { siteContext } from "~/context";
import { getDb } from "~/db/instance.server";
import { addressLine, brandNames, personName, storedDetails } from "~/services/privacy-request/view.server";
import { allows, isActive, isOverdue, type RequestState } from "~/domain/privacy-request";
import { completeRequest, extendDeadline, rejectRequest, requestWithHistory, startHandling } from "~/services/privacy-request/back-office.server";
import { refuseForbiddenPage, signedInStaff } from "~/http/staff/guard.server";
import { caseWorkActions, caseWorkOf, mayOpen } from "./case-work.server";
import { CaseOwner, InternalNotes } from "~/components/back-office/case-work";
import { takeUploadOutcome } from "~/http/flash.server";
import { NOT_INDEXED, formPageMeta } from "~/utils/meta";
import { dispatchPageForm, pageFormAction } from "~/http/form-actions.server";
import { useSite } from "~/utils/site";
import { askForm, closeDuplicateForm, closeNoAnswerForm, completeForm, deliverForm, extendForm, rejectForm, removeFileForm, startForm, taskCloseForm, taskReassignForm, taskResendForm, taskTickForm } from "~/validation/back-office";
import { closeTaskByHand, resendTask, tasksOfRequest, tickTask } from "~/services/systems/request-tasks.server";
import { RequestTasks } from "~/components/back-office/request-tasks";
import { reassignContact } from "~/services/systems/email-tasks.server";
import { DuplicateNotice, RequestFollowUp } from "~/components/back-office/request-follow-up";
import { followUpOf } from "~/services/privacy-request/follow-up.server";
import { askPerson, closeForNoAnswer } from "~/services/privacy-request/questions.server";
import { closeAsDuplicate, historyShownTo } from "~/services/privacy-request/duplicates.server";
import { RequestAnswer } from "~/components/back-office/request-answer";
import { deliverAnswer, removeAnswerFile, requestFiles } from "~/services/privacy-request/answer.server";
import { getConfig } from "~/config.server";
import { undeliveredMailTo } from "~/services/mail/outbox.server";
import { UndeliveredMail } from "~/components/back-office/undelivered-mail";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const db = await getDb();
  const viewer = signedInStaff(context);
  const found = await requestWithHistory(db, params.reference);
  // An agent learns nothing of a request that is not theirs, not even whether it exists.
  if (!found || !mayOpen(viewer, found.request.assignee)) {
    if (viewer.role !== "officer") refuseForbiddenPage(context);
    throw data({ notFound: true }, { status: 404 });
  }
  const { request: row, events } = found;
  const { brandKeys, userInfo } = storedDetails(row);
  // An upload without JavaScript that refused files (request-files.ts): shown by the file field.
  const { outcome: upload, headers } = await takeUploadOutcome(request);
  return data({
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
      person: userInfo
        ? [personName(userInfo, { salutation: true }), userInfo.address ? addressLine(userInfo.address, { country: true }) : ""].filter(Boolean).join("\n")
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
            answer: { ...(await requestFiles(db, row.id)), canDeliver: Boolean(row.email), deliveryDays: getConfig().DELIVERY_LINK_DAYS, upload },
            followUp: await followUpOf(db, row),
            undeliveredMail: row.email ? await undeliveredMailTo(db, row.email, row.created_at) : [],
            tasks: await tasksOfRequest(db, row.id),
          }
        : null,
    caseWork: await caseWorkOf(db, "request", row, viewer),
    events: (await historyShownTo(db, events, viewer)).map((event) => ({ seq: event.seq, at: event.at, actor: event.actor, actorId: event.actor_id, action: event.action, note: event.note })),
  }, { headers });
}

/** One entry per form (its id says which); each is a state change with its audit event, then back to the page. */
export async function action(args: Route.ActionArgs) {
  const { params, context } = args;
  const staff = signedInStaff(context);
  const db = await getDb();
  const reference = params.reference;
  if (staff.role !== "officer") {
    const row = await db.selectFrom("privacy_request").select("assignee").where("reference", "=", reference).executeTakeFirst();
    if (!row || !mayOpen(staff, row.assignee)) refuseForbiddenPage(context);
  }
  return dispatchPageForm(
    args,
    caseWorkActions(context, db, "request", reference, staff, [
      pageFormAction(startForm, (value) => startHandling(db, reference, staff, value.note ?? ""), "backOffice.banners.started"),
      pageFormAction(extendForm, (value) => extendDeadline(db, reference, staff, value), "backOffice.banners.extended"),
      pageFormAction(completeForm, (value) => completeRequest(db, reference, staff, value.note, new Date(), value.openTasksReason), "backOffice.banners.completed"),
      pageFormAction(rejectForm, (value) => rejectRequest(db, reference, staff, value.reason), "backOffice.banners.rejected"),
      pageFormAction(deliverForm, (value) => deliverAnswer(db, reference, staff, { message: value.message }), "backOffice.banners.answerSent"),
      pageFormAction(removeFileForm, (value) => removeAnswerFile(db, reference, staff, value.file), "backOffice.banners.fileRemoved"),
      pageFormAction(askForm, (value) => askPerson(db, reference, staff, value.question), "backOffice.banners.asked"),
      pageFormAction(closeDuplicateForm, () => closeAsDuplicate(db, reference, staff), "backOffice.banners.closedDuplicate"),
      pageFormAction(closeNoAnswerForm, (value) => closeForNoAnswer(db, reference, staff, value.reason), "backOffice.banners.closedNoAnswer"),
      pageFormAction(taskTickForm, (value) => tickTask(db, reference, value.task, staff, { answer: value.answer, note: value.note }), "backOffice.banners.taskTicked"),
      pageFormAction(taskCloseForm, (value) => closeTaskByHand(db, reference, value.task, staff, value.reason), "backOffice.banners.taskClosed"),
      pageFormAction(taskResendForm, (value) => resendTask(db, reference, value.task, staff), "backOffice.banners.taskResent"),
      pageFormAction(taskReassignForm, (value) => reassignContact(db, reference, value.task, staff, value), "backOffice.banners.taskReassigned"),
    ]),
    href("/:lang/internal-privacy-rights/requests/:reference", { lang: context.get(siteContext).language, reference }),
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === "" || (Array.isArray(children) && children.length === 0)) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

function RequestActions({ state, extended, hasDueDate, openTasks }: { state: RequestState; extended: boolean; hasDueDate: boolean; openTasks: number }) {
  const { t } = useTranslation();
  const start = usePublicForm({ id: startForm.id, schema: startForm.schema });
  const extend = usePublicForm({ id: extendForm.id, schema: extendForm.schema });
  const complete = usePublicForm({ id: completeForm.id, schema: completeForm.schema });
  const reject = usePublicForm({ id: rejectForm.id, schema: rejectForm.schema });
  const canExtend = allows(state, "extend") && hasDueDate;
  if (!allows(state, "start") && !canExtend && !allows(state, "complete") && !allows(state, "reject")) return <p>{t("backOffice.request.noActions")}</p>;
  const sending = t("backOffice.actions.sending");
  return (
    <div className="app-actions">
      {allows(state, "start") ? (
        <ActionBox title={t("backOffice.actions.start.title")}>
          <PublicForm state={start} labels={{ note: t("backOffice.actions.start.note") }} submitLabel={t("backOffice.actions.start.submit")} sendingLabel={sending}>
            <TextareaField meta={start.fields.note} label={t("backOffice.actions.start.note")} textareaProps={{ ...getTextareaProps(start.fields.note, { ariaAttributes: false }), rows: 2 }} />
          </PublicForm>
        </ActionBox>
      ) : null}
      {canExtend ? (
        <ActionBox title={t("backOffice.actions.extend.title")}>
          {extended ? (
            <p>{t("backOffice.actions.extend.done")}</p>
          ) : (
            <PublicForm
              state={extend}
              labels={{ months: t("backOffice.actions.extend.months"), reason: t("backOffice.actions.extend.reason") }}
              submitLabel={t("backOffice.actions.extend.submit")}
              sendingLabel={sending}
            >
              <ExtensionMonths meta={extend.fields.months} />
              <TextareaField meta={extend.fields.reason} label={t("backOffice.actions.extend.reason")} timing="input" textareaProps={{ ...getTextareaProps(extend.fields.reason, { ariaAttributes: false }), rows: 3 }} />
            </PublicForm>
          )}
        </ActionBox>
      ) : null}
      {allows(state, "complete") ? (
        <ActionBox title={t("backOffice.actions.complete.title")}>
          <PublicForm
            state={complete}
            labels={{ note: t("backOffice.actions.complete.note"), openTasksReason: t("backOffice.actions.complete.openTasksReason") }}
            submitLabel={t("backOffice.actions.complete.submit")}
            sendingLabel={sending}
          >
            <TextareaField meta={complete.fields.note} label={t("backOffice.actions.complete.note")} timing="input" textareaProps={{ ...getTextareaProps(complete.fields.note, { ariaAttributes: false }), rows: 3 }} />
            {/* Asked only while systems have not all answered. */}
            {openTasks > 0 || complete.fields.openTasksReason.errors ? (
              <TextareaField
                meta={complete.fields.openTasksReason}
                label={t("backOffice.actions.complete.openTasksReason")}
                textareaProps={{ ...getTextareaProps(complete.fields.openTasksReason, { ariaAttributes: false }), rows: 2 }}
              />
            ) : null}
          </PublicForm>
        </ActionBox>
      ) : null}
      {allows(state, "reject") ? (
        <ActionBox title={t("backOffice.actions.reject.title")}>
          <PublicForm state={reject} labels={{ reason: t("backOffice.actions.reject.reason") }} submitLabel={t("backOffice.actions.reject.submit")} sendingLabel={sending}>
            <TextareaField meta={reject.fields.reason} label={t("backOffice.actions.reject.reason")} timing="input" textareaProps={{ ...getTextareaProps(reject.fields.reason, { ariaAttributes: false }), rows: 3 }} />
          </PublicForm>
        </ActionBox>
      ) : null}
    </div>
  );
}

export default function RequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  // A form sent for a state the request has left (another officer acted first): its form is gone, so the page says it.
  const refused = !loaderData.request.active && actionData && "banner" in actionData ? actionData.banner : undefined;
  const { language: lang } = useSite();
  const when = useDateTime();
  const { request, events, officerParts } = loaderData;
  return (
    <>
      <CaseHeader
        titleKey="backOffice.request.title"
        reference={request.reference}
        backTo={href("/:lang/internal-privacy-rights/requests", { lang })}
        backLabel={t("backOffice.request.back")}
        error={Boolean(loaderData.officerParts?.answer.upload)}
      >
        {t(`backOffice.rights.${request.rightType}`)} · {t(`backOffice.states.${request.state}`)} · {t(`backOffice.countries.${request.country}`)}
        {request.overdue ? <span className="app-badge">{t("backOffice.overdue")}</span> : null}
      </CaseHeader>
      <section className="app-section" aria-labelledby="asked">
        <h2 id="asked">{t("backOffice.request.asked")}</h2>
        <dl className="app-facts">
          <Fact label={t("backOffice.request.received")}>{when(request.createdAt)}</Fact>
          <Fact label={t("backOffice.request.verified")}>{request.verifiedAt ? when(request.verifiedAt) : null}</Fact>
          <Fact label={t("backOffice.request.due")}>{request.dueAt ? when(request.dueAt) : null}</Fact>
          <Fact label={t("backOffice.request.email")}>{request.email}</Fact>
          <Fact label={t("backOffice.request.phone")}>{request.phone}</Fact>
          <Fact label={t("backOffice.request.person")}>{request.person}</Fact>
          <Fact label={t("backOffice.request.brands")}>{request.brands.join(", ")}</Fact>
          <Fact label={t("backOffice.request.brandName")}>{request.brandName}</Fact>
          <Fact label={t("backOffice.request.article")}>{request.article}</Fact>
          <Fact label={t("backOffice.request.publicationDate")}>{request.publicationDate}</Fact>
          <Fact label={t("backOffice.request.publicationLink")}>{request.publicationLink}</Fact>
          <Fact label={t("backOffice.request.message")}>{request.message}</Fact>
        </dl>
      </section>
      <CaseOwner work={loaderData.caseWork} />
      {/* An agent owns a request to follow it and keep notes; carrying it out stays with the officers. */}
      {officerParts ? (
        <>
          <UndeliveredMail mails={officerParts.undeliveredMail} />
          <DuplicateNotice duplicateOf={officerParts.followUp.duplicateOf} duplicates={officerParts.followUp.duplicates} />
          <RequestFollowUp {...officerParts.followUp} />
          <RequestTasks tasks={officerParts.tasks} active={request.active} />
          <RequestAnswer
            {...officerParts.answer}
            active={request.active}
            uploadAction={href("/:lang/internal-privacy-rights/requests/:reference/files", { lang, reference: request.reference })}
            fileAction={(fileId) => href("/:lang/internal-privacy-rights/requests/:reference/files/:fileId", { lang, reference: request.reference, fileId })}
          />
          <CaseActions refused={refused}>
            <RequestActions state={request.state} extended={request.extended} hasDueDate={Boolean(request.dueAt)} openTasks={officerParts.tasks.filter((task) => task.state === "OPEN").length} />
          </CaseActions>
        </>
      ) : null}
      <InternalNotes work={loaderData.caseWork} />
      <CaseHistory
        events={events.map((event) => ({
          key: event.seq,
          what: t(`backOffice.request.events.${event.action}`, { defaultValue: event.action }),
          at: event.at,
          who: `${t(`backOffice.request.actors.${event.actor}`)}${event.actorId ? ` (${event.actorId})` : ""}`,
          note: event.note,
        }))}
      />
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [...formPageMeta(matches), NOT_INDEXED];
