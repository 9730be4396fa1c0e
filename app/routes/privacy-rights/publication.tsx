import { PrivacyFormPage } from "~/components/privacy/privacy-page";
import { PublicationForm } from "~/components/privacy/publication-form";
import { siteContext } from "~/context";
import { rightOfferedIn } from "~/domain/rights";
import { privacyRequestAction } from "~/http/privacy-request-form.server";
import { useTranslation } from "~/i18n/use-translation";
import { brandsFor } from "~/services/site/content.server";
import { formPageMeta } from "~/utils/meta";
import { notFound } from "~/utils/not-found";
import { leaveThirdPartyDocument, PERSONAL_DATA } from "~/utils/personal-data";
import { publicationForm } from "~/validation/rights/publication";

import type { Route } from "./+types/publication";

/** The person types who they are here: no third-party script on this page. */
export const handle = PERSONAL_DATA;
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [leaveThirdPartyDocument];

/** Removal from a publication is offered in Belgium only (spec 2, 9): elsewhere the page does not exist. */
function onlyInBelgium({ request, context }: { request: Request; context: Route.LoaderArgs["context"] }) {
  const { country } = context.get(siteContext);
  if (!rightOfferedIn("REMOVAL_FROM_PUBLICATION", country)) notFound(request);
  return country;
}

export function loader(args: Route.LoaderArgs) {
  const country = onlyInBelgium(args);
  return { brandNames: brandsFor(country).map((brand) => brand.description) };
}

export function action(args: Route.ActionArgs) {
  onlyInBelgium(args);
  return privacyRequestAction(args, publicationForm, (value) => ({
    flowType: "REMOVAL_FROM_PUBLICATION",
    email: value.email,
    userMessage: value.userMessage,
    brandName: value.brandName,
    article: value.article,
    publicationDate: value.publicationDate,
    publicationLink: value.publicationLink,
  }));
}

export default function PublicationPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <PrivacyFormPage
      titleKey="pages.publication.title"
      intro={
        <>
          <p>{t("privacyRights.publication.intro")}</p>
          <p>{t("privacyRights.publication.balance")}</p>
          <p>{t("privacyRights.form.verifyNote")}</p>
        </>
      }
    >
      <PublicationForm brandNames={loaderData.brandNames} />
    </PrivacyFormPage>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => formPageMeta(matches, "pages.publication.description");
