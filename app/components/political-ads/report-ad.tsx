/**
 * Reporting an ad (spec 2 "Complaint modal", EU Regulation 2024/900 Art. 15)
 * in three layers: 1 the reason, 2 the form, 3 the result. Without
 * JavaScript the layers are the pages under `/political-ads/{id}/report`;
 * with it, the same layers open in a modal `<dialog>` (focus kept inside,
 * Escape and the exit button close it, focus returns to the report button)
 * and the form is sent to the same route action without leaving the page.
 * Layers 1 and 3 are here; layer 2, with the form's code, is in
 * ./complaint-form.tsx.
 */
import { useEffect, useRef, type ReactNode } from "react";
import { useLocation } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import { COMPLAINT_REASONS } from "~/validation/complaint-reasons";

import { ErrorSummaryBox } from "../error-summary";

/** What the report action answers besides a form shown again. */
export type ReportResult = { sent?: boolean; failed?: boolean };

/**
 * Layer 1: the reasons, each explained. `name` differs between the page's
 * GET form and the dialog. An explanation is the radio's description and
 * not part of its label, so a screen reader reads it once (GOV.UK's radio
 * hints); the error sits in a live region that is always there. A
 * radiogroup, as the shared Fieldset has it: the group says itself that its
 * answer is missing (a radio cannot carry aria-invalid).
 */
export function ReasonChoice({ name, chosen, error }: { name: string; chosen?: string | null; error?: string | null }) {
  const { t } = useTranslation();
  return (
    <fieldset
      className="app-fieldset"
      role="radiogroup"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${name}-error` : undefined}
    >
      <legend className="app-fieldset__legend">{t("politicalAds.report.reasonLegend")}</legend>
      <div className="app-field__error-region" aria-live="polite">
        {error ? (
          <p id={`${name}-error`} className="app-field__error">
            <span className="app-visually-hidden">{t("form.errorPrefix")}: </span>
            {error}
          </p>
        ) : null}
      </div>
      <div className="app-radios">
        {COMPLAINT_REASONS.map((reason, index) => (
          <div className="app-radio app-radio--explained" key={reason}>
            <input
              type="radio"
              id={`${name}-${index}`}
              name={name}
              value={reason}
              className="app-field__radio"
              defaultChecked={chosen === reason}
              aria-describedby={`${name}-${index}-text`}
            />
            <div className="app-radio__text">
              <label htmlFor={`${name}-${index}`}>{t(`politicalAds.report.reasons.${reason}.title`)}</label>
              <p id={`${name}-${index}-text`} className="app-field__hint">
                {t(`politicalAds.report.reasons.${reason}.text`)}
              </p>
            </div>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The page's layer 1 sent without a choice: the same error summary as every
 * other form, linking to the first reason. Focused on arrival: by
 * `autoFocus` without JavaScript, by this effect after each client-side
 * navigation (React does not focus a box for `autoFocus`).
 */
export function ReasonMissingSummary({ name }: { name: string }) {
  const { t } = useTranslation();
  const { key } = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [key]);
  const text = t("form.errorSummaryItem", {
    label: t("politicalAds.report.reasonLegend"),
    message: t("politicalAds.report.reasonRequired"),
  });
  return (
    <ErrorSummaryBox id={`${name}-error-summary-title`} boxRef={ref} items={[{ name, targetId: `${name}-0`, text }]} />
  );
}

/** Layer 3's heading: sent, or not. */
export const reportResultTitle = (sent: boolean) =>
  sent ? "politicalAds.report.layer3Title" : "politicalAds.report.layer3FailedTitle";

/** Layer 3: received, or the spec's failure text. */
export function ReportOutcome({ sent, children }: { sent: boolean; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div
      className={`app-report-outcome app-report-outcome--${sent ? "success" : "error"}`}
      role={sent ? "status" : "alert"}
    >
      <p className="app-report-outcome__text">
        {t(sent ? "politicalAds.report.success" : "politicalAds.report.failure")}
      </p>
      {children}
    </div>
  );
}
