import { data, Link, redirect } from "react-router";

import { siteContext } from "~/context";
import { rightOf } from "~/domain/rights";
import { takeProcessedSummary, type ProcessedSummary } from "~/http/privacy-session.server";
import { useTranslation } from "~/i18n/use-translation";
import { pageMeta } from "~/utils/meta";
import { leaveThirdPartyDocument, PERSONAL_DATA } from "~/utils/personal-data";
import { useLocalizedPath } from "~/utils/site";

import type { Route } from "./+types/processed";

/** The request's reference: with the person's address it opens the status page, so no third-party script here. */
export const handle = PERSONAL_DATA;
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [leaveThirdPartyDocument];

/** Shown once, after a request was stored; without that there is nothing to show (spec 2). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { summary, headers } = await takeProcessedSummary(request);
  if (!summary) throw redirect(`/${context.get(siteContext).language}/privacy-rights`);
  return data({ summary }, { headers });
}

/**
 * Spec 2: 'processed' for a right carried out at once with no e-mail to
 * confirm (an objection by phone or post), otherwise 'submitted'; a
 * request that is weighed by the editors says so.
 */
function outcomeOf(summary: ProcessedSummary) {
  const right = rightOf(summary.flowType);
  if (right.completesOnVerification && !summary.withEmail) return "objectionExecuted" as const;
  if (right.asks.publication) return "publication" as const;
  return "verify" as const;
}

const TITLE_KEYS = {
  objectionExecuted: "privacyRights.processed.titleProcessed",
  publication: "privacyRights.processed.titleSubmitted",
  verify: "privacyRights.processed.titleSubmitted",
} as const;

export default function ProcessedPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const { summary } = loaderData;
  const outcome = outcomeOf(summary);
  return (
    <section className="app-section app-processed">
      <svg className="app-processed__icon" aria-hidden="true" viewBox="0 0 48 48" width="48" height="48">
        <circle cx="24" cy="24" r="22" fill="currentColor" />
        <path
          d="M14 25l7 7 13-15"
          fill="none"
          stroke="#fff"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <h1 className="app-heading-1">{t(TITLE_KEYS[outcome])}</h1>
      <p className="app-processed__message">{t(`privacyRights.processed.${outcome}`)}</p>
      {outcome === "objectionExecuted" ? null : <p>{t("privacyRights.processed.verifyHint")}</p>}
      <p>{t("privacyRights.processed.reference", { reference: summary.reference })}</p>
      <p>
        <Link to={to("/privacy-rights")}>{t("privacyRights.processed.backToOverview")}</Link>
      </p>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, loaderData ? TITLE_KEYS[outcomeOf(loaderData.summary)] : "pages.processed.title");
