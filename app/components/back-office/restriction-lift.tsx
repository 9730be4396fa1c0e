import { getTextareaProps } from "@conform-to/react";

import { TextareaField } from "~/components/forms";
import { PublicForm, usePublicForm } from "~/components/use-public-form";
import { useTranslation } from "~/i18n/use-translation";
import { liftAnnounceForm, liftForm } from "~/validation/request-decisions";

import { ActionBox, useDateTime } from "./back-office";
import { RefusedHere } from "./refused-here";

export type RestrictionFacts = {
  since: string;
  liftAnnouncedAt: string | null;
  notice: { status: string; sentAt: string | null } | null;
  liftedAt: string | null;
  inForce: boolean;
};

/** Where the notice to the person stands: lifting waits until it was sent (Art. 18(3)). */
function NoticeState({ notice }: { notice: RestrictionFacts["notice"] }) {
  const { t } = useTranslation();
  const when = useDateTime();
  if (!notice) return null;
  if (notice.status === "sent") return <>{t("backOffice.restriction.notice.sent", { at: when(notice.sentAt) })}</>;
  if (notice.status === "pending") return <>{t("backOffice.restriction.notice.pending")}</>;
  return <>{t("backOffice.restriction.notice.undelivered")}</>;
}

/**
 * A restriction of processing once it took effect: since when, the lift's
 * announcement and its notice mail, the lift; and, while in force, the
 * officer's two steps: announce the lift (the reason is mailed), then lift.
 * A request never restricted has no such section.
 */
export function RestrictionLift({ restriction }: { restriction: RestrictionFacts | null }) {
  const { t } = useTranslation();
  const when = useDateTime();
  const announce = usePublicForm({ id: liftAnnounceForm.id, schema: liftAnnounceForm.schema });
  const lift = usePublicForm({ id: liftForm.id, schema: liftForm.schema });
  // Never restricted: no section, only why a lift sent for it did nothing.
  if (!restriction) return <RefusedHere formIds={[liftAnnounceForm.id, liftForm.id]} offered={[]} />;
  const announced = restriction.liftAnnouncedAt !== null;
  const offered = restriction.inForce ? [liftAnnounceForm.id, ...(announced ? [liftForm.id] : [])] : [];
  const sending = t("backOffice.actions.sending");
  return (
    <section className="app-section" aria-labelledby="restriction">
      <h2 id="restriction">{t("backOffice.restriction.title")}</h2>
      <dl className="app-facts">
        <dt>{t("backOffice.restriction.since")}</dt>
        <dd>{when(restriction.since)}</dd>
        {announced ? (
          <>
            <dt>{t("backOffice.restriction.announced")}</dt>
            <dd>
              {when(restriction.liftAnnouncedAt)} · <NoticeState notice={restriction.notice} />
            </dd>
          </>
        ) : null}
        {restriction.liftedAt ? (
          <>
            <dt>{t("backOffice.restriction.lifted")}</dt>
            <dd>{when(restriction.liftedAt)}</dd>
          </>
        ) : null}
      </dl>
      <RefusedHere formIds={[liftAnnounceForm.id, liftForm.id]} offered={offered} />
      {restriction.inForce ? (
        <div className="app-actions">
          <ActionBox title={t(announced ? "backOffice.restriction.announceAgain" : "backOffice.restriction.announce")}>
            <p>{t("backOffice.restriction.announceIntro")}</p>
            <PublicForm
              state={announce}
              labels={{ reason: t("backOffice.restriction.reason") }}
              submitLabel={t("backOffice.restriction.announceSubmit")}
              sendingLabel={sending}
            >
              <TextareaField
                meta={announce.fields.reason}
                label={t("backOffice.restriction.reason")}
                timing="input"
                textareaProps={{ ...getTextareaProps(announce.fields.reason, { ariaAttributes: false }), rows: 3 }}
              />
            </PublicForm>
          </ActionBox>
          {announced ? (
            <ActionBox title={t("backOffice.restriction.lift")}>
              <p>{t("backOffice.restriction.liftIntro")}</p>
              <PublicForm
                state={lift}
                labels={{}}
                submitLabel={t("backOffice.restriction.liftSubmit")}
                sendingLabel={sending}
              >
                {null}
              </PublicForm>
            </ActionBox>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
