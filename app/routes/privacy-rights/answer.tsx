import { data } from "react-router";

import { DeliveredFiles } from "~/components/privacy/delivered-files";
import { COMPANY } from "~/content/company";
import { siteContext } from "~/context";
import { getDb } from "~/db/instance.server";
import { PERSONAL } from "~/http/cache-control.server";
import { linkToken } from "~/http/link-token.server";
import { useTranslation } from "~/i18n/use-translation";
import { inspectDelivery } from "~/services/privacy-request/answer-delivery.server";
import { dateTimeFormat } from "~/utils/intl-formats";
import { pageMeta } from "~/utils/meta";
import { leaveThirdPartyDocument, PERSONAL_DATA } from "~/utils/personal-data";
import { useLocalizedPath, usePageLanguageTag, useSite } from "~/utils/site";

import type { Route } from "./+types/answer";
import { answerLinkCookie } from "./link-cookies.server";

/**
 * The answer to a privacy request, behind the link we mailed: the
 * officer's message and the files, each downloaded by a POST button, so a
 * mail scanner that opens the link takes nothing. As on the verification
 * page, the token leaves the address at once for a cookie of these pages.
 * An unknown link is a 404, an expired one (its files deleted) a 410, and the
 * page says which.
 */
export const handle = { ...PERSONAL_DATA, queryParameters: ["token"] };
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [leaveThirdPartyDocument];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { language } = context.get(siteContext);
  const token = await linkToken(request, answerLinkCookie(request, language));
  const view = await inspectDelivery(await getDb(), token);
  const headers = { "Cache-Control": PERSONAL };
  if (view.status === "valid") return data(view, { headers });
  return data(view, { status: view.status === "expired" ? 410 : 404, headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

function LinkProblem({ status }: { status: "expired" | "unknown" }) {
  const { t } = useTranslation();
  const { country } = useSite();
  return (
    <section className="app-section app-verification app-verification--error">
      <h1 className="app-heading-1">{t(`answer.${status}.title`)}</h1>
      <p>{t(`answer.${status}.text`, { email: COMPANY[country].privacyEmail })}</p>
    </section>
  );
}

export default function AnswerPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const tag = usePageLanguageTag();
  if (loaderData.status !== "valid") return <LinkProblem status={loaderData.status} />;
  const { reference, message, expiresAt, files } = loaderData;
  const until = dateTimeFormat(tag, { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Brussels" }).format(
    new Date(expiresAt),
  );
  return (
    <section className="app-section app-answer">
      <h1 className="app-heading-1">{t("answer.title")}</h1>
      <dl className="app-verification__summary">
        <dt>{t("verification.confirm.reference")}</dt>
        <dd>{reference}</dd>
        <dt>{t("answer.until")}</dt>
        <dd>{until}</dd>
      </dl>
      <h2>{t("answer.messageTitle")}</h2>
      <p className="app-answer__message">{message}</p>
      <h2>{t("answer.filesTitle")}</h2>
      {files.length === 0 ? (
        <p>{t("answer.noFiles")}</p>
      ) : (
        <>
          <p>{t("answer.filesIntro", { until })}</p>
          <DeliveredFiles files={files} action={to("/privacy-rights/answer/download")} formId="answer-download" />
        </>
      )}
      <p className="app-verification__note">{t("answer.keepSafe")}</p>
    </section>
  );
}

// A link that does not work says so in the title, as the heading does.
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    !loaderData || loaderData.status === "valid" ? "answer.pageTitle" : `answer.${loaderData.status}.title`,
  );
