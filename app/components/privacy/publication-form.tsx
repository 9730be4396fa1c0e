import { getInputProps } from "@conform-to/react";

import { useTranslation } from "~/i18n/use-translation";
import { PRIVACY_FORM_IDS } from "~/validation/privacy-form-ids";
import { PRIVACY_LIMITS } from "~/validation/privacy-request";
import { publicationSchema } from "~/validation/rights/publication";

import { DateInput } from "../date-and-phone-inputs";
import { Field } from "../forms";
import { PublicForm, usePublicForm } from "../use-public-form";
import { BrandSelect } from "./brand-select";
import { EmailField, MessageField } from "./request-fields";

/** Removal from a publication (spec 2, Belgium only): the article, its date and link, e-mail and reason. */
export function PublicationForm({ brandNames }: { brandNames: string[] }) {
  const { t } = useTranslation();
  const state = usePublicForm({ id: PRIVACY_FORM_IDS.publication, schema: publicationSchema });
  const { fields } = state;
  return (
    <PublicForm
      state={state}
      labels={{
        brandName: t("privacyRights.form.brand"),
        article: t("privacyRights.form.article"),
        publicationDate: t("privacyRights.form.publicationDate"),
        publicationLink: t("privacyRights.form.publicationLink"),
        email: t("privacyRights.form.email"),
        userMessage: t("privacyRights.form.userMessage"),
      }}
      submitLabel={t("privacyRights.form.submit")}
      sendingLabel={t("privacyRights.form.sending")}
    >
      <BrandSelect meta={fields.brandName} brandNames={brandNames} />
      <Field
        meta={fields.article}
        label={t("privacyRights.form.article")}
        hint={t("privacyRights.form.articleHint")}
        timing="input"
        inputProps={{
          ...getInputProps(fields.article, { type: "text", ariaAttributes: false }),
          maxLength: PRIVACY_LIMITS.article,
        }}
      />
      <DateInput
        meta={fields.publicationDate}
        label={t("privacyRights.form.publicationDate")}
        hint={t("privacyRights.form.publicationDateHint")}
        inputProps={getInputProps(fields.publicationDate, { type: "text", ariaAttributes: false })}
      />
      <Field
        meta={fields.publicationLink}
        label={t("privacyRights.form.optional", { label: t("privacyRights.form.publicationLink") })}
        hint={t("privacyRights.form.publicationLinkHint")}
        timing="blur"
        inputProps={{
          ...getInputProps(fields.publicationLink, { type: "url", ariaAttributes: false }),
          maxLength: PRIVACY_LIMITS.publicationLink,
          spellCheck: false,
        }}
      />
      <EmailField meta={fields.email} />
      <MessageField meta={fields.userMessage} hint={t("privacyRights.publication.messageHint")} />
    </PublicForm>
  );
}
