import { Link } from "react-router";

import { DetailsRequestForm } from "~/components/privacy/details-request-form";
import { PrivacyFormPage } from "~/components/privacy/privacy-page";
import { privacyRequestAction } from "~/http/privacy-request-form.server";
import { useTranslation } from "~/i18n/use-translation";
import { formPageMeta } from "~/utils/meta";
import { leaveThirdPartyDocument, PERSONAL_DATA } from "~/utils/personal-data";
import { useLocalizedPath } from "~/utils/site";
import { PRIVACY_FORM_IDS } from "~/validation/privacy-form-ids";
import { forgottenForm } from "~/validation/rights/access";

import type { Route } from "./+types/forgotten";
import { detailsRequestInput } from "./privacy-details.server";

/** The person types who they are here: no third-party script on this page. */
export const handle = PERSONAL_DATA;
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [leaveThirdPartyDocument];

export function action(args: Route.ActionArgs) {
  return privacyRequestAction(args, forgottenForm, detailsRequestInput(args, "RIGHT_TO_BE_FORGOTTEN"));
}

export default function ForgottenPage() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  return (
    <PrivacyFormPage
      titleKey="pages.forgotten.title"
      intro={
        <>
          <p>{t("privacyRights.forgotten.intro")}</p>
          <p>{t("privacyRights.forgotten.scope")}</p>
          <p>{t("privacyRights.form.verifyNote")}</p>
          <p>
            <Link to={to("/privacy-rights/forgotten-overview")}>{t("privacyRights.forgotten.otherAccounts")}</Link>
          </p>
        </>
      }
    >
      <DetailsRequestForm formId={PRIVACY_FORM_IDS.forgotten} countryName={t("privacyRights.form.countryDefault")} />
    </PrivacyFormPage>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => formPageMeta(matches, "pages.forgotten.description");
