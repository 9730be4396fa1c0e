import { data, Form, redirect, useNavigation } from "react-router";

import { SubmitButton } from "~/components/forms";
import { VerificationResult } from "~/components/privacy/verification-result";
import { getConfig } from "~/config.server";
import { COMPANY } from "~/content/company";
import { siteContext } from "~/context";
import { getDb } from "~/db/instance.server";
import { PERSONAL } from "~/http/cache-control.server";
import { retryTimeText } from "~/http/submission-refusals.server";
import { localizedPath } from "~/i18n/locale";
import { useTranslation } from "~/i18n/use-translation";
import { newLinkOffer, resendVerification } from "~/services/privacy-request/verification-links.server";
import { pageMeta } from "~/utils/meta";
import { leaveThirdPartyDocument, PERSONAL_DATA } from "~/utils/personal-data";
import { useSite } from "~/utils/site";

import type { Route } from "./+types/email-verification-expired";
import { expiredLinkCookie } from "./link-cookies.server";

/**
 * Spec 2's expired page, and a way on from it (GOV.UK's "confirm
 * an email address" pattern): when the visitor came from their expired link
 * (its token in an HttpOnly cookie of this page alone, set by the link's
 * page), a button sends a new link for the same request to the same
 * address. Nothing about the request is shown, not even the address. The
 * page says why links expire, and what happened after a post. Read per
 * visitor (the cookie), so never kept by a cache; no third-party script.
 */
export const handle = { ...PERSONAL_DATA, queryParameters: ["sent"] };
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [leaveThirdPartyDocument];

type Notice = { kind: "sent" } | { kind: "wait"; time: string } | { kind: "limit" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { language } = context.get(siteContext);
  const sent = new URL(request.url).searchParams.has("sent");
  const token = sent ? "" : await expiredLinkCookie(request, language).read();
  const offer = token ? await newLinkOffer(await getDb(), token) : null;
  const notice: Notice | null = sent ? { kind: "sent" } : offer === "limit" ? { kind: "limit" } : null;
  return data(
    { canResend: offer === "offer", notice, hours: getConfig().VERIFICATION_LINK_TTL_HOURS },
    { headers: { "Cache-Control": PERSONAL } },
  );
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;

/** Sent: post-redirect-get, the old link's cookie forgotten. Refused: the page again (429), nothing changed. */
export async function action({ request, context }: Route.ActionArgs) {
  const { language, locale } = context.get(siteContext);
  const link = expiredLinkCookie(request, language);
  const outcome = await resendVerification(await getDb(), await link.read());
  const forget = { "Set-Cookie": await link.forget(), "Cache-Control": PERSONAL };
  if (outcome.status === "sent")
    return redirect(`${localizedPath(language, "/email-verification-expired")}?sent=1`, { headers: forget });
  if (outcome.status === "verified")
    return redirect(localizedPath(language, "/email-verified?already=1"), { headers: forget });
  // A request the retention job deleted, or no cookie at all.
  if (outcome.status === "unknown")
    return redirect(localizedPath(language, "/email-verification-failed"), { headers: forget });
  const notice: Notice =
    outcome.status === "wait"
      ? { kind: "wait", time: retryTimeText(locale, outcome.retryAfterSeconds) }
      : { kind: "limit" };
  const headers: HeadersInit = {
    "Cache-Control": PERSONAL,
    ...(outcome.status === "wait" ? { "Retry-After": String(outcome.retryAfterSeconds) } : {}),
  };
  return data({ notice }, { status: 429, headers });
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { country } = useSite();
  const navigation = useNavigation();
  const privacyEmail = COMPANY[country].privacyEmail;
  const notice = actionData?.notice ?? loaderData.notice;
  const canResend = loaderData.canResend && notice?.kind !== "limit";
  const noticeLine = notice ? (
    <p
      className={`app-notice${notice.kind === "sent" ? "" : " app-notice--error"}`}
      role={notice.kind === "sent" ? "status" : "alert"}
    >
      {t(`verification.newLink.${notice.kind}`, { time: notice.kind === "wait" ? notice.time : "" })}
    </p>
  ) : null;
  const sent = notice?.kind === "sent";
  // Without a way on for this request (opened directly, or the limit reached): the spec's text, a new request.
  const text = sent ? noticeLine : canResend ? <p>{t("verification.newLink.text")}</p> : undefined;
  return (
    <VerificationResult outcome="expired" privacyEmail={privacyEmail} text={text} linkAsButton={!canResend && !sent}>
      {sent ? <p>{t("verification.newLink.afterSent")}</p> : noticeLine}
      {canResend ? (
        <>
          <p>{t("verification.newLink.offer")}</p>
          {/* A document post: the expired link's cookie belongs to this page's address only. */}
          <Form method="post" reloadDocument>
            <SubmitButton submitting={navigation.state === "submitting"}>
              {t("verification.newLink.submit")}
            </SubmitButton>
          </Form>
        </>
      ) : null}
      <h2>{t("verification.newLink.whyTitle")}</h2>
      <p>{t("verification.newLink.why", { count: loaderData.hours })}</p>
    </VerificationResult>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "pages.emailVerificationExpired.title");
