import { DetailsForm } from "~/components/privacy/details-form";
import { PrivacyFormPage } from "~/components/privacy/privacy-page";
import { siteContext } from "~/context";
import { rightBySlug, rightOfferedIn, type Right } from "~/domain/rights";
import { privacyRequestAction } from "~/http/privacy-request-form.server";
import { useTranslation } from "~/i18n/use-translation";
import { formPageMeta } from "~/utils/meta";
import { notFound } from "~/utils/not-found";
import { leaveThirdPartyDocument, PERSONAL_DATA } from "~/utils/personal-data";
import { DETAILS_RIGHTS } from "~/validation/rights";

import type { Route } from "./+types/right-request";

/** The person types who they are here: no third-party script on this page. */
export const handle = PERSONAL_DATA;
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [leaveThirdPartyDocument];

/**
 * The page of a right whose form is its list of fields, at the slug its
 * row names; any other slug, or a right not offered in the country, is no page.
 */
function rightOfPage({ request, params, context }: Pick<Route.LoaderArgs, "request" | "params" | "context">) {
  const right = rightBySlug(params.right);
  const form = right ? DETAILS_RIGHTS[right.code] : undefined;
  if (!right || !form || !rightOfferedIn(right.code, context.get(siteContext).country)) notFound(request);
  return { right: right as Right, form: form! };
}

export function loader(args: Route.LoaderArgs) {
  const { right } = rightOfPage(args);
  return { code: right.code, key: right.key, article: right.article };
}

export function action(args: Route.ActionArgs) {
  const { right, form } = rightOfPage(args);
  return privacyRequestAction(args, form.form, (value) => ({
    flowType: right.code,
    ...form.toInput(value as Record<string, unknown>),
  }));
}

export default function RightRequestPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { code, key, article } = loaderData;
  return (
    <PrivacyFormPage
      titleKey={`pages.${key}.title`}
      intro={
        <>
          <p>{t(`privacyRights.${key}.intro`)}</p>
          <p>{t(`privacyRights.${key}.after`)}</p>
          <p>{t("privacyRights.overview.article", { article })}</p>
          <p>{t("privacyRights.form.verifyNote")}</p>
        </>
      }
    >
      <DetailsForm right={DETAILS_RIGHTS[code]!} textsKey={key} />
    </PrivacyFormPage>
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  formPageMeta(matches, loaderData ? `pages.${loaderData.key}.description` : "meta.description");
