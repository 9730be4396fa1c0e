import { useTranslation } from "react-i18next";
import type { Route } from "./+types/privacy-rights.access";
import { DetailsRequestForm } from "~/components/privacy/details-request-form";
import { PrivacyFormPage } from "~/components/privacy/privacy-page";
import { formPageMeta } from "~/utils/meta";
import { accessForm } from "~/validation/privacy-forms";
import { detailsRequestInput } from "./privacy-details.server";
import { privacyRequestAction } from "./privacy-request.action.server";

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
      <DetailsRequestForm formId={accessForm.id} countryName={t("privacyRights.form.countryDefault")} />
    </PrivacyFormPage>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => formPageMeta(matches, "pages.access.description");
