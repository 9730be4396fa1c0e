import { data, href } from "react-router";

import { CaseActions, CaseHeader, CaseHistory } from "~/components/back-office/back-office";
import { CaseOwner, InternalNotes } from "~/components/back-office/case-work";
import { HandOver } from "~/components/back-office/hand-over";
import { RequestActions } from "~/components/back-office/request-actions";
import { RequestAnswer } from "~/components/back-office/request-answer";
import { RequestFacts } from "~/components/back-office/request-facts";
import { DuplicateNotice, RequestFollowUp } from "~/components/back-office/request-follow-up";
import { RequestTasks } from "~/components/back-office/request-tasks";
import { RestrictionLift } from "~/components/back-office/restriction-lift";
import { UndeliveredMail } from "~/components/back-office/undelivered-mail";
import { siteContext } from "~/context";
import { getDb } from "~/db/instance.server";
import { allows } from "~/domain/privacy-request";
import { takeUploadOutcome } from "~/http/flash.server";
import { dispatchPageForm } from "~/http/form-actions.server";
import { refuseForbiddenPage, signedInStaff } from "~/http/staff/guard.server";
import { useTranslation } from "~/i18n/use-translation";
import { requestWithHistory } from "~/services/privacy-request/back-office.server";
import { formPageMeta, NOT_INDEXED } from "~/utils/meta";
import { useSite } from "~/utils/site";
import { DECISION_FORM_IDS } from "~/validation/request-decisions";

import type { Route } from "./+types/request";
import { caseWorkActions, mayOpen } from "./case-work.server";
import { requestFormActions, requestPageData } from "./request-page.server";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const db = await getDb();
  const viewer = signedInStaff(context);
  const found = await requestWithHistory(db, params.reference);
  // An agent learns nothing of a request that is not theirs, not even whether it exists.
  if (!found || !mayOpen(viewer, found.request.assignee)) {
    if (viewer.role !== "officer") refuseForbiddenPage(context);
    throw data({ notFound: true }, { status: 404 });
  }
  // An upload without JavaScript that refused files (request-files.ts): shown by the file field.
  const { outcome: upload, headers } = await takeUploadOutcome(request);
  return data(await requestPageData(db, found, viewer, upload), { headers });
}

/** One entry per form (its id says which); each is a state change with its audit event, then back to the page. */
export async function action(args: Route.ActionArgs) {
  const { params, context } = args;
  const staff = signedInStaff(context);
  const db = await getDb();
  const reference = params.reference;
  if (staff.role !== "officer") {
    const row = await db
      .selectFrom("privacy_request")
      .select("assignee")
      .where("reference", "=", reference)
      .executeTakeFirst();
    if (!row || !mayOpen(staff, row.assignee)) refuseForbiddenPage(context);
  }
  return dispatchPageForm(
    args,
    caseWorkActions(context, db, "request", reference, staff, requestFormActions(db, reference, staff)),
    href("/:lang/internal-privacy-rights/requests/:reference", { lang: context.get(siteContext).language, reference }),
  );
}

export default function RequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  // A form sent for a state the request has left (another officer acted first): its form is gone, so the page says it.
  // The decisions' sections say it themselves, as they may stay after the request is answered.
  const refused =
    !loaderData.request.active && actionData && "banner" in actionData && !DECISION_FORM_IDS.includes(actionData.formId)
      ? actionData.banner
      : undefined;
  const { language: lang } = useSite();
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
        {t(`backOffice.rights.${request.rightType}`)} · {t(`backOffice.states.${request.state}`)} ·{" "}
        {t(`backOffice.countries.${request.country}`)}
        {request.overdue ? <span className="app-badge">{t("backOffice.overdue")}</span> : null}
      </CaseHeader>
      <RequestFacts request={request} />
      <CaseOwner work={loaderData.caseWork} />
      {/* An agent owns a request to follow it and keep notes; carrying it out stays with the officers. */}
      {officerParts ? (
        <>
          <UndeliveredMail mails={officerParts.undeliveredMail} />
          <DuplicateNotice
            duplicateOf={officerParts.followUp.duplicateOf}
            duplicates={officerParts.followUp.duplicates}
          />
          <RequestFollowUp {...officerParts.followUp} />
          <RequestTasks tasks={officerParts.tasks} active={request.active} />
          <RestrictionLift restriction={officerParts.restriction} />
          <RequestAnswer
            {...officerParts.answer}
            active={request.active}
            uploadAction={href("/:lang/internal-privacy-rights/requests/:reference/files", {
              lang,
              reference: request.reference,
            })}
            fileAction={(fileId) =>
              href("/:lang/internal-privacy-rights/requests/:reference/files/:fileId", {
                lang,
                reference: request.reference,
                fileId,
              })
            }
          />
          {officerParts.handOver ? (
            <HandOver
              handOver={officerParts.handOver}
              today={officerParts.today}
              open={allows(request.state, "handOver")}
            />
          ) : null}
          <CaseActions refused={refused}>
            <RequestActions
              state={request.state}
              extended={request.extended}
              hasDueDate={Boolean(request.dueAt)}
              openTasks={officerParts.tasks.filter((task) => task.state === "OPEN").length}
              decision={officerParts.decision}
            />
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
