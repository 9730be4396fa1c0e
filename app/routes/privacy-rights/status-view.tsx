import { data, Link, redirect } from "react-router";

import { DeliveredFiles } from "~/components/privacy/delivered-files";
import { StatusQuestion } from "~/components/privacy/status-question";
import { COMPANY } from "~/content/company";
import { siteContext } from "~/context";
import { getDb } from "~/db/instance.server";
import { PERSONAL } from "~/http/cache-control.server";
import { readFormPost } from "~/http/form-post.server";
import { linkToken } from "~/http/link-token.server";
import { useTranslation } from "~/i18n/use-translation";
import { inspectStatus, replyLinkFromStatus } from "~/services/privacy-request/status.server";
import { dateTimeFormat } from "~/utils/intl-formats";
import { pageMeta } from "~/utils/meta";
import { leaveThirdPartyDocument, PERSONAL_DATA } from "~/utils/personal-data";
import { useLocalizedPath, usePageLanguageTag, useSite } from "~/utils/site";
import { defineForm } from "~/validation/form-definition";
import { z } from "~/validation/zod";

import type { Route } from "./+types/status-view";
import { replyLinkCookie, statusLinkCookie } from "./link-cookies.server";

/**
 * Where a request stands, for whoever holds the link mailed to
 * its address: state, dates, what is asked of the person (the team's
 * question), the delivered answer and its files (POST downloads).
 * The token leaves the address for a cookie of these pages, as on the other
 * link pages.
 */
export const handle = { ...PERSONAL_DATA, queryParameters: ["token"] };

