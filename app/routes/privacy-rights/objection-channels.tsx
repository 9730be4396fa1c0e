import { Link, redirect } from "react-router";

import { ObjectionChannelsForm } from "~/components/privacy/objection-channels-form";
import { PrivacyFormPage } from "~/components/privacy/privacy-page";
import { ProgressSteps } from "~/components/privacy/progress-steps";
import { siteContext } from "~/context";
import { objectionInput, privacyRequestAction } from "~/http/privacy-request-form.server";
import { objectionBrands } from "~/http/privacy-session.server";
import { useTranslation } from "~/i18n/use-translation";
import { SHOWS_KEPT_CHOICE } from "~/utils/kept-choice-pages";
import { formPageMeta } from "~/utils/meta";
import { leaveThirdPartyDocument, PERSONAL_DATA } from "~/utils/personal-data";
import { useLocalizedPath } from "~/utils/site";
import { communicationForm } from "~/validation/rights/direct-marketing";

import type { Route } from "./+types/objection-channels";

/** The person types who they are here: no third-party script on this page; it shows the brands kept from step 1. */
export const handle = { ...PERSONAL_DATA, ...SHOWS_KEPT_CHOICE };
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [leaveThirdPartyDocument];

/** Spec 2: without brands from step 1 there is nothing to object to. */
async function chosenBrandsOrRedirect(request: Request, language: string) {
  const brands = await objectionBrands(request);
  if (brands.length === 0) throw redirect(`/${language}/privacy-rights`);
  return brands;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { language } = context.get(siteContext);
  await chosenBrandsOrRedirect(request, language);
  return null;
}

export async function action(args: Route.ActionArgs) {
  const { language, country } = args.context.get(siteContext);
  const brands = await chosenBrandsOrRedirect(args.request, language);
  return privacyRequestAction(args, communicationForm, (value) => objectionInput(brands, value, country));
}

export default function ObjectionChannelsPage() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  return (
    <PrivacyFormPage
      titleKey="pages.directMarketingCommunicationTypes.title"
      step={{ current: 2, total: 2 }}
      intro={
        <>
          <ProgressSteps current={2} />
          <p>{t("privacyRights.objection.channels.intro")}</p>
          <p>
            <Link to={to("/privacy-rights/direct-marketing/brands")}>
              {t("privacyRights.objection.channels.changeBrands")}
            </Link>
          </p>
        </>
      }
    >
      <ObjectionChannelsForm />
    </PrivacyFormPage>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => formPageMeta(matches);
