import { ObjectionBrandsForm } from "~/components/privacy/objection-brands-form";
import { PrivacyFormPage } from "~/components/privacy/privacy-page";
import { ProgressSteps } from "~/components/privacy/progress-steps";
import { siteContext } from "~/context";
import { objectionBrands, redirectWithObjectionBrands } from "~/http/privacy-session.server";
import { receivePublicForm } from "~/http/public-form.server";
import { hyphenated } from "~/i18n/hyphenation.server";
import { linkLanguage } from "~/i18n/locale";
import { useTranslation } from "~/i18n/use-translation";
import { brandsFor } from "~/services/site/content.server";
import { SHOWS_KEPT_CHOICE } from "~/utils/kept-choice-pages";
import { formPageMeta } from "~/utils/meta";
import { objectionBrandsForm } from "~/validation/rights/direct-marketing";
import { applySelectAll } from "~/validation/select-all";

import type { Route } from "./+types/objection-brands";

/** It ticks the brands the visitor's cookie keeps: rendered for them, not from the page cache. */
export const handle = SHOWS_KEPT_CHOICE;

/** The country's brands, and those chosen before (back from step 2). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { country, locale } = context.get(siteContext);
  const brands = brandsFor(country);
  const keptKeys = new Set(await objectionBrands(request));
  return {
    // The names are the tick boxes' labels only (the posted value is the id): shown with their syllables marked.
    brands: brands.map((brand) => ({ id: brand.id, description: hyphenated(brand.description, linkLanguage(locale)) })),
    chosen: brands.filter((brand) => brand.keys.some((key) => keptKeys.has(key))).map((brand) => brand.id),
  };
}

/** Step 1 stores nothing but the choice (brand keys, in the signed cookie), then goes to step 2. */
export async function action(args: Route.ActionArgs) {
  const { country, language } = args.context.get(siteContext);
  const brands = brandsFor(country);
  const ids = brands.map((brand) => brand.id);
  const received = await receivePublicForm(args, objectionBrandsForm(ids), {
    failureBanner: "privacyRights.sendFailure",
    prepare: (formData) => applySelectAll(formData, "brands", ids),
  });
  if (!received.ok) return received.response;
  const chosen = new Set(received.value.brands);
  const keys = brands.filter((brand) => chosen.has(brand.id)).flatMap((brand) => brand.keys);
  return redirectWithObjectionBrands(
    args.request,
    `/${language}/privacy-rights/direct-marketing/communication-types`,
    keys,
  );
}

export default function ObjectionBrandsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <PrivacyFormPage
      titleKey="pages.directMarketingBrands.title"
      step={{ current: 1, total: 2 }}
      intro={
        <>
          <ProgressSteps current={1} />
          <p>{t("privacyRights.objection.brands.intro")}</p>
        </>
      }
    >
      <ObjectionBrandsForm brands={loaderData.brands} chosen={loaderData.chosen} />
    </PrivacyFormPage>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  formPageMeta(matches, "pages.directMarketingBrands.description");
