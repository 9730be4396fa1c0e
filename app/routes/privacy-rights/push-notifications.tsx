import { pushNotificationSteps } from "~/content/push-notifications";
import { siteContext } from "~/context";
import { hyphenatedTexts } from "~/i18n/hyphenation.server";
import { fallbackChain, linkLanguage } from "~/i18n/locale";
import { useTranslation } from "~/i18n/use-translation";
import { pageMeta } from "~/utils/meta";
import { STATIC_PAGE } from "~/utils/page-handle";

import type { Route } from "./+types/push-notifications";

export function loader({ context }: Route.LoaderArgs) {
  const { country, locale } = context.get(siteContext);
  // en_be has no steps of its own: the first locale of its fallback chain that has them.
  const stepsLocale = fallbackChain(locale).find((candidate) => candidate in pushNotificationSteps);
  const steps = hyphenatedTexts(
    pushNotificationSteps[stepsLocale as keyof typeof pushNotificationSteps],
    linkLanguage(locale),
  );
  return { ...steps, appExtraNl: country === "nl" ? steps.appExtraNl : [] };
}

function Steps({ id, title, steps }: { id: string; title: string; steps: string[] }) {
  return (
    <section className="app-steps" aria-labelledby={id}>
      <h3 id={id} className="app-steps__title">
        {title}
      </h3>
      <ol className="app-steps__list">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
}

export default function PushNotificationsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <header className="app-page-header">
        <h1 className="app-heading-1">{t("push.title")}</h1>
        <p>{t("push.intro")}</p>
      </header>
      <section className="app-section" aria-labelledby="push-website">
        <h2 id="push-website">{t("push.websiteTitle")}</h2>
        <div className="app-steps-grid">
          <Steps id="push-chrome" title={t("push.chromeTitle")} steps={loaderData.websiteChrome} />
          <Steps id="push-safari" title={t("push.safariTitle")} steps={loaderData.websiteSafari} />
        </div>
      </section>
      <section className="app-section" aria-labelledby="push-app">
        <h2 id="push-app">{t("push.appTitle")}</h2>
        <Steps id="push-app-steps" title={t("push.appStepsTitle")} steps={loaderData.app} />
        {loaderData.appExtraNl.length > 0 ? (
          <Steps id="push-app-extra" title={t("push.appExtraTitle")} steps={loaderData.appExtraNl} />
        ) : null}
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "pages.pushNotifications.title", "pages.pushNotifications.description");

// Links only: no React in the browser.
export const handle = STATIC_PAGE;
