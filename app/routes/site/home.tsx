import { Link, redirect } from "react-router";

import { BrandsHero } from "~/components/brands-hero";
import { ContactSection } from "~/components/contact-section";
import { useLongDate } from "~/components/document-text";
import { PageTitle } from "~/components/page-title";
import { CONTACT_TOPIC_PARAMETER, contactTopicFrom } from "~/content/contact-topics";
import { siteContext } from "~/context";
import { hyphenated } from "~/i18n/hyphenation.server";
import { linkLanguage } from "~/i18n/locale";
import { useTranslation } from "~/i18n/use-translation";
import { recentMaterialChange } from "~/services/site/document-versions.server";
import { formPageMeta } from "~/utils/meta";
import { leaveThirdPartyDocument, PERSONAL_DATA } from "~/utils/personal-data";
import { useLocalizedPath, useSite } from "~/utils/site";

import type { Route } from "./+types/home";
import { contactFormAction } from "./contact-form.action.server";

const TOPIC_CARDS = [
  { key: "privacy", document: "privacy-policy", image: "/images/topic-privacy.svg" },
  { key: "cookies", document: "cookie-policy", image: "/images/topic-cookies.svg" },
  { key: "terms", document: "terms-of-use", image: "/images/topic-terms.svg" },
] as const;

/**
 * The contact form asks for a name and an e-mail address. `queryParameters`:
 * the topic a link presets in the form is read by the loader, and so part of
 * the page cache's key (server/cache-key.ts).
 */
export const handle = { ...PERSONAL_DATA, queryParameters: [CONTACT_TOPIC_PARAMETER] };
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [leaveThirdPartyDocument];

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { locale } = context.get(siteContext);
  const topic = contactTopicFrom(url.searchParams);
  // An unknown topic presets nothing: the page without it, rather than one
  // more copy of home in the page cache for each value someone makes up.
  if (!topic && url.searchParams.has(CONTACT_TOPIC_PARAMETER)) throw redirect(url.pathname);
  // A document that changed something that matters in the last weeks says so on its card.
  const changes = Object.fromEntries(
    TOPIC_CARDS.map((card) => {
      const change = recentMaterialChange(card.document, locale);
      // As the documents' own texts: soft hyphens at the syllables of long words, for narrow screens.
      return [card.document, change ? { ...change, summary: hyphenated(change.summary, linkLanguage(locale)) } : null];
    }),
  );
  return { topic, changes };
}

/** The contact form on this page (spec 2). */
export function action(args: Route.ActionArgs) {
  return contactFormAction(args);
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const { country } = useSite();
  const longDate = useLongDate();
  return (
    <>
      <PageTitle titleKey="pages.home.title" />
      <BrandsHero subtitle={t("home.subtitle")} title={t("home.title")} lead={t("home.text")} />

      <section className="app-cards" aria-labelledby="home-topics">
        <h2 id="home-topics" className="app-visually-hidden">
          {t("home.topicsTitle")}
        </h2>
        {TOPIC_CARDS.map((card) => (
          <article key={card.key} className="app-card">
            <img className="app-card__image" src={card.image} alt="" width="320" height="180" />
            <div className="app-card__body">
              <p className="app-card__subject">{t(`home.cards.${card.key}.subject`)}</p>
              <h3 className="app-card__title">{t(`home.cards.${card.key}.title`)}</h3>
              <p className="app-card__text">{t(`home.cards.${card.key}.text`)}</p>
              {loaderData.changes[card.document] ? (
                <p className="app-card__change">
                  <strong>
                    {t("documents.versions.materialNotice", {
                      date: longDate(loaderData.changes[card.document]!.effective),
                    })}
                  </strong>{" "}
                  {loaderData.changes[card.document]!.summary}{" "}
                  <Link
                    to={to(
                      `/document/${card.document}/compare?from=${loaderData.changes[card.document]!.previous}&to=${loaderData.changes[card.document]!.effective}`,
                    )}
                  >
                    {t("documents.versions.materialLink")}
                    <span className="app-visually-hidden">: {t(`home.cards.${card.key}.title`)}</span>
                  </Link>
                </p>
              ) : null}
              <Link className="app-card__link" to={to(`/document/${card.document}`)}>
                {t("home.readMore")}
                <span className="app-visually-hidden">: {t(`home.cards.${card.key}.title`)}</span>
              </Link>
            </div>
          </article>
        ))}
      </section>

      <section className="app-section app-legal-links" aria-labelledby="home-legal-links">
        <h2 id="home-legal-links">{t("home.legalLinks.title")}</h2>
        <ul className="app-legal-links__list">
          <li>
            <Link to={to("/privacy-rights")}>{t("home.legalLinks.privacyRights")}</Link>
          </li>
          <li>
            <Link to={to("/political-ads")}>{t("home.legalLinks.politicalAds")}</Link>
          </li>
          <li>
            <Link to={to("/phone")}>{t("home.legalLinks.phone")}</Link>
          </li>
          <li>
            <Link to={to("/privacy-rights/push-notifications")}>{t("home.legalLinks.pushNotifications")}</Link>
          </li>
          {country === "be" ? (
            <li>
              <Link to={to("/document/privacy-policy-participants")}>
                {t("documents.titles.privacy-policy-participants")}
              </Link>
            </li>
          ) : null}
          <li>
            <Link to={to("/document/privacy-policy-applicants")}>
              {t("documents.titles.privacy-policy-applicants")}
            </Link>
          </li>
          <li>
            <Link to={to("/document/privacy-policy-events")}>{t("documents.titles.privacy-policy-events")}</Link>
          </li>
        </ul>
      </section>

      <ContactSection topic={loaderData.topic} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => formPageMeta(matches, "pages.home.description");
