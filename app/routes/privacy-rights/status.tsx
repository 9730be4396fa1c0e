import { useEffect, useRef } from "react";
import { redirect, useSearchParams } from "react-router";

import { PageTitle } from "~/components/page-title";
import { PrivacyFormPage } from "~/components/privacy/privacy-page";
import { StatusForm } from "~/components/privacy/status-form";
import { siteContext } from "~/context";
import { getDb } from "~/db/instance.server";
import { receivePublicForm } from "~/http/public-form.server";
import { formRefusal } from "~/http/submission-refusals.server";
import { useTranslation } from "~/i18n/use-translation";
import { askForStatusLink } from "~/services/privacy-request/status.server";
import { formPageMeta } from "~/utils/meta";
import { leaveThirdPartyDocument, PERSONAL_DATA } from "~/utils/personal-data";
import { requestStatusForm } from "~/validation/request-status";

import type { Route } from "./+types/status";

/**
 * `/{lang}/privacy-rights/status`: the person asks where their
 * request stands. Whatever they typed, once it is valid the answer is the
 * same page: look in your mailbox. Only a reference and an address that
 * belong together get a link (services/privacy-request/status.server.ts).
 */
export const handle = { ...PERSONAL_DATA, queryParameters: ["sent"] };
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [leaveThirdPartyDocument];

export async function action(args: Route.ActionArgs) {
  const received = await receivePublicForm(args, requestStatusForm, { failureBanner: "privacyRights.status.failure" });
  if (!received.ok) return received.response;
  const site = args.context.get(siteContext);
  const outcome = await askForStatusLink(await getDb(), received.value, site, { clientIp: received.clientIp });
  if (outcome.status === "RATE_LIMITED")
    return formRefusal(requestStatusForm, received.submission, outcome, {
      locale: site.locale,
      failureBanner: "privacyRights.status.failure",
    });
  return redirect(`${new URL(args.request.url).pathname}?sent=1`);
}

/**
 * With JavaScript the answer replaces the form in place (same path, so no
 * new-page focus): its heading takes the focus, or a screen reader would be
 * left on the page's body, hearing nothing.
 */
function Sent() {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  return (
    <>
      <PageTitle titleKey="privacyRights.status.sentTitle" />
      <header className="app-page-header">
        <h1 className="app-heading-1" ref={heading} tabIndex={-1}>
          {t("privacyRights.status.sentTitle")}
        </h1>
      </header>
      <section className="app-section">
        <p>{t("privacyRights.status.sentText")}</p>
        <p>{t("privacyRights.status.sentNoMail")}</p>
      </section>
    </>
  );
}

export default function StatusPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  if (search.has("sent")) return <Sent />;
  return (
    <PrivacyFormPage titleKey="privacyRights.status.title" intro={<p>{t("privacyRights.status.intro")}</p>}>
      <StatusForm />
    </PrivacyFormPage>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => formPageMeta(matches, "privacyRights.status.description");
