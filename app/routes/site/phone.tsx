import { Form, Link } from "react-router";

import { SEARCH_BOX_MAX_LENGTH } from "~/content/limits";
import { filterPhoneDirectory, groupByBrandType, phoneFilterFromSearchParams, telHref } from "~/content/phone-filter";
import { siteContext } from "~/context";
import { useTranslation } from "~/i18n/use-translation";
import { phoneDirectoryFor } from "~/services/site/content.server";
import { pageMeta } from "~/utils/meta";
import { loadAsDocument, STATIC_PAGE } from "~/utils/page-handle";
import { useLocalizedPath, useSite } from "~/utils/site";

import type { Route } from "./+types/phone";

type PhoneGroup = ReturnType<typeof groupByBrandType>[number];

export function loader({ request, context }: Route.LoaderArgs) {
  const { country } = context.get(siteContext);
  const entries = phoneDirectoryFor(country);
  // The filter lives in the URL: a GET form without JavaScript, a shareable address with it.
  const filter = phoneFilterFromSearchParams(new URL(request.url).searchParams);
  return {
    filter,
    // Only the types this country has entries for (the Netherlands has no tv).
    directory: groupByBrandType(entries),
    shown: groupByBrandType(filterPhoneDirectory(entries, filter)),
  };
}

/**
 * No React on this page, even after a page that runs it: the
 * live filter is app/enhance/phone-filter.ts alone. When React rendered the
 * page too, it needed a filter of its own (state kept in step with the URL)
 * beside the script's, and the two had to agree on the markup; running the
 * script under React instead would give the list two owners (React's tree
 * and the script's DOM changes). A link to it from a page React runs
 * therefore loads it as a document, as search and the ad list do
 * (docs/how-it-works.md, "JavaScript only where it earns its place"): a small,
 * cached page.
 * `queryParameters`: the query the loader reads, and so the page cache's key
 * (server/cache-key.ts).
 */
export const handle = { ...STATIC_PAGE, queryParameters: ["q", "type"] };
export const clientLoader = loadAsDocument;

export default function PhonePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const { country } = useSite();
  const { filter, directory, shown } = loaderData;
  const callingCode = country === "nl" ? "31" : "32";
  const types = ["all" as const, ...directory.map((group) => group.type)];
  // The script has no translations: it reads the count sentence for 0, 1, 2… entries here.
  const counts = Array.from({ length: countOf(directory) + 1 }, (_, count) => t("phone.resultsCount", { count }));

  return (
    <>
      <header className="app-page-header">
        <h1 className="app-heading-1">{t("phone.title")}</h1>
        <p>{t("phone.intro")}</p>
      </header>
      <Form method="get" className="app-filter" role="search">
        <div className="app-filter__field">
          <label htmlFor="phone-q">{t("phone.searchLabel")}</label>
          <input
            id="phone-q"
            name="q"
            type="search"
            maxLength={SEARCH_BOX_MAX_LENGTH}
            defaultValue={filter.q}
            autoComplete="off"
          />
        </div>
        <div className="app-filter__field">
          <label htmlFor="phone-type">{t("phone.typeLabel")}</label>
          <select id="phone-type" name="type" defaultValue={filter.type}>
            {types.map((type) => (
              <option key={type} value={type}>
                {t(`phone.types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <noscript>
          <button type="submit" className="app-button">
            {t("phone.submit")}
          </button>
        </noscript>
      </Form>

      <p className="app-visually-hidden" role="status" data-phone-counts={JSON.stringify(counts)}>
        {counts[countOf(shown)]}
      </p>
      <div className="app-phone__results">
        <PhoneResults groups={shown} callingCode={callingCode} />
      </div>
      {/* What app/enhance/phone-filter.ts picks from: every group, then what an empty result says. */}
      <template id="phone-directory">
        <PhoneResults groups={directory} callingCode={callingCode} />
        <PhoneResults groups={[]} callingCode={callingCode} />
      </template>
      <p className="app-phone__hours">{t("contact.hours")}</p>
      <Link to={to("/")} className="app-button app-button--secondary">
        {t("phone.back")}
      </Link>
    </>
  );
}

function countOf(groups: PhoneGroup[]): number {
  return groups.reduce((sum, group) => sum + group.entries.length, 0);
}

/** The groups of a list, or the sentence that says nothing matched. */
function PhoneResults({ groups, callingCode }: { groups: PhoneGroup[]; callingCode: "31" | "32" }) {
  const { t } = useTranslation();
  if (groups.length === 0) return <p className="app-empty">{t("phone.empty")}</p>;
  return groups.map((group) => (
    <section
      key={group.type}
      className="app-phone__group"
      aria-labelledby={`phone-group-${group.type}`}
      data-brand-type={group.type}
    >
      <h2 id={`phone-group-${group.type}`} className="app-phone__group-title">
        {t(`phone.types.${group.type}`)}
      </h2>
      <ul className="app-phone__list">
        {group.entries.map((entry) => (
          <li key={entry.brandName} className="app-phone__entry">
            <span className="app-phone__brand">{entry.brandName}</span>
            <a className="app-phone__number" href={telHref(entry.phoneNumber, callingCode)}>
              {entry.phoneNumber}
            </a>
          </li>
        ))}
      </ul>
    </section>
  ));
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "pages.phone.title", "pages.phone.description");
