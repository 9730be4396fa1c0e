import { useLocation, useMatches } from "react-router";

import { switchableLanguages, switchLanguagePath } from "~/i18n/locale";
import { useTranslation } from "~/i18n/use-translation";
import { declaredQueryParameters, pageQuery } from "~/utils/page-query";
import { useSite } from "~/utils/site";

const LANGUAGE_NAMES = { nl: "Nederlands", fr: "Français", en: "English" } as const;

/**
 * NL/FR switcher, hidden on the .nl host (spec 1). It changes only the first
 * path segment, keeps the page's own query, and reloads the page (spec 4),
 * hence plain links. The
 * accessible name starts with the visible "NL" (WCAG 2.5.3).
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { country, language } = useSite();
  const location = useLocation();
  // The page's own query (its filters, its search), as the server rendered it.
  const search = pageQuery(
    location.search,
    new Set(useMatches().flatMap((match) => declaredQueryParameters(match.handle))),
  );
  const languages = switchableLanguages(country);
  if (languages.length === 0) return null;
  return (
    <nav className="app-language-switcher" aria-label={t("languageSwitcher.label")}>
      <ul className="app-language-switcher__list">
        {languages.map((item) => (
          <li key={item}>
            <a
              href={switchLanguagePath(location.pathname, search, item)}
              hrefLang={item}
              lang={item}
              aria-current={item === language ? "true" : undefined}
              className="app-language-switcher__link"
            >
              {item.toUpperCase()}
              <span className="app-visually-hidden"> ({LANGUAGE_NAMES[item]})</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
