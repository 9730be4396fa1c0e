import { useTranslation } from "~/i18n/use-translation";
import { PRIVACY_FORM_IDS } from "~/validation/privacy-form-ids";
import { rectificationSchema } from "~/validation/rights/rectification";

import { PublicForm, usePublicForm } from "../use-public-form";
import { BrandSelect } from "./brand-select";
import { EmailField, MessageField } from "./request-fields";

/** Rectification (spec 2): e-mail, the brand, and what is wrong. */
export function RectificationForm({ brandNames }: { brandNames: string[] }) {
  const { t } = useTranslation();
  const state = usePublicForm({ id: PRIVACY_FORM_IDS.rectification, schema: rectificationSchema });
  const { fields } = state;
  return (
    <PublicForm
      state={state}
      labels={{
        email: t("privacyRights.form.email"),
        brandName: t("privacyRights.form.brand"),
        userMessage: t("privacyRights.form.userMessage"),
      }}
      submitLabel={t("privacyRights.form.submit")}
      sendingLabel={t("privacyRights.form.sending")}
    >
      <EmailField meta={fields.email} />
      <BrandSelect meta={fields.brandName} brandNames={brandNames} />
      <MessageField meta={fields.userMessage} hint={t("privacyRights.rectification.messageHint")} />
    </PublicForm>
  );
}
