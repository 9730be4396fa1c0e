import { data, Form, Link, redirect } from "react-router";

import { PageTitle, StepCaption } from "~/components/page-title";
import { PageComplaintForm } from "~/components/political-ads/complaint-form";
import {
  ReasonChoice,
  ReasonMissingSummary,
  ReportOutcome,
  reportResultTitle,
  type ReportResult,
} from "~/components/political-ads/report-ad";
import { siteContext } from "~/context";
import { getDb } from "~/db/instance.server";
import { formReply, receivePublicForm } from "~/http/public-form.server";
import { formRefusal } from "~/http/submission-refusals.server";
import { useTranslation } from "~/i18n/use-translation";
import { findCampaign } from "~/services/campaign/register.server";
import { submitComplaint } from "~/services/complaint/intake.server";
import { getLogger } from "~/utils/logger.server";
import { formPageMeta } from "~/utils/meta";
import { leaveThirdPartyDocument, PERSONAL_DATA } from "~/utils/personal-data";
import { useLocalizedPath } from "~/utils/site";
import { complaintForm } from "~/validation/complaint";
import { COMPLAINT_REASONS, type ComplaintReason } from "~/validation/complaint-reasons";

import type { Route } from "./+types/report";

type FoundCampaign = NonNullable<Awaited<ReturnType<typeof findCampaign>>>;

/** The ad of this site's country; 404 when there is none, `null` when the register cannot be read. */
async function campaignOr404(
  params: { id: string },
  context: Route.LoaderArgs["context"],
): Promise<FoundCampaign | null> {
  let item: FoundCampaign | null;
  try {
    item = await findCampaign(await getDb(), context.get(siteContext).country, params.id);
  } catch (error) {
    getLogger().error({ err: error }, "campaign could not be read");
    return null;
  }
  if (!item) throw data(`Not found: campaign ${params.id}`, { status: 404 });
  return item;
}

// The query the loader reads, and so the page cache's key (server/cache-key.ts);
// the form asks for a name, an e-mail address and an explanation.
export const handle = { ...PERSONAL_DATA, queryParameters: ["reason", "step", "result"] };
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [leaveThirdPartyDocument];

/**
 * The report's layers as pages (without JavaScript): no reason yet → layer
 * 1 (a GET form), `?reason=` → layer 2, `?result=sent` → layer 3. A register
 * that cannot be read shows layer 3's failure (503).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const item = await campaignOr404(params, context);
  const search = new URL(request.url).searchParams;
  const reasonParam = search.get("reason");
  const reason = (COMPLAINT_REASONS as readonly string[]).includes(reasonParam ?? "")
    ? (reasonParam as ComplaintReason)
    : null;
  const answer = {
    item: item ? { id: item.id, sponsorName: item.sponsorName } : { id: params.id, sponsorName: "" },
    reason,
    // Sent without a choice (or with one that is not among the four): asked again, with the error.
    reasonMissing: (search.has("reason") || search.get("step") === "reason") && !reason,
    sent: search.get("result") === "sent",
    unavailable: !item,
  };
  return item ? answer : data(answer, { status: 503 });
}

/** Shared by the pages and the dialog (`via=dialog` answers data instead of redirecting). */
export async function action(args: Route.ActionArgs) {
  const { context, params } = args;
  if (!(await campaignOr404(params, context))) return data<ReportResult>({ failed: true }, { status: 503 });
  const received = await receivePublicForm(args, complaintForm, { failureBanner: "politicalAds.report.failure" });
  if (!received.ok) return received.response;
  const viaDialog = received.formData.get("via") === "dialog";
  const site = context.get(siteContext);
  let outcome: Awaited<ReturnType<typeof submitComplaint>>;
  try {
    outcome = await submitComplaint({ ...received.value, campaignId: params.id }, site, {
      sender: { clientIp: received.clientIp },
      submission: received.submissionKey,
    });
  } catch (error) {
    getLogger().error({ err: error }, "complaint could not be stored");
    return data<ReportResult>({ failed: true }, { status: 503 });
  }
  if (outcome.status === "NOT_FOUND") throw data(`Not found: campaign ${params.id}`, { status: 404 });
  if (outcome.status === "RATE_LIMITED" || outcome.status === "KEY_REUSED") {
    return formRefusal(complaintForm, received.submission, outcome, {
      locale: site.locale,
      failureBanner: "politicalAds.report.failure",
    });
  }
  if (outcome.status === "INVALID_EMAIL") {
    // Spec 4: a 400 for the address keeps the form, with the message on the field.
    return formReply(complaintForm, received.submission, { fieldErrors: { email: ["contact.emailInvalid"] } });
  }
  if (viaDialog) return data<ReportResult>({ sent: true }, { status: 201 });
  return redirect(`/${site.language}/political-ads/${encodeURIComponent(params.id)}/report?result=sent`);
}

export default function ReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const { item, reason, reasonMissing, sent, unavailable } = loaderData;
  const failed = unavailable || Boolean(actionData && "failed" in actionData && actionData.failed);
  const layer = sent || failed ? 3 : reason ? 2 : 1;
  const titleKey =
    layer === 1
      ? "politicalAds.report.layer1Title"
      : layer === 2
        ? "politicalAds.report.layer2Title"
        : reportResultTitle(sent);
  const detailPath = to(`/political-ads/${encodeURIComponent(item.id)}`);
  // Layer 3 is the outcome, not a step the visitor takes.
  const step = layer < 3 ? { current: layer, total: 3 } : undefined;
  return (
    <>
      <PageTitle titleKey={titleKey} error={reasonMissing || unavailable} step={step} />
      <p className="app-back-link">
        <Link to={detailPath}>{t("politicalAds.report.backToAd")}</Link>
      </p>
      <header className="app-page-header">
        <h1 className="app-heading-1">
          {step ? <StepCaption step={step} /> : null}
          {t(titleKey)}
        </h1>
        {item.sponsorName ? <p>{t("politicalAds.report.about", { id: item.id, sponsor: item.sponsorName })}</p> : null}
      </header>
      <section className="app-section app-report">
        {layer === 1 ? (
          <Form method="get" className="app-form">
            {reasonMissing ? <ReasonMissingSummary name="reason" /> : null}
            {/* A GET form sends nothing for an unchosen radio group: this says the choice was sent. */}
            <input type="hidden" name="step" value="reason" />
            <ReasonChoice name="reason" error={reasonMissing ? t("politicalAds.report.reasonRequired") : null} />
            <button type="submit" className="app-button">
              {t("politicalAds.report.next")}
            </button>
          </Form>
        ) : layer === 2 ? (
          <>
            <PageComplaintForm reason={reason!} />
            <p>
              <Link to="?">{t("politicalAds.report.otherReason")}</Link>
            </p>
          </>
        ) : (
          <ReportOutcome sent={sent}>
            <p>
              <Link to={detailPath}>{t("politicalAds.report.backToAd")}</Link>
            </p>
          </ReportOutcome>
        )}
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => formPageMeta(matches, "pages.politicalAds.description");
