import { PrivacyFormPage } from "~/components/privacy/privacy-page";
import { RectificationForm } from "~/components/privacy/rectification-form";
import { siteContext } from "~/context";
import { privacyRequestAction } from "~/http/privacy-request-form.server";
import { useTranslation } from "~/i18n/use-translation";
import { brandsFor } from "~/services/site/content.server";
import { formPageMeta } from "~/utils/meta";
import { leaveThirdPartyDocument, PERSONAL_DATA } from "~/utils/personal-data";
import { rectificationForm } from "~/validation/rights/rectification";

import type { Route } from "./+types/rectification";

/** The person types who they are here: no third-party script on this page. */
export const handle = PERSONAL_DATA;
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [leaveThirdPartyDocument];

export function loader({ context }: Route.LoaderArgs) {
  return { brandNames: brandsFor(context.get(siteContext).country).map((brand) => brand.description) };
}

export function action(args: Route.ActionArgs) {
  return privacyRequestAction(args, rectificationForm, (value) => ({
    flowType: "RECTIFICATION",
    email: value.email,
    userMessage: value.userMessage,
    brandName: value.brandName,
  }));
}

export default function RectificationPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <PrivacyFormPage
      titleKey="pages.rectification.title"
      intro={
        <>
          <p>{t("privacyRights.rectification.intro")}</p>
          <p>{t("privacyRights.form.verifyNote")}</p>
        </>
      }
    >
      <RectificationForm brandNames={loaderData.brandNames} />
    </PrivacyFormPage>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => formPageMeta(matches, "pages.rectification.description");
