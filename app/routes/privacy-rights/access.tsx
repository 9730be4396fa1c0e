import { DetailsRequestForm } from "~/components/privacy/details-request-form";
import { PrivacyFormPage } from "~/components/privacy/privacy-page";
import { privacyRequestAction } from "~/http/privacy-request-form.server";
import { useTranslation } from "~/i18n/use-translation";
import { formPageMeta } from "~/utils/meta";
import { leaveThirdPartyDocument, PERSONAL_DATA } from "~/utils/personal-data";
import { PRIVACY_FORM_IDS } from "~/validation/privacy-form-ids";
import { accessForm } from "~/validation/rights/access";

import type { Route } from "./+types/access";
import { detailsRequestInput } from "./privacy-details.server";

/** The person types who they are here: no third-party script on this page. */
export const handle = PERSONAL_DATA;
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [leaveThirdPartyDocument];

export function action(args: Route.ActionArgs) {
  return privacyRequestAction(args, accessForm, detailsRequestInput(args, "RIGHT_OF_ACCESS"));
}

export default function AccessPage() {
  const { t } = useTranslation();
  return (
    <PrivacyFormPage
      titleKey="pages.access.title"
      intro={
        <>
          <p>{t("privacyRights.access.intro")}</p>
          <p>{t("privacyRights.form.verifyNote")}</p>
        </>
      }
    >
      <DetailsRequestForm formId={PRIVACY_FORM_IDS.access} countryName={t("privacyRights.form.countryDefault")} />
    </PrivacyFormPage>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => formPageMeta(matches, "pages.access.description");
