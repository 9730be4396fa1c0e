/**
 * Reporting an ad (spec 2 "Complaint modal", EU Regulation 2024/900 Art. 15)
 * in three layers: 1 the reason, 2 the form, 3 the result. Without
 * JavaScript the layers are the pages under `/political-ads/{id}/report`;
 * with it, the same layers open in a modal `<dialog>` (focus kept inside,
 * Escape and the exit button close it, focus returns to the report button)
 * and the form is sent to the same route action without leaving the page.
 */
import { getInputProps, getTextareaProps } from "@conform-to/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { useLocalizedPath } from "~/utils/site";
import type { CampaignItem } from "~/validation/campaign";
import { COMPLAINT_FORM_ID, COMPLAINT_LIMITS, COMPLAINT_REASONS, complaintSchema, type ComplaintReason } from "~/validation/complaint";
import { Field, TextareaField } from "../forms";
import { PublicForm, usePublicForm, type PublicFormState } from "../use-public-form";

/** What the report action answers besides a form shown again. */
export type ReportResult = { sent?: boolean; failed?: boolean };

/** Layer 1: the reasons, each explained. `name` differs between the page's GET form and the dialog. */
export function ReasonChoice({ name, chosen, error }: { name: string; chosen?: string | null; error?: string | null }) {
  const { t } = useTranslation();
  return (
    <fieldset className="app-fieldset" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="app-fieldset__legend">{t("politicalAds.report.reasonLegend")}</legend>
      {error ? (
        <p id={`${name}-error`} className="app-field__error">
          <span className="app-visually-hidden">{t("form.errorPrefix")}: </span>
          {error}
        </p>
      ) : null}
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
            <label htmlFor={`${name}-${index}`}>
              {t(`politicalAds.report.reasons.${reason}.title`)}
              <span id={`${name}-${index}-text`} className="app-field__hint">
                {t(`politicalAds.report.reasons.${reason}.text`)}
              </span>
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** Layer 2: who reports, and why. */
export function ComplaintForm({ state, reason, action }: { state: PublicFormState; reason: ComplaintReason; action?: string }) {
  const { t } = useTranslation();
  const { fields } = state;
  return (
    <PublicForm
      state={state}
      action={action}
      labels={{ name: t("politicalAds.report.name"), email: t("politicalAds.report.email"), explanation: t("politicalAds.report.explanation") }}
      submitLabel={t("politicalAds.report.submit")}
      sendingLabel={t("politicalAds.report.sending")}
    >
      <p className="app-report__reason">
        {t("politicalAds.report.reasonChosen")} <strong>{t(`politicalAds.report.reasons.${reason}.title`)}</strong>
      </p>
      <input type="hidden" name="reason" value={reason} />
      {state.fetcher ? <input type="hidden" name="via" value="dialog" /> : null}
      <Field
        meta={fields.name}
        label={t("politicalAds.report.name")}
        timing="input"
        inputProps={{ ...getInputProps(fields.name, { type: "text", ariaAttributes: false }), autoComplete: "name", maxLength: COMPLAINT_LIMITS.name }}
      />
      <Field
        meta={fields.email}
        label={t("politicalAds.report.email")}
        hint={t("politicalAds.report.emailHint")}
        timing="blur"
        inputProps={{ ...getInputProps(fields.email, { type: "email", ariaAttributes: false }), autoComplete: "email", spellCheck: false }}
      />
      <TextareaField
        meta={fields.explanation}
        label={t("politicalAds.report.explanation")}
        hint={t("politicalAds.report.explanationHint")}
        timing="input"
        textareaProps={{ ...getTextareaProps(fields.explanation, { ariaAttributes: false }), maxLength: COMPLAINT_LIMITS.explanation }}
      />
    </PublicForm>
  );
}

/** Layer 3's heading: sent, or not. */
export const reportResultTitle = (sent: boolean) => (sent ? "politicalAds.report.layer3Title" : "politicalAds.report.layer3FailedTitle");

/** Layer 3: received, or the spec's failure text. */
export function ReportOutcome({ sent, children }: { sent: boolean; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={`app-report-outcome app-report-outcome--${sent ? "success" : "error"}`} role={sent ? "status" : "alert"}>
      <p className="app-report-outcome__text">{t(sent ? "politicalAds.report.success" : "politicalAds.report.failure")}</p>
      {children}
    </div>
  );
}

function ReportDialog({ item, open, onClose }: { item: CampaignItem; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher();
  const state = usePublicForm({ id: COMPLAINT_FORM_ID, schema: complaintSchema, fetcher });
  const [reason, setReason] = useState<ComplaintReason | null>(null);
  const [reasonError, setReasonError] = useState(false);
  const result = fetcher.state === "idle" ? (fetcher.data as ReportResult | undefined) : undefined;
  const layer = result?.sent || result?.failed ? 3 : reason ? 2 : 1;
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  // Each new layer is announced by moving the focus to its heading.
  useEffect(() => {
    if (open) headingRef.current?.focus();
  }, [layer, open]);

  // Closed natively first (the `close` event then calls onClose), so the page is no longer inert when the focus returns.
  const closeDialog = () => dialogRef.current?.close();

  const titleKey = layer === 1 ? "politicalAds.report.layer1Title" : layer === 2 ? "politicalAds.report.layer2Title" : reportResultTitle(Boolean(result?.sent));
  return (
    <dialog
      ref={dialogRef}
      className="app-dialog"
      aria-labelledby="report-dialog-title"
      onClose={onClose}
    >
      <div className="app-dialog__header">
        <h2 id="report-dialog-title" ref={headingRef} tabIndex={-1} className="app-dialog__title">
          {t(titleKey)}
        </h2>
        <button type="button" className="app-dialog__close" onClick={closeDialog}>
          <span aria-hidden="true">×</span>
          <span className="app-visually-hidden">{t("politicalAds.report.close")}</span>
        </button>
      </div>
      <p className="app-dialog__context">{t("politicalAds.report.about", { id: item.id, sponsor: item.sponsorName })}</p>
      {layer === 1 ? (
        <div className="app-report__layer">
          <ReasonChoice name="dialog-reason" error={reasonError ? t("validation.option") : null} />
          <button
            type="button"
            className="app-button"
            onClick={(event) => {
              const dialog = event.currentTarget.closest("dialog");
              const chosen = dialog?.querySelector<HTMLInputElement>('input[name="dialog-reason"]:checked');
              // Rendered before the focus moves, so the error is read with the group.
              flushSync(() => setReasonError(!chosen));
              if (chosen) setReason(chosen.value as ComplaintReason);
              // The group is described by its error, so focusing its first choice reads it out.
              else dialog?.querySelector<HTMLInputElement>('input[name="dialog-reason"]')?.focus();
            }}
          >
            {t("politicalAds.report.next")}
          </button>
        </div>
      ) : layer === 2 ? (
        <div className="app-report__layer">
          <ComplaintForm state={state} reason={reason!} action={to(`/political-ads/${encodeURIComponent(item.id)}/report`)} />
          <button type="button" className="app-button app-button--secondary" onClick={() => setReason(null)}>
            {t("politicalAds.report.otherReason")}
          </button>
        </div>
      ) : (
        <ReportOutcome sent={Boolean(result?.sent)}>
          <button type="button" className="app-button" onClick={closeDialog}>
            {t("politicalAds.report.close")}
          </button>
        </ReportOutcome>
      )}
    </dialog>
  );
}

/**
 * The report control of the detail page: a link to the report pages until
 * JavaScript runs, then a button that opens the dialog.
 */
export function ReportAd({ item }: { item: CampaignItem }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const [enhanced, setEnhanced] = useState(false);
  const [open, setOpen] = useState(false);
  const [session, setSession] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => setEnhanced(true), []);
  if (!enhanced) {
    return (
      <Link className="app-button" to={to(`/political-ads/${encodeURIComponent(item.id)}/report`)}>
        {t("politicalAds.report.open")}
      </Link>
    );
  }
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="app-button"
        aria-haspopup="dialog"
        onClick={() => {
          setSession((count) => count + 1);
          setOpen(true);
        }}
      >
        {t("politicalAds.report.open")}
      </button>
      {open ? (
        <ReportDialog
          key={session}
          item={item}
          open={open}
          onClose={() => {
            setOpen(false);
            buttonRef.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}
