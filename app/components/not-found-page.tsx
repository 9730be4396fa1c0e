import { Link } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import { useLocalizedPath } from "~/utils/site";

/** Spec 2: '404 - Pagina niet gevonden', 'Oeps... de weg kwijt?' and a link home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  return (
    <section className="app-not-found">
      <p className="app-not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="app-heading-1">{t("notFound.heading")}</h1>
      <p>{t("notFound.text")}</p>
      <Link to={to("/")} className="app-button">
        {t("notFound.homeLink")}
      </Link>
    </section>
  );
}
