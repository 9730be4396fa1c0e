import { getTextareaProps } from "@conform-to/react";
import { data, href, Link } from "react-router";

import { CaseActions, CaseHeader, CaseHistory, useDateTime } from "~/components/back-office/back-office";
import { CaseOwner, InternalNotes } from "~/components/back-office/case-work";
import { UndeliveredMail } from "~/components/back-office/undelivered-mail";
import { TextareaField } from "~/components/forms";
import { PublicForm, usePublicForm } from "~/components/use-public-form";
import { siteContext } from "~/context";
import { getDb } from "~/db/instance.server";
import { dispatchPageForm, pageFormAction } from "~/http/form-actions.server";
import { signedInStaff } from "~/http/staff/guard.server";
import { useTranslation } from "~/i18n/use-translation";
import { closeComplaint, complaintWithHistory, startReview } from "~/services/complaint/back-office.server";
import { undeliveredMailTo } from "~/services/mail/outbox.server";
import { formPageMeta, NOT_INDEXED } from "~/utils/meta";
import { useLocalizedPath, useSite } from "~/utils/site";
import { closeForm, reviewForm } from "~/validation/back-office";

import type { Route } from "./+types/complaint";
import { caseWorkActions, caseWorkOf } from "./case-work.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = await getDb();
  const found = await complaintWithHistory(db, params.reference);
  if (!found) throw data({ notFound: true }, { status: 404 });
  const { complaint, events, campaign } = found;
  return {
    complaint: {
      reference: complaint.reference,
      campaignId: complaint.campaign_id,
      country: complaint.country,
      reason: complaint.reason,
      state: complaint.state,
      name: complaint.name,
      email: complaint.email,
      explanation: complaint.explanation,
      createdAt: complaint.created_at,
    },
    undeliveredMail: await undeliveredMailTo(db, complaint.email, complaint.created_at),
    campaign: campaign
      ? { id: campaign.id, sponsorName: campaign.sponsorName, status: campaign.status, channel: campaign.channel }
      : null,
    events: events.map((event) => ({
      seq: event.seq,
      at: event.at,
      actorId: event.actor_id,
      action: event.action,
      note: event.note,
    })),
    caseWork: await caseWorkOf(db, "complaint", complaint, signedInStaff(context)),
  };
}

/** One entry per form (its id says which): start the review, or close with the outcome mailed to the reporter. */
export async function action(args: Route.ActionArgs) {
  const { params, context } = args;
  const staff = signedInStaff(context);
  const db = await getDb();
  const reference = params.reference;
  return dispatchPageForm(
    args,
    caseWorkActions(context, db, "complaint", reference, staff, [
      pageFormAction(reviewForm, () => startReview(db, reference, staff), "backOffice.banners.reviewStarted"),
      pageFormAction(
        closeForm,
        (value) => closeComplaint(db, reference, staff, value.outcome),
        "backOffice.banners.closed",
      ),
    ]),
    href("/:lang/internal-privacy-rights/ad-reports/:reference", {
      lang: context.get(siteContext).language,
      reference,
    }),
  );
}

export default function ReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const refused =
    loaderData.complaint.state === "CLOSED" && actionData && "banner" in actionData ? actionData.banner : undefined;
  const to = useLocalizedPath();
  const { language: lang } = useSite();
  const when = useDateTime();
  const { complaint, campaign, events } = loaderData;
  const review = usePublicForm({ id: reviewForm.id, schema: reviewForm.schema });
  const close = usePublicForm({ id: closeForm.id, schema: closeForm.schema });
  const sending = t("backOffice.actions.sending");
  return (
    <>
      <CaseHeader
        titleKey="backOffice.report.title"
        reference={complaint.reference}
        backTo={href("/:lang/internal-privacy-rights/ad-reports", { lang })}
        backLabel={t("backOffice.report.back")}
      >
        {t(`politicalAds.report.reasons.${complaint.reason}.title`)} ·{" "}
        {t(`backOffice.complaintStates.${complaint.state}`)} · {when(complaint.createdAt)}
      </CaseHeader>
      <section className="app-section">
        <dl className="app-facts">
          <dt>{t("backOffice.report.ad")}</dt>
          <dd>
            {campaign ? (
              <>
                <Link to={to(`/political-ads/${encodeURIComponent(campaign.id)}`)}>{campaign.id}</Link> ·{" "}
                {campaign.sponsorName} · {t(`politicalAds.channels.${campaign.channel}`)} ·{" "}
                {t(`politicalAds.status.${campaign.status}`)}
              </>
            ) : (
              `${complaint.campaignId}: ${t("backOffice.report.adMissing")}`
            )}
          </dd>
          <dt>{t("backOffice.report.reporter")}</dt>
          <dd>
            {complaint.name} ({complaint.email})
          </dd>
          <dt>{t("backOffice.report.explanation")}</dt>
          <dd>{complaint.explanation}</dd>
        </dl>
      </section>
      <UndeliveredMail mails={loaderData.undeliveredMail} />
      <CaseOwner work={loaderData.caseWork} />
      <CaseActions refused={refused}>
        {complaint.state === "RECEIVED" ? (
          <section className="app-action" aria-label={t("backOffice.report.review.title")}>
            <PublicForm
              state={review}
              labels={{}}
              submitLabel={t("backOffice.report.review.submit")}
              sendingLabel={sending}
            >
              {null}
            </PublicForm>
          </section>
        ) : complaint.state === "IN_REVIEW" ? (
          <section className="app-action" aria-label={t("backOffice.report.close.title")}>
            <PublicForm
              state={close}
              labels={{ outcome: t("backOffice.report.close.outcome") }}
              submitLabel={t("backOffice.report.close.submit")}
              sendingLabel={sending}
            >
              <TextareaField
                meta={close.fields.outcome}
                label={t("backOffice.report.close.outcome")}
                timing="input"
                textareaProps={{ ...getTextareaProps(close.fields.outcome, { ariaAttributes: false }), rows: 4 }}
              />
            </PublicForm>
          </section>
        ) : (
          <p>{t("backOffice.request.noActions")}</p>
        )}
      </CaseActions>
      <InternalNotes work={loaderData.caseWork} />
      <CaseHistory
        events={[
          { key: "received", what: t("backOffice.complaintStates.RECEIVED"), at: complaint.createdAt },
          ...events.map((event) => ({
            key: event.seq,
            what: t(`backOffice.report.events.${event.action}`, { defaultValue: event.action }),
            at: event.at,
            who: event.actorId,
            note: event.note,
          })),
        ]}
      />
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [...formPageMeta(matches), NOT_INDEXED];
