import { Form } from "react-router";

import { PublicFiguresTable } from "~/components/privacy/public-figures-table";
import { siteContext } from "~/context";
import { getDb } from "~/db/instance.server";
import { askedFigureYear } from "~/domain/public-figures";
import { useTranslation } from "~/i18n/use-translation";
import { defaultYear, figureYearsOnceAMinute, publicFigures } from "~/services/reports/public-figures.server";
import { pageMeta } from "~/utils/meta";
import { loadAsDocument, STATIC_PAGE } from "~/utils/page-handle";

import type { Route } from "./+types/figures";

/**
 * How the group answered people's requests in a year, on this
 * site's country: aggregates only, no figure under 10 (the same figures as
 * `GET /api/privacy-rights/figures`, and as the officers' reports for that
 * year). A year the select does not offer shows the default one. The years
 * and the figures are read at most once a minute (public-figures.server.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { country } = context.get(siteContext);
  const db = await getDb();
  const years = await figureYearsOnceAMinute(db, country);
  const asked = askedFigureYear(new URL(request.url).searchParams.get("year"));
  const year = asked !== null && years.includes(asked) ? asked : defaultYear(years);
  return { figures: await publicFigures(db, country, year, years) };
}

/**
 * No React on this page: a table and a GET form. Public and
 * cached like every public page; `queryParameters`: the year is part of the
 * page cache's key (server/cache-key.ts).
 */
export const handle = { ...STATIC_PAGE, queryParameters: ["year"] };
export const clientLoader = loadAsDocument;

export default function FiguresPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { figures } = loaderData;
  return (
    <>
      <header className="app-page-header">
        <h1 className="app-heading-1">{t("pages.privacyFigures.title")}</h1>
        <p>{t("privacyRights.figures.intro")}</p>
      </header>
      <Form method="get" className="app-figures__year" aria-label={t("privacyRights.figures.yearLabel")}>
        <label htmlFor="figures-year">{t("privacyRights.figures.year")}</label>
        <select id="figures-year" name="year" defaultValue={figures.year} key={figures.year}>
          {figures.years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
        <button type="submit" className="app-button">
          {t("privacyRights.figures.show")}
        </button>
      </Form>
      <section className="app-section" aria-labelledby="figures-title">
        <h2 id="figures-title">{t(`privacyRights.figures.country.${figures.country}`, { year: figures.year })}</h2>
        <PublicFiguresTable figures={figures} />
      </section>
      <section className="app-section" aria-labelledby="figures-how">
        <h2 id="figures-how">{t("privacyRights.figures.howTitle")}</h2>
        <p>{t("privacyRights.figures.howReceived")}</p>
        <p>{t("privacyRights.figures.howAnswered")}</p>
        <p>{t("privacyRights.figures.howDeadline")}</p>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "pages.privacyFigures.title", "pages.privacyFigures.description");
