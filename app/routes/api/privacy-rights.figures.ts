import { getDb } from "~/db/instance.server";
import { countryCode, parseCountry } from "~/domain/country";
import { askedFigureYear, FIRST_FIGURES_YEAR } from "~/domain/public-figures";
import { jsonAnswer } from "~/http/campaign-answers.server";
import { invalidParameter, unavailableForAMinute } from "~/http/json-call.server";
import { defaultYear, figureYearsOnceAMinute, publicFigures } from "~/services/reports/public-figures.server";
import { getLogger } from "~/utils/logger.server";

import type { Route } from "./+types/privacy-rights.figures";

/**
 * `GET /api/privacy-rights/figures?country=NL|BE&year=YYYY`, the
 * public figures page's figures as JSON (the same service): aggregates only,
 * a count under 10 as null. Without `year`: the page's default year. Public
 * and cacheable for a minute with an ETag, like the register; any site's
 * page may read it (server/register-cors.ts). A database that fails is a 503.
 * A year that cannot have figures (not four digits, before the GDPR, to
 * come) is refused before any query; the years with figures are read once
 * a minute.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const country = parseCountry(params.get("country"));
  if (!country) return invalidParameter("country", "'country' must be NL or BE.");
  const asked = params.get("year");
  const askedYear = askedFigureYear(asked);
  if (asked !== null && askedYear === null)
    return invalidParameter(
      "year",
      `'year' must be a year with figures: four digits, from ${FIRST_FIGURES_YEAR} to this year.`,
    );
  try {
    const db = await getDb();
    const years = await figureYearsOnceAMinute(db, country);
    const year = askedYear ?? defaultYear(years);
    if (!years.includes(year))
      return invalidParameter("year", `'year' must be a year with figures: ${years[0]} to ${years.at(-1)}.`);
    const figures = await publicFigures(db, country, year, years);
    // The outside world's country code (spec 7), as the register's calls give it.
    return jsonAnswer(request, { ...figures, country: countryCode(country) });
  } catch (error) {
    getLogger().error({ err: error }, "privacy figures could not be read");
    return unavailableForAMinute("The figures cannot be read right now. Try again in a minute.");
  }
}
