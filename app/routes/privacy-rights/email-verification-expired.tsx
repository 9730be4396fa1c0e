import { useTranslation } from "react-i18next";
import { Form, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/email-verification-expired";
import { SubmitButton } from "~/components/forms";
import { VerificationResult } from "~/components/privacy/verification-result";
import { COMPANY } from "~/content/company";
import { siteContext } from "~/context";
import { getDb } from "~/db/instance.server";
import { PERSONAL } from "~/http/cache-control.server";
import { localizedPath } from "~/i18n/locale";
import { retryTimeText } from "~/http/submission-refusals.server";
import { mayResend, resendVerification } from "~/services/verification-links.server";
import { pageMeta } from "~/utils/meta";
import { useSite } from "~/utils/site";
import { expiredLinkCookie } from "./link-cookies.server";

/**
 * Spec 2's expired page, and issue 26's way on from it: when the visitor
 * came from their expired link (its token in a cookie of this page), a
 * button sends a new link for the same request to the same address. The
 * page says why links expire, and what happened after a post.
 */
export const handle = { queryParameters: ["sent"] };

type Notice = { kind: "sent" } | { kind: "wait"; time: string } | { kind: "limit" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { language } = context.get(siteContext);
  const sent = new URL(request.url).searchParams.has("sent");
  const token = await expiredLinkCookie(request, language).read();
  const canResend = !sent && token !== "" && (await mayResend(await getDb(), token));
  return data({ canResend, notice: sent ? ({ kind: "sent" } as Notice) : null }, { headers: { "Cache-Control": PERSONAL } });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const { language, locale } = context.get(siteContext);
  const link = expiredLinkCookie(request, language);
  const outcome = await resendVerification(await getDb(), await link.read());
  const here = localizedPath(language, "/email-verification-expired");
  if (outcome.status === "sent") return redirect(`${here}?sent=1`, { headers: { "Set-Cookie": await link.forget(), "Cache-Control": PERSONAL } });
  if (outcome.status === "verified") return redirect(localizedPath(language, "/email-verified"), { headers: { "Set-Cookie": await link.forget() } });
  if (outcome.status === "unknown") return redirect(localizedPath(language, "/email-verification-failed"), { headers: { "Set-Cookie": await link.forget() } });
  const notice: Notice = outcome.status === "wait" ? { kind: "wait", time: retryTimeText(locale, outcome.retryAfterSeconds) } : { kind: "limit" };
  return data({ notice }, { status: 429, headers: outcome.status === "wait" ? { "Retry-After": String(outcome.retryAfterSeconds) } : {} });
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { country } = useSite();
  const navigation = useNavigation();
  const privacyEmail = COMPANY[country].privacyEmail;
  const notice = actionData?.notice ?? loaderData.notice;
  return (
    <>
      <VerificationResult outcome="expired" privacyEmail={privacyEmail} />
      <section className="app-section" aria-labelledby="new-link">
        <h2 id="new-link">{t("verification.newLink.title")}</h2>
        <p>{t("verification.newLink.why")}</p>
        {notice ? (
          <p className={`app-notice${notice.kind === "sent" ? "" : " app-notice--error"}`} role={notice.kind === "sent" ? "status" : "alert"}>
            {t(`verification.newLink.${notice.kind}`, { time: notice.kind === "wait" ? notice.time : "", email: privacyEmail })}
          </p>
        ) : null}
        {loaderData.canResend && notice?.kind !== "limit" ? (
          // A document post: the expired link's cookie belongs to this page's address only.
          <Form method="post" reloadDocument>
            <SubmitButton submitting={navigation.state === "submitting"}>{t("verification.newLink.submit")}</SubmitButton>
          </Form>
        ) : null}
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "pages.emailVerificationExpired.title");
