/**
 * The report layers in a modal `<dialog>` (see report-ad.tsx). A module of
 * its own, loaded when the visitor shows the intent to report: the detail
 * page does not carry the form's validation until then.
 */
import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useFetcher } from "react-router";

import { type CampaignItem } from "~/domain/campaign-item";
import { useTranslation } from "~/i18n/use-translation";
import { useLocalizedPath } from "~/utils/site";
import { COMPLAINT_FORM_ID, complaintSchema, type ComplaintReason } from "~/validation/complaint";

import { StepCaption } from "../page-title";
import { usePublicForm } from "../use-public-form";
import { ComplaintForm } from "./complaint-form";
import { ReasonChoice, ReportOutcome, reportResultTitle, type ReportResult } from "./report-ad";

export default function ReportDialog({
  item,
  open,
  onClose,
}: {
  item: CampaignItem;
  open: boolean;
  onClose: () => void;
}) {
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

  const titleKey =
    layer === 1
      ? "politicalAds.report.layer1Title"
      : layer === 2
        ? "politicalAds.report.layer2Title"
        : reportResultTitle(Boolean(result?.sent));
  return (
    <dialog ref={dialogRef} className="app-dialog" aria-labelledby="report-dialog-title" onClose={onClose}>
      <div className="app-dialog__header">
        <h2 id="report-dialog-title" ref={headingRef} tabIndex={-1} className="app-dialog__title">
          {/* The page's title stays the ad's: the step is in the dialog's name, read when the heading takes the focus. */}
          {layer < 3 ? <StepCaption step={{ current: layer, total: 3 }} /> : null}
          {t(titleKey)}
        </h2>
        <button type="button" className="app-dialog__close" onClick={closeDialog}>
          <span aria-hidden="true">×</span>
          <span className="app-visually-hidden">{t("politicalAds.report.close")}</span>
        </button>
      </div>
      <p className="app-dialog__context">
        {t("politicalAds.report.about", { id: item.id, sponsor: item.sponsorName })}
      </p>
      {layer === 1 ? (
        <div className="app-report__layer">
          <ReasonChoice name="dialog-reason" error={reasonError ? t("politicalAds.report.reasonRequired") : null} />
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
          <ComplaintForm
            state={state}
            reason={reason!}
            action={to(`/political-ads/${encodeURIComponent(item.id)}/report`)}
          />
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
