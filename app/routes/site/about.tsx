import { BrandsHero } from "~/components/brands-hero";
import { ContactSection } from "~/components/contact-section";
import { PageTitle } from "~/components/page-title";
import { siteContext } from "~/context";
import { hyphenated } from "~/i18n/hyphenation.server";
import { linkLanguage, type Country } from "~/i18n/locale";
import { useTranslation } from "~/i18n/use-translation";
import { brandsByCategory } from "~/services/site/content.server";
import { formPageMeta } from "~/utils/meta";
import { leaveThirdPartyDocument, PERSONAL_DATA } from "~/utils/personal-data";

import type { Route } from "./+types/about";
import { contactFormAction } from "./contact-form.action.server";

// The contact form asks for a name and an e-mail address.
export const handle = PERSONAL_DATA;
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [leaveThirdPartyDocument];

export function loader({ context }: Route.LoaderArgs) {
  const { country, locale } = context.get(siteContext);
  // Spec 2 "About": the block of the host's own country comes first.
  const order: Country[] = country === "nl" ? ["nl", "be"] : ["be", "nl"];
  return {
    blocks: order.map((blockCountry) => ({
      country: blockCountry,
      categories: brandsByCategory(blockCountry).map(({ category, brands }) => ({
        category,
        brands: brands.map((brand) => hyphenated(brand.description, linkLanguage(locale))),
      })),
    })),
  };
}

/** The contact form on this page (spec 2). */
export function action(args: Route.ActionArgs) {
  return contactFormAction(args);
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle titleKey="pages.about.title" />
      <BrandsHero title={t("about.title")} lead={t("about.lead")} />
      <section className="app-section app-about__text">
        <h2>{t("about.explanationTitle")}</h2>
        <p>{t("about.explanation")}</p>
        <p>{t("about.journalists")}</p>
      </section>
      <section className="app-about__blocks" aria-labelledby="about-brands">
        <h2 id="about-brands" className="app-visually-hidden">
          {t("about.brandsTitle")}
        </h2>
        {loaderData.blocks.map((block) => (
          <details key={block.country} className="app-expandable" data-country={block.country}>
            <summary className="app-expandable__summary">
              <span className="app-expandable__title">{t(`about.blocks.${block.country}`)}</span>
            </summary>
            <div className="app-expandable__content">
              {block.categories.map(({ category, brands }) => (
                <section key={category} className="app-brand-group">
                  <h3 className="app-brand-group__title">{t(`about.categories.${category}`)}</h3>
                  <ul className="app-brand-group__list">
                    {brands.map((brand) => (
                      <li key={brand}>{brand}</li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          </details>
        ))}
      </section>
      <ContactSection />
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => formPageMeta(matches, "pages.about.description");
