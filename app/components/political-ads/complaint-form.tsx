import { getInputProps, getTextareaProps } from "@conform-to/react";

import { useTranslation } from "~/i18n/use-translation";
import { COMPLAINT_FORM_ID, COMPLAINT_LIMITS, complaintSchema, type ComplaintReason } from "~/validation/complaint";

import { Field, TextareaField } from "../forms";
import { PublicForm, usePublicForm, type PublicFormState } from "../use-public-form";

/** Layer 2: who reports, and why. */
export function ComplaintForm({
  state,
  reason,
  action,
}: {
  state: PublicFormState;
  reason: ComplaintReason;
  action?: string;
}) {
  const { t } = useTranslation();
  const { fields } = state;
  return (
    <PublicForm
      state={state}
      action={action}
      labels={{
        name: t("politicalAds.report.name"),
        email: t("politicalAds.report.email"),
        explanation: t("politicalAds.report.explanation"),
      }}
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
        inputProps={{
          ...getInputProps(fields.name, { type: "text", ariaAttributes: false }),
          autoComplete: "name",
          maxLength: COMPLAINT_LIMITS.name,
        }}
      />
      <Field
        meta={fields.email}
        label={t("politicalAds.report.email")}
        hint={t("politicalAds.report.emailHint")}
        timing="blur"
        inputProps={{
          ...getInputProps(fields.email, { type: "email", ariaAttributes: false }),
          autoComplete: "email",
          spellCheck: false,
        }}
      />
      <TextareaField
        meta={fields.explanation}
        label={t("politicalAds.report.explanation")}
        hint={t("politicalAds.report.explanationHint")}
        timing="input"
        textareaProps={{
          ...getTextareaProps(fields.explanation, { ariaAttributes: false }),
          maxLength: COMPLAINT_LIMITS.explanation,
        }}
      />
    </PublicForm>
  );
}

/** Layer 2 as a page of its own (without JavaScript, or a link followed). */
export function PageComplaintForm({ reason }: { reason: ComplaintReason }) {
  const state = usePublicForm({ id: COMPLAINT_FORM_ID, schema: complaintSchema });
  return <ComplaintForm state={state} reason={reason} />;
}
