import { getInputProps } from "@conform-to/react";

import { useTranslation } from "~/i18n/use-translation";
import { requestStatusForm } from "~/validation/request-status";

import { Field } from "../forms";
import { PublicForm, usePublicForm } from "../use-public-form";

/** The reference and the address a request was made with; a link is mailed when both match. */
export function StatusForm() {
  const { t } = useTranslation();
  const state = usePublicForm({ id: requestStatusForm.id, schema: requestStatusForm.schema });
  const { fields } = state;
  return (
    <PublicForm
      state={state}
      labels={{ reference: t("privacyRights.status.reference"), email: t("privacyRights.status.email") }}
      submitLabel={t("privacyRights.status.submit")}
      sendingLabel={t("privacyRights.status.sending")}
    >
      <Field
        meta={fields.reference}
        label={t("privacyRights.status.reference")}
        hint={t("privacyRights.status.referenceHint")}
        timing="blur"
        inputProps={{
          ...getInputProps(fields.reference, { type: "text", ariaAttributes: false }),
          autoComplete: "off",
          autoCapitalize: "characters",
          spellCheck: false,
          maxLength: 40,
        }}
      />
      <Field
        meta={fields.email}
        label={t("privacyRights.status.email")}
        hint={t("privacyRights.status.emailHint")}
        timing="blur"
        inputProps={{
          ...getInputProps(fields.email, { type: "email", ariaAttributes: false }),
          autoComplete: "email",
          spellCheck: false,
        }}
      />
    </PublicForm>
  );
}