/** "Answer the question": a new reply link, handed over in the reply page's cookie. */
const STATUS_REPLY_FORM = defineForm({ id: "status-reply", schema: z.object({}) });
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [leaveThirdPartyDocument];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { language } = context.get(siteContext);
  const token = await linkToken(request, statusLinkCookie(request, language));
  const view = await inspectStatus(await getDb(), token);
  const headers = { "Cache-Control": PERSONAL };
  if (view.status === "valid") return data(view, { headers });
  return data(view, { status: view.status === "expired" ? 410 : 404, headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * The reply page gets its token in its own cookie, never in an address, so
 * no history or referrer holds it. Nothing to answer any more (answered
 * meanwhile, the status link expired): back here, where the page says so.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { language } = context.get(siteContext);
  const post = await readFormPost(request, STATUS_REPLY_FORM);
  const token = post.ok
    ? await replyLinkFromStatus(await getDb(), await statusLinkCookie(request, language).read())
    : null;
  if (!token) return redirect(`/${language}/privacy-rights/status/view`, { headers: { "Cache-Control": PERSONAL } });
  return redirect(`/${language}/privacy-rights/reply`, {
    headers: [
      ["Set-Cookie", await replyLinkCookie(request, language).keep(token)],
      ["Cache-Control", PERSONAL],
    ],
  });
}

function useDate() {
  const tag = usePageLanguageTag();
  return (iso: string) => dateTimeFormat(tag, { dateStyle: "long", timeZone: "Europe/Brussels" }).format(new Date(iso));
}

/** A day as recorded (an ISO date, no time): shown as that day, whatever the zone. */
function useDay() {
  const tag = usePageLanguageTag();
  return (isoDay: string) =>
    dateTimeFormat(tag, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${isoDay}T00:00:00Z`));
}

/** What the person can do now, by the request's state. */
function NextStep({ state }: { state: string }) {
  const { t } = useTranslation();
  return (
    <div className="app-notice">
      <h2>{t("privacyRights.statusView.nextTitle")}</h2>
      <p>{t(`privacyRights.statusView.next.${state}`, { defaultValue: t("privacyRights.statusView.next.OPEN") })}</p>
    </div>
  );
}

export default function StatusViewPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const date = useDate();
  const day = useDay();
  const { country } = useSite();
  if (loaderData.status !== "valid") {
    return (
      <section className="app-section app-verification app-verification--error">
        <h1 className="app-heading-1">{t(`privacyRights.statusView.${loaderData.status}.title`)}</h1>
        <p>{t(`privacyRights.statusView.${loaderData.status}.text`, { email: COMPANY[country].privacyEmail })}</p>
        <p>
          <Link to={to("/privacy-rights/status")}>{t("privacyRights.statusView.askAgain")}</Link>
        </p>
      </section>
    );
  }
  const view = loaderData;
  return (
    <section className="app-section app-answer">
      <h1 className="app-heading-1">{t("privacyRights.statusView.title", { reference: view.reference })}</h1>
      <dl className="app-verification__summary">
        <dt>{t("verification.confirm.request")}</dt>
        <dd>{t(`verification.rightTypes.${view.rightType}`)}</dd>
        <dt>{t("privacyRights.statusView.state")}</dt>
        <dd>{t(`privacyRights.statusView.states.${view.state}`)}</dd>
        <dt>{t("privacyRights.statusView.received")}</dt>
        <dd>{date(view.receivedAt)}</dd>
        {view.dueAt ? (
          <>
            <dt>{t("privacyRights.statusView.due")}</dt>
            <dd>
              {date(view.dueAt)}
              {view.extension ? (
                <span className="app-answer__extension">
                  {t("privacyRights.statusView.extended", { reason: view.extension.reason })}
                </span>
              ) : null}
            </dd>
          </>
        ) : null}
        {view.systems ? (
          <>
            <dt>{t("privacyRights.statusView.systems")}</dt>
            <dd>
              {t("privacyRights.statusView.systemsDone", {
                done: String(view.systems.done),
                total: String(view.systems.total),
              })}
            </dd>
          </>
        ) : null}
        {view.restriction ? (
          <>
            <dt>{t("privacyRights.status.restriction.title")}</dt>
            <dd>{t("privacyRights.status.restriction.since", { date: date(view.restriction.since) })}</dd>
            {/* Told before it is lifted (Art. 18(3)): the announcement, then the lift. */}
            {view.restriction.liftedAt ? (
              <dd>{t("privacyRights.status.restriction.lifted", { date: date(view.restriction.liftedAt) })}</dd>
            ) : view.restriction.liftAnnouncedAt ? (
              <dd>
                {t("privacyRights.status.restriction.announced", { date: date(view.restriction.liftAnnouncedAt) })}
              </dd>
            ) : null}
          </>
        ) : null}
        {view.handedOver ? (
          <>
            <dt>{t("privacyRights.status.portability.handedOverTitle")}</dt>
            <dd>
              {t("privacyRights.status.portability.handedOver", {
                controller: view.handedOver.controller,
                date: day(view.handedOver.on),
              })}
            </dd>
          </>
        ) : null}
      </dl>
      <NextStep state={view.state} />
      {view.question ? (
        <StatusQuestion
          question={view.question}
          action={to("/privacy-rights/status/view")}
          formId={STATUS_REPLY_FORM.id}
          date={date}
        />
      ) : null}
      {view.answer ? (
        <>
          <h2>{t("privacyRights.statusView.answerTitle")}</h2>
          <p>{t("privacyRights.statusView.answerSent", { sent: date(view.answer.sentAt) })}</p>
          <p className="app-answer__message">{view.answer.message}</p>
          {view.answer.deleted ? (
            <p>{t("privacyRights.statusView.filesDeleted", { email: COMPANY[country].privacyEmail })}</p>
          ) : view.answer.files.length > 0 ? (
            <>
              <p>{t("answer.filesIntro", { until: date(view.answer.expiresAt) })}</p>
              <DeliveredFiles
                files={view.answer.files}
                action={to("/privacy-rights/status/view/download")}
                formId="status-download"
              />
            </>
          ) : null}
        </>
      ) : null}
      <p className="app-verification__note">
        {t("privacyRights.statusView.questions", { email: COMPANY[country].privacyEmail, reference: view.reference })}
      </p>
    </section>
  );
}

// A link that does not work says so in the title, as the heading does.
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    !loaderData || loaderData.status === "valid"
      ? "privacyRights.statusView.pageTitle"
      : `privacyRights.statusView.${loaderData.status}.title`,
  );
